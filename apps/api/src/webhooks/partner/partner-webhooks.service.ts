import { Injectable } from '@nestjs/common';
import { ApiError, pageSkip, type PageRequest } from '@lib/common';
import type { AuditActor } from '../../platform/admin/audit/audit-trail';
import { presentDelivery, presentDeliveryWithAttempts } from '../delivery/delivery.presenter';
import { ResendDeliveryUseCase } from '../delivery/resend-delivery.use-case';
import { WebhookDeliveryRepository } from '../delivery/webhook-delivery.repository';
import { WebhookEndpointRepository } from '../endpoints/webhook-endpoint.repository';
import { presentEndpoint, WebhookEndpointsService, type EndpointInput } from '../endpoints/webhook-endpoints.service';
import type { WebhookEventType } from '../webhook-events';

/**
 * A partner's own webhook endpoints and deliveries: the console's actions and rules (URL safety, signing,
 * audit), limited to the calling client. Another client's endpoint or delivery is 404.
 */
@Injectable()
export class PartnerWebhooks {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly service: WebhookEndpointsService,
    private readonly deliveryRows: WebhookDeliveryRepository,
    private readonly resend: ResendDeliveryUseCase,
  ) {}

  /** Audited as the client itself. */
  private actor(clientId: string): AuditActor {
    return { staffId: null, email: `client:${clientId}`, role: 'client' };
  }

  private async own(clientId: string, id: string) {
    const e = await this.endpoints.find(id);
    if (!e || e.clientId !== clientId) throw ApiError.notFound('No webhook endpoint of yours with this id.');
    return e;
  }

  async list(clientId: string) {
    return (await this.endpoints.listForClient(clientId)).map(presentEndpoint);
  }

  async show(clientId: string, id: string) {
    return presentEndpoint(await this.own(clientId, id));
  }

  async create(clientId: string, input: Omit<EndpointInput, 'client_id'>) {
    const { endpoint, secret, staticKey } = await this.service.create(this.actor(clientId), { ...input, client_id: clientId });
    return { ...presentEndpoint(endpoint), secret, static_key: staticKey };
  }

  async update(clientId: string, id: string, input: Partial<Omit<EndpointInput, 'client_id'>>) {
    await this.own(clientId, id);
    return presentEndpoint(await this.service.update(this.actor(clientId), id, input));
  }

  async rotate(clientId: string, id: string) {
    await this.own(clientId, id);
    const { endpoint, secret, staticKey } = await this.service.rotate(this.actor(clientId), id);
    return { ...presentEndpoint(endpoint), secret, static_key: staticKey };
  }

  async setActive(clientId: string, id: string, active: boolean) {
    await this.own(clientId, id);
    return presentEndpoint(await this.service.setActive(this.actor(clientId), id, active));
  }

  async sendTest(clientId: string, id: string, event: WebhookEventType) {
    await this.own(clientId, id);
    return this.service.sendTest(this.actor(clientId), id, event);
  }

  async deliveries(clientId: string, f: { endpointId?: string; status?: string }, page: PageRequest) {
    if (f.endpointId) await this.own(clientId, f.endpointId);
    const [rows, total] = await this.deliveryRows.pageForClient(clientId, f, pageSkip(page), page.per_page);
    return { rows: rows.map(presentDelivery), total };
  }

  async delivery(clientId: string, id: string) {
    const found = await this.deliveryRows.findWithAttempts(id, clientId);
    if (!found) throw ApiError.notFound('No webhook delivery of yours with this id.');
    return presentDeliveryWithAttempts(found);
  }

  async replay(clientId: string, id: string) {
    return presentDelivery(await this.resend.execute(this.actor(clientId), id, clientId));
  }
}
