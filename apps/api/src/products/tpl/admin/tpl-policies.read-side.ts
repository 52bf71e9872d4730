import { Inject, Injectable } from '@nestjs/common';
import { z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { TplPolicy } from '@lib/db/generated/prisma/client';
import { idFilter, intIds } from '../../../platform/admin/list/list-query';
import { FileStore } from '../../../platform/files/file-store';
import { type AdminPolicyReadSide, type CancelActor, cancelSummary, type PolicyOrder } from '../../../policies/admin-policy-read-side';
import { policyStatusQuery } from '../../../policies/policy-status';
import { TPL_POLICY_STATUSES } from '../tpl-policy.response';
import { CancelTplPolicyUseCase } from '../cancellation/cancel-tpl-policy.use-case';
import { presentAdminTplPolicy } from './admin-tpl-policy.presenter';
import { TplPolicyAdminRepository } from './tpl-policy-admin.repository';

export const tplPolicyFilter = z.strictObject({
  id: idFilter,
  q: z.string().trim().max(64).optional(),
  status: policyStatusQuery(TPL_POLICY_STATUSES),
  client_id: z.uuid().optional(),
});

/** TPL v2 policies for the console, with their payments; staff cancel issued ones by hand (no transfer papers uploaded). */
@Injectable()
export class TplPoliciesReadSide implements AdminPolicyReadSide<z.output<typeof tplPolicyFilter>, TplPolicy> {
  constructor(
    private readonly policies: TplPolicyAdminRepository,
    private readonly cancelPolicy: CancelTplPolicyUseCase,
    private readonly files: FileStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  page(f: z.output<typeof tplPolicyFilter>, order: PolicyOrder, skip: number, take: number) {
    return this.policies.page({ ids: intIds(f.id), q: f.q, status: f.status, clientId: f.client_id }, skip, take, order as never);
  }

  find(id: number) {
    return this.policies.find(id);
  }

  /** The page's payments are read in one statement, then each row is presented with its own. */
  async present(rows: TplPolicy[], role: string) {
    const payments = await this.policies.paymentsOf(rows.map((p) => p.id));
    return rows.map((p) => {
      const url = this.files.urlOf({ id: p.istimarahFileId, contentType: p.istimarahType });
      return presentAdminTplPolicy(p, payments.get(p.id) ?? [], this.config.publicBaseUrl, url, role);
    });
  }

  async cancel(id: number, reason: string, actor: CancelActor) {
    const policy = await this.find(id);
    if (!policy) return null;
    return this.cancelPolicy.finish(policy, { by: actor.email, reason }, (tx, { cancelled: after }) =>
      actor.audit(tx, cancelSummary(policy), cancelSummary(after)),
    );
  }
}
