import { Injectable } from '@nestjs/common';
import { ApiError, pageSkip, type PageRequest } from '@lib/common';
import type { AuditActor } from '../../platform/admin/audit/audit-trail';
import { presentDelivery, presentPartnerDelivery } from '../delivery/delivery.presenter';
import { ResendDeliveryUseCase } from '../delivery/resend-delivery.use-case';
import { WebhookDeliveryRepository } from '../delivery/webhook-delivery.repository';
import { WebhookEndpointRepository } from '../endpoints/webhook-endpoint.repository';
import { presentEndpoint, WebhookEndpointsService, type EndpointInput } from '../endpoints/webhook-endpoints.service';
import type { WebhookEventType } from '../webhook-events';

/**
 * Whose webhooks and who acts: the client every read and change is limited to, and the audit actor of a change.
 * The sandbox API acts as the client itself (clientActor); the portal as the signed-in partner user.
 */
export interface PartnerScope {
  clientId: string;
  actor: AuditActor;
}

/** The audit actor of a partner API call (a bearer token names a client, not a person). */
export function clientActor(clientId: string): AuditActor {
  return { staffId: null, email: `client:${clientId}`, role: 'client' };
}

export type EndpointChange = Partial<Omit<EndpointInput, 'client_id'>> & { active?: boolean };

/**
 * A partner's own webhook endpoints and deliveries: the console's actions and rules (URL safety, signing,
 * audit), limited to the scope's client. Another client's endpoint or delivery is 404. The sandbox API's
 * webhook tools and the portal's Webhooks pages both run through this one class.
 */
@Injectable()
export class PartnerWebhooks {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly service: WebhookEndpointsService,
    private readonly deliveryRows: WebhookDeliveryRepository,
    private readonly resend: ResendDeliveryUseCase,
  ) {}

  private async own(clientId: string, id: string) {
    const e = await this.endpoints.find(id);
    if (!e || e.clientId !== clientId) throw ApiError.notFound('No webhook endpoint of yours with this id.');
    return e;
  }

  async list(scope: PartnerScope) {
    return (await this.endpoints.listForClient(scope.clientId)).map(presentEndpoint);
  }

  async show(scope: PartnerScope, id: string) {
    return presentEndpoint(await this.own(scope.clientId, id));
  }

  async create(scope: PartnerScope, input: Omit<EndpointInput, 'client_id'>) {
    const { endpoint, secret, staticKey } = await this.service.create(scope.actor, { ...input, client_id: scope.clientId });
    return { ...presentEndpoint(endpoint), secret, static_key: staticKey };
  }

  /** url, events and description in one audited change, then `active` (if it differs) in another, as the console's buttons do. */
  async change(scope: PartnerScope, id: string, input: EndpointChange) {
    const { active, ...fields } = input;
    const current = await this.own(scope.clientId, id);
    let result = Object.keys(fields).length ? await this.service.update(scope.actor, id, fields) : current;
    if (active !== undefined && active !== result.active) result = await this.service.setActive(scope.actor, id, active);
    return presentEndpoint(result);
  }

  async setActive(scope: PartnerScope, id: string, active: boolean) {
    await this.own(scope.clientId, id);
    return presentEndpoint(await this.service.setActive(scope.actor, id, active));
  }

  async rotate(scope: PartnerScope, id: string) {
    await this.own(scope.clientId, id);
    const { endpoint, secret, staticKey } = await this.service.rotate(scope.actor, id);
    return { ...presentEndpoint(endpoint), secret, static_key: staticKey };
  }

  async sendTest(scope: PartnerScope, id: string, event: WebhookEventType) {
    await this.own(scope.clientId, id);
    return this.service.sendTest(scope.actor, id, event);
  }

  async deliveries(scope: PartnerScope, f: { endpointId?: string; status?: string }, page: PageRequest) {
    if (f.endpointId) await this.own(scope.clientId, f.endpointId);
    const [rows, total] = await this.deliveryRows.pageForClient(scope.clientId, f, pageSkip(page), page.per_page);
    return { rows: rows.map(presentDelivery), total };
  }

  async delivery(scope: PartnerScope, id: string) {
    const found = await this.deliveryRows.findWithAttempts(id, scope.clientId);
    if (!found) throw ApiError.notFound('No webhook delivery of yours with this id.');
    return presentPartnerDelivery(found);
  }

  /** Due again now with the same webhook-id (receivers deduplicate on it). */
  async replay(scope: PartnerScope, id: string) {
    return presentDelivery(await this.resend.execute(scope.actor, id, scope.clientId));
  }

  /** Several of the client's deliveries at once, all or none (see ResendDeliveryUseCase.executeMany). */
  async replayMany(scope: PartnerScope, ids: string[]) {
    return (await this.resend.executeMany(scope.actor, ids, null, scope.clientId)).map(presentDelivery);
  }
}
