import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { amountNumber, formatDate, formatDateTime } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { Prisma } from '@lib/db';
import type { ClaimedDueEvent } from '../platform/due-events/due-event.repository';
import { DueEventHandler, DueEvents } from '../platform/due-events/due-events';
import { clockedPolicy } from '../platform/test-clocks/test-clocks';
import type { PolicyTermEnds } from '../payments/policy-activators';
import { PolicyEvents } from './events/policy-events';
import type { RenewalPrice } from './policy-product';
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

  fire(tx: Prisma.TransactionClient, event: ClaimedDueEvent, now: Date): Promise<void> {
    return this.fireMany(tx, [event], now);
  }

  /** A family's policies expire in one update, and their webhooks are written in one insert. */
  async fireMany(tx: Prisma.TransactionClient, events: ClaimedDueEvent[], now: Date): Promise<void> {
    const byFamily = new Map<string, number[]>();
    for (const { family, id } of events.map(subjectOf)) {
      const ids = byFamily.get(family) ?? [];
      ids.push(id);
      byFamily.set(family, ids);
    }
    for (const [family, ids] of byFamily) {
      const expired = await termOf(this.products, family).expire(tx, ids, now);
      await this.policyEvents.statusesUpdated(
        tx,
        expired.map(({ clientId, policy }) => ({ family, clientId, policy })),
      );
    }
  }
}

/**
 * A policy's renewal is due: the partner gets the opt-in `policy.renewal_due` with the policy as Show Policy answers it
 * and what re-quoting it needs (its end; motor: the fields of a new quote request). A family that prices the next term
 * (property) is asked for the insurer's price first, outside the transaction, then writes the next term's pending
 * policy and payment link with the notice: `policy_id`, `price`, `payment_link` and `payment_link_expires_at` say so
 * (null for the other families). Nothing is stored on the renewed policy: the event's row is the record that it was
 * sent. A policy no longer active (cancelled, expired) is left alone.
 */
export class PolicyRenewalDue implements DueEventHandler {
  readonly kind = POLICY_RENEWAL_DUE;

  constructor(
    private readonly products: PolicyProducts,
    private readonly events: DueEvents,
    private readonly policyEvents: PolicyEvents,
  ) {}

  /** The insurer's price for the next term, asked before the transaction (property); nothing for a family that re-quotes. */
  async prepare(event: ClaimedDueEvent): Promise<RenewalPrice | null> {
    const { family, id } = subjectOf(event);
    const term = termOf(this.products, family);
    return term.priceRenewal ? term.priceRenewal(id) : null;
  }

  async fire(tx: Prisma.TransactionClient, event: ClaimedDueEvent, _now: Date, prepared?: unknown): Promise<void> {
    const { family, id } = subjectOf(event);
    const renewable = await termOf(this.products, family).renewal(tx, id, (prepared as RenewalPrice | null | undefined) ?? null);
    if (!renewable) return;
    const endsAt = await this.events.dueAt(tx, POLICY_EXPIRY, event.subject);
    const offer = renewable.offer ?? null;
    await this.policyEvents.renewalDue(
      tx,
      { family, clientId: renewable.clientId, policy: renewable.policy },
      {
        family,
        ends_at: endsAt ? formatDateTime(endsAt) : null,
        start_date: endsAt ? formatDate(endsAt) : null,
        quote_request: renewable.quoteRequest,
        policy_id: offer?.policyId ?? null,
        price: offer ? amountNumber(offer.price.total) : null,
        payment_link: offer?.paymentLink ?? null,
        payment_link_expires_at: offer ? formatDateTime(offer.paymentLinkExpiresAt) : null,
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
