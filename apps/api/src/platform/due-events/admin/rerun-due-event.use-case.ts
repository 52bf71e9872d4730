import { Injectable } from '@nestjs/common';
import { ApiError, RealClock } from '@lib/common';
import { AuditActor, AuditTrail } from '../../admin/audit/audit-trail';
import { DueEventRepository } from '../due-event.repository';

/**
 * Operations run a `failed` due event again once its cause is fixed: it is pending again with a fresh count of
 * tries and fires on the scheduler's next pass, audited with who and why in the same transaction.
 */
@Injectable()
export class RerunDueEventUseCase {
  constructor(
    private readonly events: DueEventRepository,
    private readonly audit: AuditTrail,
    private readonly clock: RealClock,
  ) {}

  async execute(actor: AuditActor, id: string, reason: string) {
    return this.audit.run(actor, async (tx) => {
      const row = await this.events.lock(tx, id);
      if (!row) throw ApiError.notFound(`No due event with id ${id}.`);
      if (row.state !== 'failed') throw new ApiError('CONFLICT', `Only a failed due event is run again; this one is ${row.state}.`);
      const after = await this.events.rerun(tx, row.id, this.clock.now());
      if (!after) throw new ApiError('CONFLICT', 'The due event changed meanwhile; reload it.');
      return {
        result: after,
        audit: {
          action: 'due-events.rerun',
          resource: 'due-events',
          resourceId: row.id,
          before: { state: row.state, attempts: row.attempts, last_error: row.lastError },
          after: { state: after.state, attempts: after.attempts, reason },
        },
      };
    });
  }
}
