import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { Prisma } from '@lib/db';
import { WebhookOutbox } from '../../../webhooks/webhook-outbox';
import { presentLifePolicy } from '../policies/life-policy.presenter';
import type { LifePolicyView } from '../policies/life-policy.repository';

/** The life policy's status webhook, queued in the caller's transaction with the policy as the API shows it. */
@Injectable()
export class LifePolicyEvents {
  constructor(
    private readonly outbox: WebhookOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async statusUpdated(tx: Prisma.TransactionClient, view: LifePolicyView): Promise<void> {
    await this.outbox.enqueue(tx, {
      clientId: view.policy.clientId, family: 'life',
      type: 'policy.status_updated',
      policy: presentLifePolicy(view, this.config.publicBaseUrl),
    });
  }
}
