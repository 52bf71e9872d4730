import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { Prisma } from '@lib/db';
import type { MotorPolicy, Payment } from '@lib/db/generated/prisma/client';
import { WebhookOutbox } from '../../../webhooks/webhook-outbox';
import { presentMotorPolicy } from './motor-policy.presenter';

/**
 * The motor policy's webhook events, queued in the caller's transaction with the policy exactly as Show
 * Policy presents it. The real service's order: status 0 with the payment link (issuance), status 1 with the
 * provider policy id (payment confirmed), then documents.
 */
@Injectable()
export class MotorPolicyEvents {
  constructor(
    private readonly outbox: WebhookOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** After a status change, with the policy as updated in `tx` and its pending payment (null once paid). */
  statusUpdated(tx: Prisma.TransactionClient, policy: MotorPolicy, pendingPayment: Payment | null): Promise<string[]> {
    return this.outbox.enqueue(tx, { clientId: policy.clientId, family: 'motor', type: 'policy.status_updated', policy: presentMotorPolicy(policy, pendingPayment, this.config.publicBaseUrl, true) });
  }

  /** After the policy documents are attached. */
  documentsUpdated(tx: Prisma.TransactionClient, policy: MotorPolicy, pendingPayment: Payment | null = null): Promise<string[]> {
    return this.outbox.enqueue(tx, { clientId: policy.clientId, family: 'motor', type: 'policy.documents_updated', policy: presentMotorPolicy(policy, pendingPayment, this.config.publicBaseUrl, true) });
  }
}
