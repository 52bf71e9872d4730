import type { FactoryProvider, Type } from '@nestjs/common';
import type { Prisma } from '@lib/db';
import type { ClaimPolicyResolver } from './claims/claim-policies';
import type { PolicyActivator } from '../payments/policy-activators';
import type { PolicySearchSpec } from './policy-search';
import { PolicyProducts } from './policy-products';

/** A family's policies on the console dashboard, counted the same way for every family. */
export interface PolicyTable {
  /** The dashboard source name, e.g. "tpl". */
  source: string;
  /** The family's policy table and the column set when the policy was paid and issued. */
  table: string;
  issuedColumn: string;
  /** Rows that are not policies any more (withdrawn medical policies), as SQL on the table. */
  excluded?: string;
}

/** A client's latest policy exactly as the family's Show Policy answers it: what a webhook test event carries. */
export interface SamplePolicySource {
  latestFor(tx: Prisma.TransactionClient, clientId: string, publicBaseUrl: string): Promise<({ id: number } & Record<string, unknown>) | null>;
}

/** A family's policy that just expired: the client it belongs to and the policy exactly as its Show Policy answers it now. */
export interface ExpiredPolicy {
  clientId: string;
  policy: { id: number } & Record<string, unknown>;
}

/** The price the insurer quoted for a policy's next term, asked live before the renewal notice is written (SAR, decimal strings). */
export interface RenewalPrice {
  insurerCode: string;
  netPremium: string;
  vat: string;
  /** Premium with VAT: what the customer pays. */
  total: string;
}

/** What the notice offers: the next term's pending policy, its price and the link that pays for it. */
export interface RenewalOffer {
  policyId: number;
  price: RenewalPrice;
  paymentLink: string;
  paymentLinkExpiresAt: Date;
}

/** A family's policy whose renewal is due: as its Show Policy answers it, and what the partner needs to re-quote it. */
export interface RenewablePolicy extends ExpiredPolicy {
  /** The fields of a new quote request for the same cover (motor: vehicle and owner), or null where the policy itself says it all. */
  quoteRequest: Record<string, unknown> | null;
  /** The priced next term, payable now (property); absent where the family re-quotes instead. */
  offer?: RenewalOffer | null;
}

/**
 * A family whose policies have a stored term: the core fires its expiry and its renewal notice (due events written at
 * activation from `ActivationResult.endsAt`) and announces them with the family's webhooks.
 */
export interface PolicyTerm {
  /**
   * In `tx`: each of `policyIds` that is active and whose term has ended by `now` gets status 4 (expired), in one
   * conditional update (a cancellation racing it wins or loses as a whole). Answers the policies it expired, in any
   * order; one that did not change (cancelled meanwhile, not active, not ended) is not among them.
   */
  expire(tx: Prisma.TransactionClient, policyIds: number[], now: Date): Promise<ExpiredPolicy[]>;
  /**
   * Before the notice's transaction (an insurer call holds no row locks): the insurer's price for the next term, for a
   * family that offers one (property); null when the policy is no longer active. A failure is thrown: the notice is
   * tried again later, as any due event.
   */
  priceRenewal?(policyId: number): Promise<RenewalPrice | null>;
  /**
   * In `tx`: the policy, if still active (not cancelled, not expired), with what re-quoting it needs; else null. With
   * `price` (from `priceRenewal`) the family also writes the next term's pending policy and its payment link, answered
   * as `offer`.
   */
  renewal(tx: Prisma.TransactionClient, policyId: number, price?: RenewalPrice | null): Promise<RenewablePolicy | null>;
}

/**
 * How the console's renewals worklist reads a family (SQL over its own policy table, aliased by the caller; family
 * constants, never input): what a policy insures, so a later policy of the same client for the same thing counts as
 * the renewal taken; and, for a family that offers a priced next term, where that offer is.
 */
export interface PolicyRenewalSpec {
  /** What the notice offers: a re-quote from the policy's data (motor), the insurer's priced next term (property), or the notice alone. */
  offers: 're_quote' | 'renewal_price' | 'notice';
  /** The family's policy table. */
  table: string;
  /** What the policy insures (vehicle, property, horse, person, company) as SQL over the table aliased `a`. */
  insured: (a: string) => string;
  /** The next term offered with the notice, found from the renewed policy aliased `a` (a correlated subquery). */
  offer?: {
    /** The offered term's policy id. */
    policyId: (a: string) => string;
    /** Its price with VAT (numeric). */
    price: (a: string) => string;
    /** Whether it was paid (its policy active or already past its term). */
    paid: (a: string) => string;
  };
}

/**
 * A family's policies in the partners' portal (its own rows only): SQL expressions on the search spec's `from`
 * (the policy table aliased `p`, which like every policy table has `client_id`). Family constants, never input.
 */
export interface PortalPolicyColumns {
  /** What the customer pays for the policy, VAT included. */
  premium: string;
  /** The insurer's code. */
  insurer: string;
  /** When the policy was paid and issued (null before). */
  issuedAt: string;
  /** First and last day of cover as YYYY-MM-DD text (null before payment), or null where the family keeps none. */
  cover: { from: string; to: string } | null;
}

/** How quote requests to one insurer went for one client: asked, answered with offers, policies issued, answer times. */
export interface InsurerQuoteStat {
  insurer: string;
  /** Quote requests that asked this insurer. */
  quoteRequests: number;
  /** Of those, the ones it answered with at least one offer. */
  offered: number;
  /** Policies issued with this insurer from the client's quote requests in the window. */
  policies: number;
  /** Answers with a stored time (offers, declines, errors and timeouts alike), and their 50th and 95th percentile in ms. */
  answers: number;
  p50Ms: number | null;
  p95Ms: number | null;
}

/** A family whose quote requests fan out to several insurers: how each insurer answered a client's requests. */
export interface QuoteFunnel {
  /** From `from` up to and including `to`. */
  insurers(clientId: string, from: Date, to: Date): Promise<InsurerQuoteStat[]>;
}

/**
 * What a product family supplies to the policy lifecycle: the core (payments, claims, the dashboard)
 * reaches a family only through this port, so a capability added to the core reaches every family.
 */
export interface PolicyProduct {
  /** The family's name in payments (`payments.policy_type`). */
  family: string;
  /** Paying for a policy: what the payment page shows, whether money can still be applied, activation with the insurer, documents. */
  payments: PolicyActivator;
  /** Claims on its policies: types, cover window, ceilings. Motor comparison takes no claims. */
  claims?: ClaimPolicyResolver;
  dashboard: PolicyTable;
  /** How staff find its policies from the console's one search box. */
  search: PolicySearchSpec;
  /** The family whose policies webhook test events carry (motor, as the real service's test call does). */
  webhookSample?: SamplePolicySource;
  /** A family whose policies end: their expiry. */
  term?: PolicyTerm;
  /** Its policies in the partners' portal. */
  portal: PortalPolicyColumns;
  /** A family that asks several insurers for quotes: its per-insurer conversion and answer times. */
  quoteFunnel?: QuoteFunnel;
  /** A family whose policies get renewal notices: how the console's renewals worklist reads it. */
  renewals?: PolicyRenewalSpec;
}

/** What a family module lists among its providers to plug its product into the core: its parts, by class. */
export interface PolicyProductParts {
  family: string;
  payments: Type<PolicyActivator>;
  claims?: Type<ClaimPolicyResolver>;
  dashboard: PolicyTable;
  search: PolicySearchSpec;
  webhookSample?: Type<SamplePolicySource>;
  term?: Type<PolicyTerm>;
  portal: PortalPolicyColumns;
  quoteFunnel?: Type<QuoteFunnel>;
  renewals?: PolicyRenewalSpec;
}

/** Stands for a part the family does not supply (optional injection answers undefined). */
const NONE = { token: 'policy-product:none', optional: true };

export function policyProduct(parts: PolicyProductParts): FactoryProvider {
  return {
    provide: `policy-product:${parts.family}`,
    inject: [PolicyProducts, parts.payments, parts.claims ?? NONE, parts.webhookSample ?? NONE, parts.term ?? NONE, parts.quoteFunnel ?? NONE],
    useFactory: (
      products: PolicyProducts,
      payments: PolicyActivator,
      claims?: ClaimPolicyResolver,
      webhookSample?: SamplePolicySource,
      term?: PolicyTerm,
      quoteFunnel?: QuoteFunnel,
    ) => {
      const product: PolicyProduct = {
        family: parts.family,
        payments,
        claims,
        dashboard: parts.dashboard,
        search: parts.search,
        webhookSample,
        term,
        portal: parts.portal,
        quoteFunnel,
        renewals: parts.renewals,
      };
      products.register(product);
      return product;
    },
  };
}
