import { Injectable } from '@nestjs/common';
import { ApiError, RealClock } from '@lib/common';
import { AuditActor, AuditChange, AuditTrail } from '../../platform/admin/audit/audit-trail';
import type { WebhookDelivery } from '@lib/db/generated/prisma/client';
import { WebhookDeliveryRepository } from './webhook-delivery.repository';

/** Makes a delivery due again now (same webhook-id), audited; staff for any client, a partner for its own (`clientId`). */
@Injectable()
export class ResendDeliveryUseCase {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly audit: AuditTrail,
    private readonly clock: RealClock,
  ) {}

  execute(actor: AuditActor, id: string, clientId: string | null) {
    return this.audit.run(actor, async (tx) => {
      const now = this.clock.now();
      const row = await this.deliveries.lockForResend(tx, id, clientId);
      if (!row) throw ApiError.notFound(`No webhook delivery with id ${id}.`);
      if (row.lockedUntil && row.lockedUntil > now) throw new ApiError('CONFLICT', 'An attempt of this delivery is in flight; try again when it has finished.');
      const after = await this.deliveries.resend(tx, row.id, now);
      return { result: after, audit: resent(row, after, null) };
    });
  }

  /**
   * Several deliveries at once (the console's and the portal's bulk action), all or none: an unknown id (or, for a
   * partner, another client's) is 404 and one with an attempt in flight 409, each naming the delivery, and then
   * nothing is resent. One audit row each, with the reason staff give.
   */
  executeMany(actor: AuditActor, ids: string[], reason: string | null, clientId: string | null) {
    return this.audit.runAll(actor, async (tx) => {
      const now = this.clock.now();
      const done: Array<{ before: WebhookDelivery; after: WebhookDelivery }> = [];
      // one lock order for every caller: two bulk resends of overlapping selections cannot deadlock
      for (const id of [...new Set(ids)].sort()) {
        const row = await this.deliveries.lockForResend(tx, id, clientId);
        if (!row) throw ApiError.notFound(`No webhook delivery with id ${id}.`);
        if (row.lockedUntil && row.lockedUntil > now)
          throw new ApiError('CONFLICT', `An attempt of delivery ${id} is in flight; nothing was resent. Try again when it has finished.`);
        done.push({ before: row, after: await this.deliveries.resend(tx, row.id, now) });
      }
      return { result: done.map((d) => d.after), audit: done.map((d) => resent(d.before, d.after, reason)) };
    });
  }
}

function resent(before: WebhookDelivery, after: WebhookDelivery, reason: string | null): AuditChange {
  return {
    action: 'webhook-deliveries.resend',
    resource: 'webhook-deliveries',
    resourceId: before.id,
    before: { status: before.status, attempt_count: before.attempts },
    after: { status: after.status, ...(reason ? { reason } : {}) },
  };
}
