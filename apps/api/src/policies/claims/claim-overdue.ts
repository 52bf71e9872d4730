import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Prisma } from '@lib/db';
import type { ClaimedDueEvent } from '../../platform/due-events/due-event.repository';
import { DueEventHandler, DueEvents } from '../../platform/due-events/due-events';
import { clockedPolicy } from '../../platform/test-clocks/test-clocks';
import { PolicyProducts } from '../policy-products';
import { ClaimRepository } from './claim.repository';
import { decisionDueAt } from './claim-status';

/** The due event of a claim reaching its decision deadline; its subject is the claim id. */
export const CLAIM_OVERDUE = 'claim.overdue';

/**
 * A claim reaches its decision deadline: if it is still undecided (submitted or under review) it is flagged overdue,
 * once (`claims.overdue_at`), and the console's claims queue and the dashboard's overdue count show it. A claim decided
 * before its deadline is left alone. Staff act on it, so no webhook: the partner sees the claim's status as before.
 */
@Injectable()
export class ClaimOverdue implements DueEventHandler, OnModuleInit {
  readonly kind = CLAIM_OVERDUE;

  constructor(
    private readonly events: DueEvents,
    private readonly claims: ClaimRepository,
    private readonly products: PolicyProducts,
  ) {}

  onModuleInit(): void {
    this.events.register(this);
  }

  /**
   * Writes the deadline of a claim just opened, in its transaction, on the clock its policy runs on (sandbox): the policy
   * is attached to its clock under its policy family, which may differ from the claim family (TPL).
   */
  schedule(tx: Prisma.TransactionClient, claim: { id: number; productFamily: string; policyId: number; createdAt: Date }): Promise<void> {
    return this.events.schedule(tx, {
      kind: CLAIM_OVERDUE,
      subject: String(claim.id),
      dueAt: decisionDueAt(claim.createdAt),
      resource: clockedPolicy(this.products.policyFamilyOfClaims(claim.productFamily), claim.policyId),
    });
  }

  async fire(tx: Prisma.TransactionClient, event: ClaimedDueEvent, now: Date): Promise<void> {
    await this.claims.markOverdue(tx, Number(event.subject), now);
  }
}
