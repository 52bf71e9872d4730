import type { FastifyInstance } from 'fastify';
import { amountString, money, vatOn, VAT_PERCENT } from '@lib/common';
import { wireTplIssueRequestSchema, type WireTplIssued } from '@lib/providers';
import { INSURERS } from '../insurers/insurer-catalogue.data';
import type { SandboxContext } from '../sandbox-context';
import { parseOr422 } from '../sandbox-http';

/** The sandbox TPL v2 insurer: one flat premium for every vehicle (the product is a flat fee). */
export const TPL_INSURER_CODE = 'dune';
export const TPL_FLAT_SUBTOTAL = '850.00';

/** Policies issued, keyed by the caller's reference, so a repeated issue answers the same policy. */
export class TplIssuedStore {
  readonly byReference = new Map<string, Omit<WireTplIssued, 'already_issued'>>();
  clear(): void {
    this.byReference.clear();
  }
}

export function registerTplInsurerRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/tpl/price', async () => {
    const insurer = INSURERS.find((i) => i.code === TPL_INSURER_CODE)!;
    const vat = vatOn(TPL_FLAT_SUBTOTAL);
    return {
      insurer_code: TPL_INSURER_CODE,
      insurer_name_en: insurer.nameEn,
      insurer_name_ar: insurer.nameAr,
      subtotal: TPL_FLAT_SUBTOTAL,
      vat_percentage: String(VAT_PERCENT),
      vat: amountString(vat),
      total: amountString(money(TPL_FLAT_SUBTOTAL).plus(vat)),
    };
  });

  app.post('/tpl/policies', async (request, reply) => {
    const input = parseOr422(wireTplIssueRequestSchema, request.body);
    const existing = ctx.tplPolicies.byReference.get(input.reference);
    if (existing) return reply.status(200).send({ ...existing, already_issued: true });
    const policy = {
      policy_number: ctx.policyNumbers.next(),
      start_date: input.start_date,
      end_date: yearLater(input.start_date),
    };
    ctx.tplPolicies.byReference.set(input.reference, policy);
    return reply.status(201).send({ ...policy, already_issued: false });
  });
}

function yearLater(start: string): string {
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
