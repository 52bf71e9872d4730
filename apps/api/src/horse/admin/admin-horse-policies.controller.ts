import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, intId, z } from '@lib/common';
import { can } from '@lib/common/permissions';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { Actor, AdminApi, Allow, CurrentStaff } from '../../admin/auth/admin-api.decorator';
import type { Staff } from '../../admin/auth/staff-request';
import { AuditActor, AuditTrail } from '../../admin/audit/audit-trail';
import { ApiList, LIST_CONVENTION } from '../../admin/list/list-api.decorator';
import { idFilter, idsOf, listQuerySchema, orderBy } from '../../admin/list/list-query';
import { listResponse } from '../../admin/list/list-response';
import { CancelHorsePolicyUseCase } from '../cancellation/cancel-horse-policy.use-case';
import { HorsePolicyRepository } from '../policies/horse-policy.repository';
import { presentHorsePolicy } from '../policies/horse-policy.presenter';
import { PolicyStatus } from '../../policies/policy-status';
import { personalDataFor } from '../../admin/pii/personal-data';

const SORTABLE = ['id', 'created_at', 'status'] as const;
const listQuery = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: ['created_at', 'DESC'],
  filter: z.strictObject({ id: idFilter, status: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(), client_id: z.uuid().optional() }),
});
const idParam = z.strictObject({ id: intId });
const cancelBody = z.strictObject({
  reason: z.string().trim().min(1, 'The reason field is required.').max(500, 'The reason may not be greater than 500 characters.'),
});

/** The console's horse policies: every client's, personal data masked without read_pii; staff cancel with a reason, audited. */
@AdminApi('horse-policies')
@Controller('admin/api/horse-policies')
export class AdminHorsePoliciesController {
  constructor(
    private readonly policies: HorsePolicyRepository,
    private readonly cancelPolicy: CancelHorsePolicyUseCase,
    private readonly audit: AuditTrail,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private present(view: Parameters<typeof presentHorsePolicy>[0], role: string) {
    const base = presentHorsePolicy(view, this.config.publicBaseUrl);
    const pii = can(role, 'read_pii', 'horse-policies');
    const show = personalDataFor(role, 'horse-policies');
    const owner = base.owner as Record<string, string>;
    return {
      ...base,
      client_id: view.policy.clientId,
      owner: pii ? owner : { name: show(owner.name), id: show(owner.id), email: show(owner.email), phone: show(owner.phone) },
    };
  }

  @Get()
  @Allow('read')
  @ApiOperation({ summary: 'List horse policies', description: `Every client's. The owner masked without read_pii. ${LIST_CONVENTION}` })
  @ApiList('horse-policies', SORTABLE, 'id, status, client_id')
  async list(@CurrentStaff() staff: Staff, @Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    const ids = idsOf(f.id)
      ?.map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
    const [views, total] = await this.policies.adminPage(
      { ids, status: f.status, clientId: f.client_id },
      orderBy(q.sort, { created_at: 'createdAt' }),
      q.skip,
      q.take,
    );
    return listResponse(
      reply,
      'horse-policies',
      views.map((v) => this.present(v, staff.role)),
      total,
      q.skip,
    );
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({ summary: 'Show a horse policy' })
  @ApiOkResponse({ description: 'The policy.' })
  @ApiErrors(404)
  async show(@CurrentStaff() staff: Staff, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const view = await this.policies.findForClient(null, p.id);
    if (!view) throw ApiError.notFound(`No horse policy with id ${p.id}.`);
    return this.present(view, staff.role);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Allow('cancel')
  @ApiOperation({
    summary: 'Cancel a horse policy',
    description: 'With a `reason`; refunded as in the partner API (15-day cooling-off, then pro rata). Audited. A cancelled policy is 400, an unpaid one 409.',
  })
  @ApiBody({ schema: z.toJSONSchema(cancelBody, { target: 'openapi-3.0', io: 'input' }) as object })
  @ApiOkResponse({ description: 'The cancelled policy.' })
  @ApiErrors(400, 404, 409, 422)
  async cancel(
    @Actor() actor: AuditActor,
    @CurrentStaff() staff: Staff,
    @Param({ schema: idParam }) p: z.infer<typeof idParam>,
    @Body({ schema: cancelBody }) body: z.infer<typeof cancelBody>,
  ) {
    await this.cancelPolicy.execute(null, p.id, { document: null }, this.config.publicBaseUrl, (tx, { refundAmount }) =>
      this.audit.write(tx, actor, {
        action: 'horse-policies.cancel',
        resource: 'horse-policies',
        resourceId: String(p.id),
        before: { status: PolicyStatus.Active },
        after: { status: PolicyStatus.Cancelled, refund_amount: refundAmount, reason: body.reason },
      }),
    );
    return this.show(staff, p);
  }
}
