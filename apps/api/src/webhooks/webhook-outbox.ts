import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { RealClock } from '@lib/common';
import type { Prisma } from '@lib/db';
import { WebhookDeliveryRepository } from './delivery/webhook-delivery.repository';
import { WebhookEndpointRepository } from './endpoints/webhook-endpoint.repository';
import { bodyOf, WebhookEvent } from './webhook-events';

/**
 * The transactional outbox. Call `enqueue` with the transaction that changes the policy: the event is fanned
 * out here, one delivery row per active endpoint of the client subscribed to the event, so it commits (or
 * rolls back) with the change and a later endpoint never receives an older event. The worker sends the rows.
 */
@Injectable()
export class WebhookOutbox {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly clock: RealClock,
  ) {}

  async enqueue(tx: Prisma.TransactionClient, event: WebhookEvent): Promise<string[]> {
    const ids: string[] = [];
    for (const endpoint of await this.endpoints.subscribed(tx, event.clientId, event.type)) ids.push(await this.enqueueTo(tx, endpoint.id, event));
    return ids;
  }

  /** One delivery to one endpoint (the console's test event), whatever it subscribes to. */
  async enqueueTo(tx: Prisma.TransactionClient, endpointId: string, event: WebhookEvent): Promise<string> {
    const now = this.clock.now();
    const id = randomUUID();
    const { body, policyId } = bodyOf(event);
    await this.deliveries.enqueue(tx, {
      id,
      endpointId,
      clientId: event.clientId,
      eventType: event.type,
      policyType: event.family,
      policyId,
      body: JSON.stringify(body),
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    });
    return id;
  }
}
