import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Prisma } from '@lib/db';
import type { ClaimedDueEvent } from '../platform/due-events/due-event.repository';
import { DueEventHandler, DueEvents } from '../platform/due-events/due-events';
import { clockedPolicy } from '../platform/test-clocks/test-clocks';
import type { PolicyTermEnds } from '../payments/policy-activators';
import { PolicyEvents } from './events/policy-events';
import { PolicyProducts } from './policy-products';

/** The due event of a policy reaching the end of its term; its subject is `family:policyId`. */
export const POLICY_EXPIRY = 'policy.expiry';

/**
 * A policy with a term reaches its end: the family stores status 4 (expired) and the partner gets the policy's usual
 * `policy.status_updated` with the policy as Show Policy now answers it, queued by PolicyEvents in the same
 * transaction. The event is written at activation (ActivatePaymentUseCase, from `ActivationResult.endsAt`); a policy
 * cancelled before its end is left alone.
 */
@Injectable()
export class PolicyExpiry implements DueEventHandler, PolicyTermEnds, OnModuleInit {
  readonly kind = POLICY_EXPIRY;

  constructor(
    private readonly products: PolicyProducts,
    private readonly events: DueEvents,
    private readonly policyEvents: PolicyEvents,
  ) {}

  onModuleInit(): void {
    this.events.register(this);
  }

  /** Writes the expiry of `family`'s policy `policyId` at `endsAt`, in the activation's transaction. */
  schedule(tx: Prisma.TransactionClient, family: string, policyId: number, endsAt: Date): Promise<void> {
    return this.events.schedule(tx, { kind: POLICY_EXPIRY, subject: `${family}:${policyId}`, dueAt: endsAt, resource: clockedPolicy(family, policyId) });
  }

  async fire(tx: Prisma.TransactionClient, event: ClaimedDueEvent, now: Date): Promise<void> {
    const [family, id] = event.subject.split(':');
    const term = this.products.term(family);
    if (!term) throw new Error(`The product family "${family}" has no policy term.`);
    const expired = await term.expire(tx, Number(id), now);
    if (!expired) return;
    await this.policyEvents.statusUpdated(tx, { family, clientId: expired.clientId, policy: expired.policy });
  }
}
