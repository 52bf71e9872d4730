import { Injectable } from '@nestjs/common';
import { ApiError, RealClock } from '@lib/common';
import { AuditActor, AuditTrail } from '../../admin/audit/audit-trail';
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
      return {
        result: after,
        audit: { action: 'webhook-deliveries.resend', resource: 'webhook-deliveries', resourceId: row.id, before: { status: row.status, attempt_count: row.attempts }, after: { status: after.status } },
      };
    });
  }
}
