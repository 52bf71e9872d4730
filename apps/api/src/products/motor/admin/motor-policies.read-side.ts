import { Injectable } from '@nestjs/common';
import { intId, z } from '@lib/common';
import type { Payment } from '@lib/db/generated/prisma/client';
import { personalDataFor } from '../../../platform/admin/pii/personal-data';
import type { AdminPolicyReadSide, PolicyOrder } from '../../../policies/admin-policy-read-side';
import { InsurerDirectory, type InsurerName } from './insurer-directory';
import { createdRange, createdRangeShape, numericIdFilter, numericIds, refineCreatedRange } from './motor-admin-filters';
import { presentPolicyDetail, presentPolicySummary } from './motor-admin.presenter';
import { POLICY_STATUS_NAMES, PolicyAdminRepository, type PolicyWithClient } from './policy-admin.repository';

export const motorPolicyFilter = z
  .strictObject({
    id: numericIdFilter,
    status: z.enum(POLICY_STATUS_NAMES, { error: `The status must be one of: ${POLICY_STATUS_NAMES.join(', ')}.` }).optional(),
    insurer_code: z
      .string()
      .regex(/^[a-z0-9_-]{1,32}$/, 'The insurer_code must be an insurer code such as "dune".')
      .optional(),
    client_id: z.uuid({ error: 'The client_id must be a UUID.' }).optional(),
    quote_request_id: intId.optional(),
    ...createdRangeShape,
  })
  .superRefine(refineCreatedRange);

/** A motor policy with the insurers' names read beside it (in parallel); its payments on the policy's own page only. */
type MotorPolicyView = { policy: PolicyWithClient; names: Map<string, InsurerName>; payments?: Payment[] };

/** Motor policies of every client with their payments, for the console: read only, not audited. */
@Injectable()
export class MotorPoliciesReadSide implements AdminPolicyReadSide<z.output<typeof motorPolicyFilter>, MotorPolicyView> {
  constructor(
    private readonly repo: PolicyAdminRepository,
    private readonly directory: InsurerDirectory,
  ) {}

  async page(f: z.output<typeof motorPolicyFilter>, order: PolicyOrder, skip: number, take: number): Promise<[MotorPolicyView[], number]> {
    const filter = {
      ids: numericIds(f.id),
      status: f.status,
      insurerCode: f.insurer_code,
      clientId: f.client_id,
      quoteRequestId: f.quote_request_id,
      ...createdRange(f),
    };
    const [{ rows, total }, names] = await Promise.all([this.repo.page(filter, order, skip, take), this.directory.names()]);
    return [rows.map((policy) => ({ policy, names })), total];
  }

  async find(id: number) {
    const [found, names] = await Promise.all([this.repo.find(id), this.directory.names()]);
    return found && { ...found, names };
  }

  async present(views: MotorPolicyView[], role: string) {
    const mask = personalDataFor(role, 'motor-policies');
    return views.map((v) => presentPolicySummary(v.policy, mask, v.names));
  }

  async presentOne(v: MotorPolicyView, role: string) {
    return presentPolicyDetail(v.policy, v.payments ?? [], personalDataFor(role, 'motor-policies'), v.names);
  }
}
