import { Injectable } from '@nestjs/common';
import { Prisma } from '@lib/db';
import { WebhookOutbox } from '../../../webhooks/webhook-outbox';
import { presentMedicalPolicy } from '../policies/medical-policy.presenter';
import type { MedicalPolicy } from '../policies/medical-policy.repository';

/**
 * The medical policy's webhook event, queued in the caller's transaction with the policy exactly as
 * Show Policy presents it: status 0 at issuance, 1 once paid and issued by the insurer, 2 when cancelled.
 */
@Injectable()
export class MedicalPolicyEvents {
  constructor(private readonly outbox: WebhookOutbox) {}

  async statusUpdated(tx: Prisma.TransactionClient, policy: MedicalPolicy): Promise<void> {
    await this.outbox.enqueue(tx, { clientId: policy.clientId, family: 'medical', type: 'policy.status_updated', policy: presentMedicalPolicy(policy) });
  }
}
