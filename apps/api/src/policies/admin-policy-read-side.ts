import type { Tx } from '../platform/admin/audit/audit-trail';

/** A Prisma orderBy built from the list's sort, the id as tie-breaker. */
export type PolicyOrder = Array<Record<string, 'asc' | 'desc'>>;

/** Who cancels, for the family's cancellation: their email, and the audit row to write in its transaction. */
export interface CancelActor {
  email: string;
  audit(tx: Tx, before: Record<string, unknown>, after: Record<string, unknown>): Promise<void>;
}

/**
 * What the console's policy pages need from one family (the port behind adminPoliciesController): its
 * rows, one policy, how staff see them, and its cancellation. `V` is whatever the family presents from.
 */
export interface AdminPolicyReadSide<F, V> {
  /** A page of every client's policies matching the list filter, and the total. */
  page(filter: F, order: PolicyOrder, skip: number, take: number): Promise<[V[], number]>;
  /** Any client's policy, or null (a 404). */
  find(id: number): Promise<V | null>;
  /** Rows as a staff role sees them, personal data masked without read_pii; a whole page at once so a family can read what rows share in one statement. */
  present(views: V[], role: string): Promise<unknown[]>;
  /** One policy's page, for a family that shows more there than in its list rows (as `present` otherwise). */
  presentOne?(view: V, role: string): Promise<unknown>;
  /** Cancels with the family's use case, writing the audit row in its transaction; null when there is no such policy. */
  cancel?(id: number, reason: string, actor: CancelActor): Promise<V | null>;
  /** The insurer's live view of the policy's cancellation, or null when there is no such policy. */
  cancellationStatus?(id: number): Promise<unknown>;
}

/** What the audit log keeps of a policy a family cancels with its own row (refund and reason on it): no personal data. */
export function cancelSummary(p: {
  status: number;
  price: { toString(): string };
  refundAmount: { toString(): string } | null;
  cancellationReason: string | null;
}) {
  return { status: p.status, price: p.price.toString(), refund_amount: p.refundAmount?.toString() ?? null, reason: p.cancellationReason };
}
