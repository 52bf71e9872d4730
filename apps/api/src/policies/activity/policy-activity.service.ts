import { Injectable } from '@nestjs/common';
import { ApiError } from '@lib/common';
import { can } from '@lib/common/permissions';
import { PolicyProducts } from '../policy-products';
import { PolicyActivityRepository } from './policy-activity.repository';
import type { AdminPolicyActivityOut } from './policy-activity.response';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Why a staff action was taken, as its audit row recorded it (cancellations keep `reason`, claims `note`). */
function reasonOf(after: unknown): string | null {
  const a = after as Record<string, unknown> | null;
  const why = a?.reason ?? a?.note;
  return typeof why === 'string' ? why : null;
}

/**
 * One policy's activity for its console page, the same for every family: the payments and refunds (for roles
 * that read payments), the webhooks sent to the partner about it (for roles that read deliveries) and who
 * did what to it in the console. A part the role may not read is null, not empty.
 */
@Injectable()
export class PolicyActivityService {
  constructor(
    private readonly products: PolicyProducts,
    private readonly repository: PolicyActivityRepository,
  ) {}

  async of(role: string, resource: string, policyId: number): Promise<AdminPolicyActivityOut> {
    const product = this.products.all().find((p) => p.search.resource === resource);
    if (!product) throw ApiError.notFound(`No policy family has the console resource "${resource}".`);
    if (!can(role, 'read', resource)) throw new ApiError('FORBIDDEN', `Your role may not read ${resource}.`);
    // an empty page would read as "nothing happened" to a policy that does not exist
    if (!(await this.repository.exists(product.dashboard.table, policyId)))
      throw ApiError.notFound(`No ${resource.replace(/-/g, ' ').replace(/s$/, '')} with the id ${policyId}.`);
    const parts = { payments: can(role, 'read', 'payments'), webhooks: can(role, 'read', 'webhook-deliveries') };
    const [payments, refunds, deliveries, audit] = await this.repository.of(product.family, resource, policyId, parts);
    return {
      payments:
        payments?.map((p) => ({
          id: p.id,
          amount: p.amount.toFixed(2),
          currency: p.currency,
          status: p.status,
          status_reason: p.statusReason,
          vendor_reference: p.vendorReference,
          created_at: p.createdAt.toISOString(),
          paid_at: iso(p.paidAt),
        })) ?? null,
      refunds:
        refunds?.map((r) => ({
          id: r.id,
          payment_id: r.paymentId,
          amount: r.amount.toFixed(2),
          currency: r.currency,
          reason: r.reason,
          status: r.status,
          attempts: r.attempts,
          last_error: r.lastError,
          created_at: r.createdAt.toISOString(),
          refunded_at: iso(r.refundedAt),
        })) ?? null,
      webhooks:
        deliveries?.map((d) => ({
          id: d.id,
          event_type: d.eventType,
          status: d.status,
          attempts: d.attempts,
          last_status_code: d.lastStatusCode,
          created_at: d.createdAt.toISOString(),
          delivered_at: iso(d.deliveredAt),
        })) ?? null,
      audit: audit.map((e) => ({
        id: String(e.id),
        action: e.action,
        staff_email: e.staffEmail,
        role: e.role,
        reason: reasonOf(e.after),
        created_at: e.createdAt.toISOString(),
      })),
    };
  }
}
