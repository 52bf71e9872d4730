import { Injectable } from '@nestjs/common';
import { ApiError, RealClock } from '@lib/common';
import { AuditActor, AuditTrail } from '../../platform/admin/audit/audit-trail';
import { RefundRepository } from './refund.repository';
import { Refunds } from './refunds';

/**
 * Operations try a failed refund again (after the vendor is back, or the card issue is sorted): it is owed
 * again at once, audited with who and why, and the worker pays it out right after the change commits.
 */
@Injectable()
export class RetryRefundUseCase {
  constructor(
    private readonly refunds: RefundRepository,
    private readonly worker: Refunds,
    private readonly audit: AuditTrail,
    private readonly clock: RealClock,
  ) {}

  async execute(actor: AuditActor, id: string, reason: string) {
    const retried = await this.audit.run(actor, async (tx) => {
      const row = await this.refunds.lock(tx, id);
      if (!row) throw ApiError.notFound('No refund with this id.');
      if (row.status !== 'failed') throw new ApiError('CONFLICT', `Only a failed refund is tried again; this one is ${row.status}.`);
      const after = await this.refunds.retry(tx, row.id, this.clock.now());
      return {
        result: after,
        audit: {
          action: 'refunds.retry',
          resource: 'refunds',
          resourceId: row.id,
          before: { status: row.status, attempts: row.attempts, last_error: row.lastError },
          after: { status: after.status, reason },
        },
      };
    });
    this.worker.kick();
    return retried;
  }
}
