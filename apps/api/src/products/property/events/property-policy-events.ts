import { Injectable } from '@nestjs/common';
import { Prisma } from '@lib/db';
import type { Payment, PropertyPolicy } from '@lib/db/generated/prisma/client';
import { WebhookOutbox } from '../../../webhooks/webhook-outbox';
import { PropertyPolicyViews } from '../policies/property-policy-views';

/**
 * The property policy's webhook events, queued in the caller's transaction with the policy exactly as
 * Show Policy presents it: status 0 with the payment link at issuance, status 1 after payment (with the
 * insurer's policy id), then documents, as for motor.
 */
@Injectable()
export class PropertyPolicyEvents {
  constructor(
    private readonly outbox: WebhookOutbox,
    private readonly views: PropertyPolicyViews,
  ) {}

  async statusUpdated(tx: Prisma.TransactionClient, policy: PropertyPolicy, payment: Payment | null): Promise<void> {
    await this.outbox.enqueue(tx, { clientId: policy.clientId, family: 'property', type: 'policy.status_updated', policy: await this.payload(tx, policy, payment) });
  }

  async documentsUpdated(tx: Prisma.TransactionClient, policy: PropertyPolicy): Promise<void> {
    await this.outbox.enqueue(tx, { clientId: policy.clientId, family: 'property', type: 'policy.documents_updated', policy: await this.payload(tx, policy, null) });
  }

  private async payload(tx: Prisma.TransactionClient, policy: PropertyPolicy, payment: Payment | null) {
    const documents = await tx.propertyDocument.findMany({ where: { policyId: policy.id }, orderBy: { createdAt: 'asc' } });
    return this.views.present({ policy, payment, documents });
  }
}
