import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { Prisma } from '@lib/db';
import type { Payment, TplPolicy } from '@lib/db/generated/prisma/client';
import { FileStore } from '../../files/file-store';
import { WebhookOutbox } from '../../webhooks/webhook-outbox';
import { presentTplPolicy } from '../tpl-policy.presenter';

/** The TPL policy's status webhook, queued in the caller's transaction with the policy as the API shows it. */
@Injectable()
export class TplPolicyEvents {
  constructor(
    private readonly outbox: WebhookOutbox,
    private readonly files: FileStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async statusUpdated(tx: Prisma.TransactionClient, policy: TplPolicy, payment: Payment | null): Promise<void> {
    const istimarah = this.files.urlOf({ id: policy.istimarahFileId, contentType: policy.istimarahType });
    await this.outbox.enqueue(tx, { clientId: policy.clientId, type: 'policy.status_updated', policy: presentTplPolicy(policy, payment, this.config.publicBaseUrl, istimarah) });
  }
}
