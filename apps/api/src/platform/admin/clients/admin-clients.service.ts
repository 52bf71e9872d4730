import { Injectable } from '@nestjs/common';
import { ApiError, Clock, formatDateTime, ProductCode } from '@lib/common';
import type { Prisma } from '@lib/db';
import type { ApiClientContact } from '@lib/db/generated/prisma/client';
import { ApiClient, ApiClientRepository } from '../../clients/api-client.repository';
import { ClientsService } from '../../clients/clients.service';
import { ClientAuthStateRepository } from '../../auth/client-auth-state.repository';
import { AuditActor, AuditTrail, Tx } from '../audit/audit-trail';
import { personalDataFor } from '../pii/personal-data';
import type { AdminClientOut } from './admin-clients.response';

export interface ClientContact {
  contact_name?: string | null;
  contact_email?: string | null;
  contact_phone?: string | null;
}

/** What the audit log keeps of a client: never the secret or its hash. */
function summary(c: ApiClient, contact?: ClientContact | null): Record<string, unknown> {
  return {
    name: c.name,
    active: c.active,
    products: c.products,
    secret_version: c.secretVersion,
    ...(contact
      ? { contact_name: contact.contact_name ?? null, contact_email: contact.contact_email ?? null, contact_phone: contact.contact_phone ?? null }
      : {}),
  };
}

/**
 * Per field: the client's own name and products are business data everyone reading clients may see;
 * the contact's email and phone are personal data, shown in full only to roles with read_pii on clients.
 */
export function presentClient(c: ApiClient, contact: ApiClientContact | null | undefined, role: string): AdminClientOut {
  const mask = personalDataFor(role, 'clients');
  return {
    id: c.id,
    name: c.name,
    active: c.active,
    products: c.products,
    secret_version: c.secretVersion,
    secret_rotated_at: formatDateTime(c.secretRotatedAt),
    contact_name: contact?.contactName ?? null,
    contact_email: mask(contact?.contactEmail),
    contact_phone: mask(contact?.contactPhone),
    created_at: formatDateTime(c.createdAt),
    updated_at: formatDateTime(c.updatedAt),
  };
}

export type PresentedClient = ReturnType<typeof presentClient>;

/**
 * The console's client actions: the partner-API ClientsService, run inside the audit transaction
 * (a ClientsService over the transaction's repository), so the change and its audit row commit together.
 */
@Injectable()
export class AdminClientsService {
  constructor(
    private readonly clientRows: ApiClientRepository,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
    private readonly authState: ClientAuthStateRepository,
  ) {}

  private inTx(tx: Tx) {
    const repo = ApiClientRepository.inTransaction(tx);
    return { repo, clients: new ClientsService(repo, this.clock) };
  }

  /** A console page of clients with their contacts, and the total: three statements whatever the page size. */
  page(
    f: { ids?: string[]; active?: boolean; product?: string; q?: string },
    orderBy: Prisma.ApiClientOrderByWithRelationInput[],
    skip: number,
    take: number,
  ): Promise<[Array<{ client: ApiClient; contact: ApiClientContact | undefined }>, number]> {
    return this.clientRows.pageWithContacts(f, orderBy, skip, take);
  }

  find(id: string): Promise<ApiClient | null> {
    return this.clientRows.findById(id);
  }

  contactOf(id: string): Promise<ApiClientContact | null> {
    return this.clientRows.contactOf(id);
  }

  async create(actor: AuditActor, input: { name: string; products: ProductCode[] } & ClientContact) {
    return this.audit.run(actor, async (tx) => {
      const { repo, clients } = this.inTx(tx);
      const { client, secret } = await clients.create(input.name, input.products);
      const contact = await this.saveContact(repo, client.id, input);
      return {
        result: { client, contact, secret },
        audit: { action: 'clients.create', resource: 'clients', resourceId: client.id, after: summary(client, input) },
      };
    });
  }

  async update(actor: AuditActor, id: string, input: { name?: string } & ClientContact) {
    return this.audit.run(actor, async (tx) => {
      const { repo } = this.inTx(tx);
      const before = await this.require(repo, id);
      const beforeContact = await repo.contactOf(id);
      let client = before;
      if (input.name !== undefined && input.name.trim() !== before.name) {
        const trimmed = input.name.trim();
        if (!trimmed) throw ApiError.field('name', 'The name must be 1 to 255 characters.');
        client = await repo.rename(id, trimmed);
      }
      const contact = await this.saveContact(repo, id, { ...contactFields(beforeContact), ...input });
      return {
        result: { client, contact },
        audit: {
          action: 'clients.update',
          resource: 'clients',
          resourceId: id,
          before: summary(before, contactFields(beforeContact)),
          after: summary(client, contactFields(contact)),
        },
      };
    });
  }

  /** Tokens issued before are refused from this instance's next request on (see ClientAuthStateRepository.forget). */
  async rotateSecret(actor: AuditActor, id: string) {
    const rotated = await this.change(actor, id, 'clients.rotate_secret', (clients) => clients.rotateSecret(id));
    this.authState.forget(id);
    return rotated;
  }

  enrol(actor: AuditActor, id: string, products: ProductCode[]) {
    return this.change(actor, id, 'clients.enrol', async (clients) => ({ client: await clients.enrol(id, products) }));
  }

  unenrol(actor: AuditActor, id: string, products: ProductCode[]) {
    return this.change(actor, id, 'clients.unenrol', async (clients) => ({ client: await clients.unenrol(id, products) }));
  }

  setActive(actor: AuditActor, id: string, active: boolean) {
    return this.change(actor, id, active ? 'clients.activate' : 'clients.deactivate', async (clients) => ({ client: await clients.setActive(id, active) }));
  }

  private change<R extends { client: ApiClient }>(actor: AuditActor, id: string, action: string, work: (clients: ClientsService) => Promise<R>): Promise<R> {
    return this.audit.run(actor, async (tx) => {
      const { repo, clients } = this.inTx(tx);
      const before = await this.require(repo, id);
      const result = await work(clients);
      return { result, audit: { action, resource: 'clients', resourceId: id, before: summary(before), after: summary(result.client) } };
    });
  }

  private async require(repo: ApiClientRepository, id: string): Promise<ApiClient> {
    const client = /^[0-9a-f-]{36}$/i.test(id) ? await repo.findById(id) : null;
    if (!client) throw ApiError.notFound(`No API client with id ${id}.`);
    return client;
  }

  private saveContact(repo: ApiClientRepository, clientId: string, c: ClientContact): Promise<ApiClientContact | null> {
    return repo.saveContact(clientId, {
      contactName: c.contact_name ?? null,
      contactEmail: c.contact_email ?? null,
      contactPhone: c.contact_phone ?? null,
      updatedAt: this.clock.now(),
    });
  }
}

function contactFields(c: ApiClientContact | null): ClientContact {
  return { contact_name: c?.contactName ?? null, contact_email: c?.contactEmail ?? null, contact_phone: c?.contactPhone ?? null };
}
