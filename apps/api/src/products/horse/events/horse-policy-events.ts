import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { Prisma } from '@lib/db';
import { WebhookOutbox } from '../../../webhooks/webhook-outbox';
import { presentHorsePolicy } from '../policies/horse-policy.presenter';
import type { HorsePolicyView } from '../policies/horse-policy.repository';

/** The horse policy's status webhook, queued in the caller's transaction with the policy as the API shows it. */
@Injectable()
export class HorsePolicyEvents {
  constructor(
    private readonly outbox: WebhookOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async statusUpdated(tx: Prisma.TransactionClient, view: HorsePolicyView): Promise<void> {
    await this.outbox.enqueue(tx, {
      clientId: view.policy.clientId, family: 'horse',
      type: 'policy.status_updated',
      policy: presentHorsePolicy(view, this.config.publicBaseUrl),
    });
  }
}
