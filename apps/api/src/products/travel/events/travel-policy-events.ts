import { Injectable } from '@nestjs/common';
import { Prisma } from '@lib/db';
import { WebhookOutbox } from '../../../webhooks/webhook-outbox';
import { TravelPolicyPresenter } from '../policies/travel-policy.view';
import type { TravelPolicyView } from '../policies/travel-policy.repository';

/** Travel's webhooks, queued in the caller's transaction with the policy as Show Policy answers it. */
@Injectable()
export class TravelPolicyEvents {
  constructor(
    private readonly outbox: WebhookOutbox,
    private readonly presenter: TravelPolicyPresenter,
  ) {}

  async statusUpdated(tx: Prisma.TransactionClient, view: TravelPolicyView): Promise<void> {
    await this.outbox.enqueue(tx, { clientId: view.policy.clientId, family: 'travel', type: 'policy.status_updated', policy: this.presenter.present(view) });
  }

  async documentsUpdated(tx: Prisma.TransactionClient, view: TravelPolicyView): Promise<void> {
    await this.outbox.enqueue(tx, { clientId: view.policy.clientId, family: 'travel', type: 'policy.documents_updated', policy: this.presenter.present(view) });
  }
}
