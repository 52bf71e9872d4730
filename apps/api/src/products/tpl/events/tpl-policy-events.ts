import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { Prisma } from '@lib/db';
import type { Payment, TplPolicy } from '@lib/db/generated/prisma/client';
import { FileStore } from '../../../platform/files/file-store';
import { WebhookOutbox } from '../../../webhooks/webhook-outbox';
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
    await this.outbox.enqueue(tx, { clientId: policy.clientId, family: 'tpl', type: 'policy.status_updated', policy: this.present(policy, payment) });
  }

  /** After the certificate and invoice are stored (`policy_url`, `invoice_url`). */
  async documentsUpdated(tx: Prisma.TransactionClient, policy: TplPolicy): Promise<void> {
    await this.outbox.enqueue(tx, { clientId: policy.clientId, family: 'tpl', type: 'policy.documents_updated', policy: this.present(policy, null) });
  }

  private present(policy: TplPolicy, payment: Payment | null) {
    return presentTplPolicy(policy, payment, this.config.publicBaseUrl, this.files.urlOf({ id: policy.istimarahFileId, contentType: policy.istimarahType }));
  }
}
