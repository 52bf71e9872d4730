import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, intId, z } from '@lib/common';
import { can } from '@lib/common/permissions';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { Actor, AdminApi, Allow, CurrentStaff } from '../../admin/auth/admin-api.decorator';
import type { Staff } from '../../admin/auth/staff-request';
import { AuditActor, AuditTrail } from '../../admin/audit/audit-trail';
import { ApiList, LIST_CONVENTION } from '../../admin/list/list-api.decorator';
import { idFilter, idsOf, listQuerySchema, orderBy } from '../../admin/list/list-query';
import { listResponse } from '../../admin/list/list-response';
import { CancelTravelPolicyUseCase } from '../cancellation/cancel-travel-policy.use-case';
import type { TravellerInput } from '../quotes/travel-quote.schema';
import { TravelPolicyRepository, type TravelPolicyView } from '../policies/travel-policy.repository';
import { TravelPolicyPresenter } from '../policies/travel-policy.view';
import { PolicyStatus } from '../../policies/policy-status';
import { personalDataFor } from '../../admin/pii/personal-data';

const SORTABLE = ['created_at', 'id', 'start_date', 'status'] as const;
const listQuery = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: ['created_at', 'DESC'],
  filter: z.strictObject({ id: idFilter, status: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(), client_id: z.uuid().optional() }),
});
const idParam = z.strictObject({ id: intId });
const cancelBody = z.strictObject({
  reason: z.string().trim().min(1, 'The reason field is required.').max(500, 'The reason may not be greater than 500 characters.'),
});

/** The console's travel policies: every client's; applicant and travellers masked without read_pii; operations cancel before the trip, audited. */
@AdminApi('travel-policies')
@Controller('admin/api/travel-policies')
export class AdminTravelPoliciesController {
  constructor(
    private readonly policies: TravelPolicyRepository,
    private readonly presenter: TravelPolicyPresenter,
    private readonly cancelPolicy: CancelTravelPolicyUseCase,
    private readonly audit: AuditTrail,
  ) {}

  private present(view: TravelPolicyView, role: string) {
    const base = this.presenter.present(view);
    if (can(role, 'read_pii', 'travel-policies')) return base;
    const show = personalDataFor(role, 'travel-policies');
    const m = base.meta_data;
    const travellers = (m.travellers as TravellerInput[]).map((t) => ({
      ...t,
      full_name: show(t.full_name),
      passport_number: show(t.passport_number),
      date_of_birth: show(t.date_of_birth),
    }));
    return {
      ...base,
      meta_data: {
        ...m,
        email: show(m.email),
        phone_number: show(m.phone_number),
        date_of_birth: show(m.date_of_birth),
        nationality_id: show(m.nationality_id),
        travellers,
      },
    };
  }

  @Get()
  @Allow('read')
  @ApiOperation({ summary: 'List travel policies', description: `Every client's. Applicant and travellers masked without read_pii. ${LIST_CONVENTION}` })
  @ApiList('travel-policies', SORTABLE, 'id, status, client_id')
  async list(@CurrentStaff() staff: Staff, @Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const ids = idsOf(q.filter.id)
      ?.map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
    const [views, total] = await this.policies.page(
      null,
      { ids, status: q.filter.status, clientId: q.filter.client_id },
      q.skip,
      q.take,
      orderBy(q.sort, { created_at: 'createdAt', start_date: 'startDate' }) as never,
    );
    return listResponse(
      reply,
      'travel-policies',
      views.map((v) => this.present(v, staff.role)),
      total,
      q.skip,
    );
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({ summary: 'Show a travel policy' })
  @ApiOkResponse({ description: 'The policy.' })
  @ApiErrors(404)
  async show(@CurrentStaff() staff: Staff, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const view = await this.policies.findForClient(null, p.id);
    if (!view) throw ApiError.notFound(`No travel policy with id ${p.id}.`);
    return this.present(view, staff.role);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Allow('cancel')
  @ApiOperation({
    summary: 'Cancel a travel policy',
    description:
      'Before the trip starts, with a `reason`; a paid policy is refunded in full through the card vendor, as in the partner API. Audited. Cancelled already: 400; trip started: 409.',
  })
  @ApiBody({ schema: z.toJSONSchema(cancelBody, { target: 'openapi-3.0', io: 'input' }) as object })
  @ApiOkResponse({ description: 'The cancelled policy.' })
  @ApiErrors(400, 404, 409, 422, 502)
  async cancel(
    @Actor() actor: AuditActor,
    @CurrentStaff() staff: Staff,
    @Param({ schema: idParam }) p: z.infer<typeof idParam>,
    @Body({ schema: cancelBody }) body: z.infer<typeof cancelBody>,
  ) {
    await this.cancelPolicy.execute(null, p.id, body.reason, (tx, change) =>
      this.audit.write(tx, actor, {
        action: 'travel-policies.cancel',
        resource: 'travel-policies',
        resourceId: String(p.id),
        before: { status: change.from },
        after: { status: PolicyStatus.Cancelled, refund_amount: change.refundAmount, reason: body.reason },
      }),
    );
    return this.show(staff, p);
  }
}
