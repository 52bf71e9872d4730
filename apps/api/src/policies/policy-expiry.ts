import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { formatDate, formatDateTime } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { Prisma } from '@lib/db';
import type { ClaimedDueEvent } from '../platform/due-events/due-event.repository';
import { DueEventHandler, DueEvents } from '../platform/due-events/due-events';
import { clockedPolicy } from '../platform/test-clocks/test-clocks';
import type { PolicyTermEnds } from '../payments/policy-activators';
import { PolicyEvents } from './events/policy-events';
import { PolicyProducts } from './policy-products';

/** The due event of a policy reaching the end of its term; its subject is `family:policyId`. */
export const POLICY_EXPIRY = 'policy.expiry';
/** The due event of a policy whose renewal is due (days before its end, by family); same subject. */
export const POLICY_RENEWAL_DUE = 'policy.renewal_due';

const DAY_MS = 86_400_000;

/**
 * A policy with a term reaches its end: the family stores status 4 (expired) and the partner gets the policy's usual
 * `policy.status_updated` with the policy as Show Policy now answers it, queued by PolicyEvents in the same
 * transaction. The event is written at activation (ActivatePaymentUseCase, from `ActivationResult.endsAt`) together
 * with the renewal notice (PolicyRenewalDue); a policy cancelled before its end is left alone.
 */
@Injectable()
export class PolicyExpiry implements DueEventHandler, PolicyTermEnds, OnModuleInit {
  readonly kind = POLICY_EXPIRY;

  constructor(
    private readonly products: PolicyProducts,
    private readonly events: DueEvents,
    private readonly policyEvents: PolicyEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.events.register(this);
    this.events.register(new PolicyRenewalDue(this.products, this.events, this.policyEvents));
  }

  /**
   * Writes the expiry of `family`'s policy `policyId` at `endsAt` and, `RENEWAL_DUE_DAYS_<FAMILY>` days before it, its
   * renewal notice, in the activation's transaction. A term shorter than the notice (a week's trip) gets no notice:
   * it would be due before the policy was even bought.
   */
  async schedule(tx: Prisma.TransactionClient, family: string, policyId: number, endsAt: Date, at: Date): Promise<void> {
    const subject = `${family}:${policyId}`;
    const resource = clockedPolicy(family, policyId);
    await this.events.schedule(tx, { kind: POLICY_EXPIRY, subject, dueAt: endsAt, resource });
    const days = (this.config.renewalDueDays as Record<string, number | undefined>)[family] ?? 0;
    const renewalAt = new Date(endsAt.getTime() - days * DAY_MS);
    if (days > 0 && renewalAt > at) await this.events.schedule(tx, { kind: POLICY_RENEWAL_DUE, subject, dueAt: renewalAt, resource });
  }

  async fire(tx: Prisma.TransactionClient, event: ClaimedDueEvent, now: Date): Promise<void> {
    const { family, id } = subjectOf(event);
    const expired = await termOf(this.products, family).expire(tx, id, now);
    if (!expired) return;
    await this.policyEvents.statusUpdated(tx, { family, clientId: expired.clientId, policy: expired.policy });
  }
}

/**
 * A policy's renewal is due: the partner gets the opt-in `policy.renewal_due` with the policy as Show Policy answers it
 * and what re-quoting it needs (its end; motor: the fields of a new quote request). Nothing is stored on the policy:
 * the event's row is the record that it was sent. A policy no longer active (cancelled, expired) is left alone.
 */
export class PolicyRenewalDue implements DueEventHandler {
  readonly kind = POLICY_RENEWAL_DUE;

  constructor(
    private readonly products: PolicyProducts,
    private readonly events: DueEvents,
    private readonly policyEvents: PolicyEvents,
  ) {}

  async fire(tx: Prisma.TransactionClient, event: ClaimedDueEvent): Promise<void> {
    const { family, id } = subjectOf(event);
    const renewable = await termOf(this.products, family).renewal(tx, id);
    if (!renewable) return;
    const endsAt = await this.events.dueAt(tx, POLICY_EXPIRY, event.subject);
    await this.policyEvents.renewalDue(
      tx,
      { family, clientId: renewable.clientId, policy: renewable.policy },
      {
        family,
        ends_at: endsAt ? formatDateTime(endsAt) : null,
        start_date: endsAt ? formatDate(endsAt) : null,
        quote_request: renewable.quoteRequest,
      },
    );
  }
}

function subjectOf(event: ClaimedDueEvent): { family: string; id: number } {
  const [family, id] = event.subject.split(':');
  return { family, id: Number(id) };
}

function termOf(products: PolicyProducts, family: string) {
  const term = products.term(family);
  if (!term) throw new Error(`The product family "${family}" has no policy term.`);
  return term;
}
