import { Injectable } from '@nestjs/common';
import { intId, z } from '@lib/common';
import type { MedicalPolicy } from '@lib/db/generated/prisma/client';
import { idFilter, intIds } from '../../../platform/admin/list/list-query';
import { ClaimRepository } from '../../../policies/claims/claim.repository';
import type { AdminPolicyReadSide, PolicyOrder } from '../../../policies/admin-policy-read-side';
import { policyStatusQuery, PolicyStatus } from '../../../policies/policy-status';
import { presentMedicalPolicy } from '../policies/medical-policy.presenter';
import { MedicalPolicyRepository } from '../policies/medical-policy.repository';
import type { AdminMedicalPolicyOut } from './admin-medical-policy.response';

export const medicalPolicyFilter = z.strictObject({
  id: idFilter,
  status: policyStatusQuery([PolicyStatus.Pending, PolicyStatus.Active, PolicyStatus.Cancelled, PolicyStatus.Expired]),
  company_id: intId.optional(),
  client_id: z.uuid().optional(),
});

/** Medical policies for the console (withdrawn ones left out), each with its claims; staff do not cancel them here. */
@Injectable()
export class MedicalPoliciesReadSide implements AdminPolicyReadSide<z.output<typeof medicalPolicyFilter>, MedicalPolicy> {
  constructor(
    private readonly policies: MedicalPolicyRepository,
    private readonly claims: ClaimRepository,
  ) {}

  page(f: z.output<typeof medicalPolicyFilter>, order: PolicyOrder, skip: number, take: number) {
    return this.policies.adminPage({ ids: intIds(f.id), status: f.status, companyId: f.company_id, clientId: f.client_id }, order, skip, take);
  }

  find(id: number) {
    return this.policies.findLive(id);
  }

  /** Each policy with its claims: one claims statement for the whole page. */
  async present(rows: MedicalPolicy[]): Promise<AdminMedicalPolicyOut[]> {
    const claims = await this.claims.summariesOf(
      'medical',
      rows.map((r) => r.id),
    );
    return rows.map((p) => ({
      ...presentMedicalPolicy(p),
      client_id: p.clientId,
      claims: claims
        .filter((c) => c.policyId === p.id)
        .map((c) => ({
          id: c.id,
          status: c.status,
          claim_type: c.claimType,
          requested_amount: c.requestedAmount.toFixed(2),
          created_at: c.createdAt.toISOString(),
        })),
    }));
  }
}
