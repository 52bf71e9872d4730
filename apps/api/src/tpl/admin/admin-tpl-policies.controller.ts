import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, intId, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { TplPolicy } from '@lib/db/generated/prisma/client';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { Actor, AdminApi, Allow, CurrentStaff } from '../../admin/auth/admin-api.decorator';
import type { Staff } from '../../admin/auth/staff-request';
import { AuditActor, AuditTrail } from '../../admin/audit/audit-trail';
import { ApiList, LIST_CONVENTION } from '../../admin/list/list-api.decorator';
import { idFilter, idsOf, listQuerySchema, orderBy } from '../../admin/list/list-query';
import { listResponse } from '../../admin/list/list-response';
import { FileStore } from '../../files/file-store';
import { CancelTplPolicyUseCase } from '../cancellation/cancel-tpl-policy.use-case';
import { presentAdminTplPolicy } from './admin-tpl-policy.presenter';
import { TplPolicyAdminRepository } from './tpl-policy-admin.repository';

const SORTABLE = ['id', 'created_at', 'status', 'price'] as const;
const listQuery = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: ['created_at', 'DESC'],
  filter: z.strictObject({
    id: idFilter,
    q: z.string().trim().max(64).optional(),
    status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).optional(),
    client_id: z.uuid().optional(),
  }),
});
const idParam = z.strictObject({ id: intId });
const cancelBody = z.strictObject({ reason: z.string().trim().min(1, 'The reason field is required.').max(500, 'The reason may not be greater than 500 characters.') });

/** What the audit log keeps of a policy: no personal data. */
const summary = (p: TplPolicy) => ({ status: p.status, price: p.price.toString(), refund_amount: p.refundAmount?.toString() ?? null, reason: p.cancellationReason });

@AdminApi('tpl-policies')
@Controller('admin/api/tpl-policies')
export class AdminTplPoliciesController {
  constructor(
    private readonly policies: TplPolicyAdminRepository,
    private readonly cancelPolicy: CancelTplPolicyUseCase,
    private readonly files: FileStore,
    private readonly audit: AuditTrail,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async present(p: TplPolicy, role: string) {
    const url = this.files.urlOf({ id: p.istimarahFileId, contentType: p.istimarahType });
    return presentAdminTplPolicy(p, await this.policies.paymentsOf(p.id), this.config.publicBaseUrl, url, role);
  }

  private async found(id: number): Promise<TplPolicy> {
    const policy = await this.policies.find(id);
    if (!policy) throw ApiError.notFound(`No TPL policy with id ${id}.`);
    return policy;
  }

  @Get()
  @Allow('read')
  @ApiOperation({ summary: 'List TPL v2 policies', description: `Every client's. Email and owner ids masked without read_pii. ${LIST_CONVENTION}` })
  @ApiList('tpl-policies', SORTABLE, 'id, q (VIN, sequence number or policy id), status, client_id')
  async list(@CurrentStaff() staff: Staff, @Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    const ids = idsOf(f.id)?.map(Number).filter((n) => Number.isInteger(n) && n > 0);
    const [rows, total] = await this.policies.page({ ids, q: f.q, status: f.status, clientId: f.client_id }, q.skip, q.take, orderBy(q.sort, { created_at: 'createdAt' }) as never);
    return listResponse(reply, 'tpl-policies', await Promise.all(rows.map((p) => this.present(p, staff.role))), total, q.skip);
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({ summary: 'Show a TPL v2 policy', description: 'With its payments, and who cancelled it and why.' })
  @ApiOkResponse({ description: 'The policy.' })
  @ApiErrors(404)
  async show(@CurrentStaff() staff: Staff, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    return this.present(await this.found(p.id), staff.role);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Allow('cancel')
  @ApiOperation({
    summary: 'Cancel a TPL v2 policy',
    description: 'With a `reason` (for example the customer called with the transfer papers checked by hand); refunded pro rata as in the partner API. Only issued policies; a cancelled one is 400, a pending or on-hold one 409. Audited.',
  })
  @ApiBody({ schema: z.toJSONSchema(cancelBody, { target: 'openapi-3.0', io: 'input' }) as object })
  @ApiOkResponse({ description: 'The cancelled policy.' })
  @ApiErrors(400, 404, 409, 422)
  async cancel(@Actor() actor: AuditActor, @CurrentStaff() staff: Staff, @Param({ schema: idParam }) p: z.infer<typeof idParam>, @Body({ schema: cancelBody }) body: z.infer<typeof cancelBody>) {
    const policy = await this.found(p.id);
    const cancelled = await this.cancelPolicy.finish(policy, { by: actor.email, reason: body.reason }, (tx, { cancelled: after }) =>
      this.audit.write(tx, actor, { action: 'tpl-policies.cancel', resource: 'tpl-policies', resourceId: String(policy.id), before: summary(policy), after: summary(after) }),
    );
    return this.present(cancelled, staff.role);
  }
}
