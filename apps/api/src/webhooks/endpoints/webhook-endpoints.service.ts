import { Inject, Injectable } from '@nestjs/common';
import { ApiError, Clock, formatDateTime, formatNullableDateTime } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { Prisma } from '@lib/db';
import type { WebhookEndpoint } from '@lib/db/generated/prisma/client';
import { AuditActor, AuditTrail } from '../../platform/admin/audit/audit-trail';
import { urlPolicyFor, urlProblem } from '../delivery/url-safety';
import { WebhookOutbox } from '../webhook-outbox';
import { WebhookEvent, WebhookEventType } from '../webhook-events';
import { PolicyProducts } from '../../policies/policy-products';
import { fictionalPayment, fictionalPolicy, fictionalRenewal } from './test-policy';
import { WebhookEndpointRepository } from './webhook-endpoint.repository';
import { ApiClientRepository } from '../../platform/clients/api-client.repository';

export function presentEndpoint(e: WebhookEndpoint) {
  return {
    id: e.id,
    client_id: e.clientId,
    url: e.url,
    description: e.description,
    events: e.events,
    active: e.active,
    secret_version: e.secretVersion,
    disabled_at: formatNullableDateTime(e.disabledAt),
    created_at: formatDateTime(e.createdAt),
    updated_at: formatDateTime(e.updatedAt),
  };
}

/** What the audit log keeps of an endpoint: never the secret, the static key or their sealed forms. */
function summary(e: WebhookEndpoint) {
  return { client_id: e.clientId, url: e.url, events: e.events, active: e.active, secret_version: e.secretVersion };
}

export interface EndpointInput {
  client_id: string;
  url: string;
  events: WebhookEventType[];
  description?: string | null;
}

/** Staff actions on webhook endpoints, each audited in the transaction of its change. */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    private readonly clients: ApiClientRepository,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly outbox: WebhookOutbox,
    private readonly audit: AuditTrail,
    private readonly products: PolicyProducts,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async require(id: string, tx?: Prisma.TransactionClient): Promise<WebhookEndpoint> {
    const e = await this.endpoints.find(id, tx);
    if (!e) throw ApiError.notFound(`No webhook endpoint with id ${id}.`);
    return e;
  }

  /** Private, loopback and link-local targets are refused in sandbox as in production (loopback only where configured); production takes https only. */
  private async checkUrl(url: string) {
    const problem = await urlProblem(url, urlPolicyFor(this.config));
    if (problem) throw ApiError.field('url', problem);
  }

  async create(actor: AuditActor, input: EndpointInput) {
    await this.checkUrl(input.url);
    const client = /^[0-9a-f-]{36}$/i.test(input.client_id) ? await this.clients.findById(input.client_id) : null;
    if (!client) throw ApiError.field('client_id', 'No API client with this id.');
    return this.audit.run(actor, async (tx) => {
      const created = await this.endpoints.create(tx, {
        clientId: client.id,
        url: input.url,
        events: unique(input.events),
        description: input.description ?? null,
        at: this.clock.now(),
      });
      return {
        result: created,
        audit: { action: 'webhook-endpoints.create', resource: 'webhook-endpoints', resourceId: created.endpoint.id, after: summary(created.endpoint) },
      };
    });
  }

  async update(actor: AuditActor, id: string, input: Partial<Omit<EndpointInput, 'client_id'>>) {
    if (input.url !== undefined) await this.checkUrl(input.url);
    return this.audit.run(actor, async (tx) => {
      const before = await this.require(id, tx);
      const after = await this.endpoints.update(tx, id, {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: unique(input.events) } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        updatedAt: this.clock.now(),
      });
      return {
        result: after,
        audit: { action: 'webhook-endpoints.update', resource: 'webhook-endpoints', resourceId: id, before: summary(before), after: summary(after) },
      };
    });
  }

  async rotate(actor: AuditActor, id: string) {
    return this.audit.run(actor, async (tx) => {
      const before = await this.require(id, tx);
      const rotated = await this.endpoints.rotate(tx, before, this.clock.now());
      return {
        result: rotated,
        audit: {
          action: 'webhook-endpoints.rotate_secret',
          resource: 'webhook-endpoints',
          resourceId: id,
          before: summary(before),
          after: summary(rotated.endpoint),
        },
      };
    });
  }

  async setActive(actor: AuditActor, id: string, active: boolean) {
    return this.audit.run(actor, async (tx) => {
      const before = await this.require(id, tx);
      const now = this.clock.now();
      const after = await this.endpoints.update(tx, id, { active, disabledAt: active ? null : now, updatedAt: now });
      return {
        result: after,
        audit: {
          action: active ? 'webhook-endpoints.activate' : 'webhook-endpoints.deactivate',
          resource: 'webhook-endpoints',
          resourceId: id,
          before: summary(before),
          after: summary(after),
        },
      };
    });
  }

  /** A real event to this endpoint only: the client's latest policy as Show Policy returns it (motor, through the product port), or a fictional one. */
  async sendTest(actor: AuditActor, id: string, type: WebhookEventType) {
    return this.audit.run(actor, async (tx) => {
      const endpoint = await this.require(id, tx);
      if (!endpoint.active) throw new ApiError('CONFLICT', 'The endpoint is disabled: enable it before sending a test event.');
      const now = this.clock.now();
      const policy = async () =>
        (await this.products.samplePolicy(tx, endpoint.clientId, this.config.publicBaseUrl)) ?? fictionalPolicy(this.config.publicBaseUrl, now);
      const event: WebhookEvent =
        type === 'payment.expired'
          ? { clientId: endpoint.clientId, family: null, type, payment: fictionalPayment(now) }
          : type === 'policy.renewal_due'
            ? { clientId: endpoint.clientId, family: null, type, policy: await policy(), renewal: fictionalRenewal(now) }
            : { clientId: endpoint.clientId, family: null, type, policy: await policy() };
      const deliveryId = await this.outbox.enqueueTo(tx, endpoint.id, event);
      return {
        result: { delivery_id: deliveryId },
        audit: { action: 'webhook-endpoints.send_test', resource: 'webhook-endpoints', resourceId: id, after: { delivery_id: deliveryId, event: type } },
      };
    });
  }
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
