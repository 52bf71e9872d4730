import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, intId, parseDate, z } from '@lib/common';
import { gregorianDateField } from '@lib/common/saudi';
import type { PropertyPolicy } from '@lib/db/generated/prisma/client';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { Actor, AdminApi, Allow, CurrentStaff } from '../../admin/auth/admin-api.decorator';
import type { Staff } from '../../admin/auth/staff-request';
import { AuditActor, AuditTrail } from '../../admin/audit/audit-trail';
import { ApiList, LIST_CONVENTION } from '../../admin/list/list-api.decorator';
import { idFilter, idsOf, listQuerySchema, orderBy } from '../../admin/list/list-query';
import { listResponse } from '../../admin/list/list-response';
import { CancelPropertyPolicyUseCase } from '../cancellation/cancel-property-policy.use-case';
import { CancellationStatusService } from '../cancellation/cancellation-status.service';
import { PropertyPolicyViews } from '../policies/property-policy-views';
import { PropertyPolicyRepository, PropertyPolicyView } from '../policies/property-policy.repository';
import { presentAdminPropertyPolicy } from './admin-property-policy.presenter';

const DAY_MS = 86_400_000;
const SORTABLE = ['id', 'created_at', 'status', 'price', 'start_date'] as const;
const listQuery = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: ['created_at', 'DESC'],
  filter: z.strictObject({
    id: idFilter,
    q: z.string().trim().max(255).optional(),
    status: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
    client_id: z.uuid().optional(),
    insurer_code: z.string().max(32).optional(),
    nationality_id: z.string().max(20).optional(),
    created_from: gregorianDateField('created from').optional(),
    created_to: gregorianDateField('created to').optional(),
  }),
});
const idParam = z.strictObject({ id: intId });
const cancelBody = z.strictObject({ reason: z.string().trim().min(1, 'The reason field is required.').max(500, 'The reason may not be greater than 500 characters.') });

/** What the audit log keeps of a policy: no personal data. */
const summary = (p: PropertyPolicy) => ({ status: p.status, price: p.price.toString(), refund_amount: p.refundAmount?.toString() ?? null, reason: p.cancellationReason });

@AdminApi('property-policies')
@Controller('admin/api/property-policies')
export class AdminPropertyPoliciesController {
  constructor(
    private readonly policies: PropertyPolicyRepository,
    private readonly views: PropertyPolicyViews,
    private readonly status: CancellationStatusService,
    private readonly cancelPolicy: CancelPropertyPolicyUseCase,
    private readonly audit: AuditTrail,
  ) {}

  private async present(v: PropertyPolicyView, role: string) {
    const payments = await this.policies.paymentsOf(v.policy.id);
    const p = v.policy;
    return presentAdminPropertyPolicy(this.views.present(v), { payments, canceledBy: p.canceledBy, insurer: p.insurerCode, productCode: p.productCode, activatedAt: p.activatedAt }, role);
  }

  private async found(id: number): Promise<PropertyPolicy> {
    const policy = await this.policies.find(id);
    if (!policy) throw ApiError.notFound(`No property policy with id ${id}.`);
    return policy;
  }

  @Get()
  @Allow('read')
  @ApiOperation({ summary: 'List property policies', description: `Every client's. Personal data masked without read_pii. ${LIST_CONVENTION}` })
  @ApiList('property-policies', SORTABLE, 'id, q (email, nationality id or policy id), status, client_id, insurer_code, nationality_id, created_from, created_to')
  async list(@CurrentStaff() staff: Staff, @Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    const ids = idsOf(f.id)?.map(Number).filter((n) => Number.isInteger(n) && n > 0);
    const [rows, total] = await this.policies.page(
      {
        ids,
        q: f.q,
        status: f.status,
        clientId: f.client_id,
        insurerCode: f.insurer_code,
        nationalityId: f.nationality_id,
        createdFrom: f.created_from ? parseDate(f.created_from)! : undefined,
        createdTo: f.created_to ? new Date(parseDate(f.created_to)!.getTime() + DAY_MS) : undefined,
      },
      q.skip,
      q.take,
      orderBy(q.sort, { created_at: 'createdAt', start_date: 'startDate' }) as never,
    );
    return listResponse(reply, 'property-policies', await Promise.all(rows.map((v) => this.present(v, staff.role))), total, q.skip);
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({ summary: 'Show a property policy', description: 'With its documents and payments.' })
  @ApiOkResponse({ description: 'The policy.' })
  @ApiErrors(404)
  async show(@CurrentStaff() staff: Staff, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    return this.present(await this.policies.view(await this.found(p.id)), staff.role);
  }

  @Get(':id/cancellation-status')
  @Allow('check_status')
  @ApiOperation({ summary: 'Check the cancellation status with the insurer, live', description: 'As the partner API\'s cancellation-status; 502 when the insurer fails.' })
  @ApiOkResponse({ description: '`{"status": "active"}`' })
  @ApiErrors(404, 502)
  async cancellationStatus(@Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    return this.status.of(await this.found(p.id));
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Allow('cancel')
  @ApiOperation({ summary: 'Cancel a property policy', description: 'With a `reason`; cancelled with the insurer and refunded pro rata as in the partner API. Audited. A cancelled policy is 400.' })
  @ApiBody({ schema: z.toJSONSchema(cancelBody, { target: 'openapi-3.0', io: 'input' }) as object })
  @ApiOkResponse({ description: 'The cancelled policy.' })
  @ApiErrors(400, 404, 422, 502)
  async cancel(@Actor() actor: AuditActor, @CurrentStaff() staff: Staff, @Param({ schema: idParam }) p: z.infer<typeof idParam>, @Body({ schema: cancelBody }) body: z.infer<typeof cancelBody>) {
    const policy = await this.found(p.id);
    const cancelled = await this.cancelPolicy.execute({
      policy,
      reason: body.reason,
      by: actor.email,
      alsoInTx: (tx, { cancelled: after }) => this.audit.write(tx, actor, { action: 'property-policies.cancel', resource: 'property-policies', resourceId: String(policy.id), before: summary(policy), after: summary(after) }),
    });
    return this.present(await this.policies.view(cancelled), staff.role);
  }
}
