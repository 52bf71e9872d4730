import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { Prisma, PrismaService } from '@lib/db';
import type { WebhookEndpoint } from '@lib/db/generated/prisma/client';
import { newSigningSecret, newStaticKey } from '../delivery/webhook-signature';
import { resolveWebhookSecretKey, SecretBox } from './secret-box';

type Db = PrismaService | Prisma.TransactionClient;

export interface EndpointSecrets {
  secret: string;
  staticKey: string;
}

/** Webhook endpoints and their sealed secrets; the only place that seals or opens them. */
@Injectable()
export class WebhookEndpointRepository {
  private readonly box: SecretBox;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.box = new SecretBox(resolveWebhookSecretKey(config));
  }

  /** A console page of endpoints and the total. */
  adminPage(
    f: { ids?: string[]; clientId?: string; active?: boolean; q?: string },
    orderBy: Prisma.WebhookEndpointOrderByWithRelationInput[],
    skip: number,
    take: number,
  ): Promise<[WebhookEndpoint[], number]> {
    const where: Prisma.WebhookEndpointWhereInput = {
      ...(f.ids ? { id: { in: f.ids } } : {}),
      ...(f.clientId ? { clientId: f.clientId } : {}),
      ...(f.active !== undefined ? { active: f.active } : {}),
      ...(f.q ? { url: { contains: f.q, mode: 'insensitive' as const } } : {}),
    };
    return Promise.all([this.prisma.webhookEndpoint.findMany({ where, orderBy, skip, take }), this.prisma.webhookEndpoint.count({ where })]);
  }

  /** A client's endpoints, newest first. */
  listForClient(clientId: string): Promise<WebhookEndpoint[]> {
    return this.prisma.webhookEndpoint.findMany({ where: { clientId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  }

  find(id: string, db: Db = this.prisma): Promise<WebhookEndpoint | null> {
    return /^[0-9a-f-]{36}$/i.test(id) ? db.webhookEndpoint.findUnique({ where: { id } }) : Promise.resolve(null);
  }

  async create(
    tx: Db,
    input: { clientId: string; url: string; events: string[]; description: string | null; at: Date },
  ): Promise<{ endpoint: WebhookEndpoint } & EndpointSecrets> {
    const secrets = { secret: newSigningSecret(), staticKey: newStaticKey() };
    const endpoint = await tx.webhookEndpoint.create({
      data: {
        id: randomUUID(),
        clientId: input.clientId,
        url: input.url,
        description: input.description,
        events: input.events,
        secretSealed: this.box.seal(secrets.secret),
        staticKeySealed: this.box.seal(secrets.staticKey),
        secretVersion: 1,
        active: true,
        createdAt: input.at,
        updatedAt: input.at,
      },
    });
    return { endpoint, ...secrets };
  }

  /** New signing secret and static key; the old ones stop being used from the next attempt on. */
  async rotate(tx: Db, endpoint: WebhookEndpoint, at: Date): Promise<{ endpoint: WebhookEndpoint } & EndpointSecrets> {
    const secrets = { secret: newSigningSecret(), staticKey: newStaticKey() };
    const updated = await tx.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: {
        secretSealed: this.box.seal(secrets.secret),
        staticKeySealed: this.box.seal(secrets.staticKey),
        secretVersion: endpoint.secretVersion + 1,
        updatedAt: at,
      },
    });
    return { endpoint: updated, ...secrets };
  }

  update(tx: Db, id: string, data: Prisma.WebhookEndpointUpdateInput): Promise<WebhookEndpoint> {
    return tx.webhookEndpoint.update({ where: { id }, data });
  }

  /** The active endpoints of a client that subscribe to `event`. */
  subscribed(tx: Db, clientId: string, event: string): Promise<WebhookEndpoint[]> {
    return tx.webhookEndpoint.findMany({ where: { clientId, active: true, events: { has: event } }, orderBy: { createdAt: 'asc' } });
  }

  secretsOf(endpoint: WebhookEndpoint): EndpointSecrets {
    return { secret: this.box.open(endpoint.secretSealed), staticKey: this.box.open(endpoint.staticKeySealed) };
  }
}
