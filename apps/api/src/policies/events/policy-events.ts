import { Injectable } from '@nestjs/common';
import type { Prisma } from '@lib/db';
import type { PolicyWebhookEvent } from '../../webhooks/webhook-events';
import { WebhookOutbox } from '../../webhooks/webhook-outbox';

/** A policy as its webhooks report it: its family, its client, and exactly the object its Show Policy answers now. */
export interface ShownPolicy {
  /** The family's name in payments (`payments.policy_type`), so staff see the deliveries on the policy's page. */
  family: string;
  clientId: string;
  policy: { id: number } & Record<string, unknown>;
}

/**
 * The policy webhook events of every family, queued in the caller's transaction so they commit (or roll back)
 * with the change. The family presents the policy (its own Show Policy object); the events and their envelope
 * are the spec's, the same for all: status 0 with the payment link at issuance, 1 once paid and issued, 2 once
 * cancelled, then the documents once stored.
 */
@Injectable()
export class PolicyEvents {
  constructor(private readonly outbox: WebhookOutbox) {}

  /** After a status change, with the policy as updated in `tx`. */
  statusUpdated(tx: Prisma.TransactionClient, shown: ShownPolicy): Promise<void> {
    return this.queue(tx, 'policy.status_updated', shown);
  }

  /** The same for several policies changed together (a batch of expiries): their deliveries written at once. */
  async statusesUpdated(tx: Prisma.TransactionClient, shown: ShownPolicy[]): Promise<void> {
    await this.outbox.enqueueMany(
      tx,
      shown.map(({ family, clientId, policy }) => ({ clientId, family, type: 'policy.status_updated' as const, policy })),
    );
  }

  /** After the policy's documents (policy, invoice) are stored and referenced. */
  documentsUpdated(tx: Prisma.TransactionClient, shown: ShownPolicy): Promise<void> {
    return this.queue(tx, 'policy.documents_updated', shown);
  }

  /** A policy's end is near (the opt-in `policy.renewal_due`): the policy as shown and what re-quoting it needs. */
  async renewalDue(tx: Prisma.TransactionClient, { family, clientId, policy }: ShownPolicy, renewal: Record<string, unknown>): Promise<void> {
    await this.outbox.enqueue(tx, { clientId, family, type: 'policy.renewal_due', policy, renewal });
  }

  private async queue(tx: Prisma.TransactionClient, type: PolicyWebhookEvent['type'], { family, clientId, policy }: ShownPolicy): Promise<void> {
    await this.outbox.enqueue(tx, { clientId, family, type, policy });
  }
}
