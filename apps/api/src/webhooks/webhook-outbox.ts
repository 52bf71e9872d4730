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
    return this.enqueueMany(tx, [event]);
  }

  /**
   * Several events at once (a batch of due events): the endpoints are read once per client and event type, and the
   * deliveries written in one statement, in the events' order.
   */
  async enqueueMany(tx: Prisma.TransactionClient, events: WebhookEvent[]): Promise<string[]> {
    const subscribed = new Map<string, Promise<{ id: string }[]>>();
    const rows: Prisma.WebhookDeliveryCreateManyInput[] = [];
    for (const event of events) {
      const key = `${event.clientId} ${event.type}`;
      if (!subscribed.has(key)) subscribed.set(key, this.endpoints.subscribed(tx, event.clientId, event.type));
      for (const endpoint of await subscribed.get(key)!) rows.push(this.delivery(endpoint.id, event));
    }
    await this.deliveries.enqueueMany(tx, rows);
    return rows.map((r) => r.id!);
  }

  /** One delivery to one endpoint (the console's test event), whatever it subscribes to. */
  async enqueueTo(tx: Prisma.TransactionClient, endpointId: string, event: WebhookEvent): Promise<string> {
    const row = this.delivery(endpointId, event);
    await this.deliveries.enqueueMany(tx, [row]);
    return row.id!;
  }

  private delivery(endpointId: string, event: WebhookEvent): Prisma.WebhookDeliveryCreateManyInput {
    const now = this.clock.now();
    const { body, policyId } = bodyOf(event);
    return {
      id: randomUUID(),
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
    };
  }
}
