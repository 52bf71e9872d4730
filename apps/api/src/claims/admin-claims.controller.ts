import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { amountField, ApiError, Clock, intId, z } from '@lib/common';
import { gregorianDateField } from '@lib/common/saudi';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { Actor, AdminApi, Allow } from '../admin/auth/admin-api.decorator';
import { AuditActor, AuditTrail } from '../admin/audit/audit-trail';
import { StaffService } from '../admin/staff/staff.service';
import { ApiList, LIST_CONVENTION } from '../admin/list/list-api.decorator';
import { idFilter, idsOf, listQuerySchema, orderBy } from '../admin/list/list-query';
import { listResponse } from '../admin/list/list-response';
import { FileStore } from '../files/file-store';

import { presentAdminClaim } from './claim.presenter';
import { ClaimRepository } from './claim.repository';
import { PolicyProducts } from '../policies/policy-products';
import { CLAIM_FAMILIES, CLAIM_STATUSES } from './claim-status';
import { ClaimDocument, ClaimsService } from './claims.service';

const SORTABLE = ['id', 'created_at', 'updated_at', 'status', 'requested_amount', 'incident_date'] as const;
const listQuery = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: ['created_at', 'DESC'],
  filter: z.strictObject({
    id: idFilter,
    product_family: z.enum(CLAIM_FAMILIES).optional(),
    status: z.enum(CLAIM_STATUSES).optional(),
    client_id: z.uuid().optional(),
    policy_id: intId.optional(),
    assignee_staff_id: z.uuid().optional(),
    /** Age: only claims opened at least this many days ago (0-3650). */
    older_than_days: z.int({ error: 'The older_than_days filter must be a whole number of days.' }).min(0).max(3650).optional(),
  }),
});
const idParam = z.strictObject({ id: intId });
const createBody = z.strictObject({
  product_family: z.enum(CLAIM_FAMILIES),
  policy_id: intId,
  claim_type: z.string().trim().min(1).max(64),
  incident_date: gregorianDateField('incident date'),
  description: z.string().trim().min(1, 'The description field is required.').max(2000),
  requested_amount: amountField('requested amount'),
  // react-admin sends an empty optional input as null
  note: z.string().trim().max(2000).nullish(),
});
const transitionBody = z.strictObject({
  status: z.enum(CLAIM_STATUSES, { error: `The status must be one of: ${CLAIM_STATUSES.join(', ')}.` }),
  note: z.string().trim().max(2000).nullish(),
  approved_amount: amountField('approved amount').nullish(),
});
const assignBody = z.strictObject({ staff_id: z.uuid({ error: "The staff id must be a staff member's id." }).nullable() });
const doc = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as object;

/** The claims inbox of the console, across every product family. */
@AdminApi('claims')
@Controller('admin/api/claims')
export class AdminClaimsController {
  constructor(
    private readonly claims: ClaimRepository,
    private readonly products: PolicyProducts,
    private readonly service: ClaimsService,
    private readonly audit: AuditTrail,
    private readonly staff: StaffService,
    private readonly files: FileStore,
    private readonly clock: Clock,
  ) {}

  private fileUrl = (d: ClaimDocument) => this.files.urlOf({ id: d.file_id, contentType: d.content_type });

  @Get()
  @Allow('read')
  @ApiOperation({ summary: 'List claims', description: `Every product family. ${LIST_CONVENTION}` })
  @ApiList('claims', SORTABLE, 'id, product_family, status, client_id, policy_id, assignee_staff_id, older_than_days')
  async list(@Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    const ids = idsOf(f.id)
      ?.map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
    const [rows, total] = await this.claims.page(
      {
        id: ids,
        productFamily: f.product_family,
        status: f.status,
        clientId: f.client_id,
        policyId: f.policy_id,
        assigneeStaffId: f.assignee_staff_id,
        openedBefore: f.older_than_days === undefined ? undefined : new Date(this.clock.now().getTime() - f.older_than_days * 86_400_000),
      },
      q.skip,
      q.take,
      orderBy(q.sort, { created_at: 'createdAt', updated_at: 'updatedAt', requested_amount: 'requestedAmount', incident_date: 'incidentDate' }) as never,
    );
    const [history, assignees] = await Promise.all([this.claims.history(rows.map((r) => r.id)), this.staff.namesOf(rows.map((r) => r.assigneeStaffId))]);
    return listResponse(
      reply,
      'claims',
      rows.map((r) => ({
        ...presentAdminClaim(r, history, this.fileUrl),
        assignee_name: r.assigneeStaffId ? (assignees.get(r.assigneeStaffId) ?? null) : null,
      })),
      total,
      q.skip,
    );
  }

  @Get('types')
  @Allow('read')
  @ApiOperation({
    summary: 'Claim types by product family',
    description: 'The families whose policies take claims and the claim types each accepts: what the console offers when a claim is opened.',
  })
  @ApiOkResponse({
    description: '`{families: [{family, claim_types}]}`',
    schema: { type: 'object', example: { families: [{ family: 'life', claim_types: ['death', 'critical_illness', 'disability'] }] } },
  })
  types() {
    return { families: this.products.claimFamilies().map((family) => ({ family, claim_types: this.products.claimTypes(family) })) };
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({ summary: 'Show a claim', description: 'With its status history (notes and who moved it).' })
  @ApiOkResponse({ description: 'The claim.' })
  @ApiErrors(404)
  async show(@Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const claim = await this.claims.find(p.id);
    if (!claim) throw ApiError.notFound(`No claim with id ${p.id}.`);
    return presentAdminClaim(claim, await this.claims.history([claim.id]), this.fileUrl);
  }

  @Post()
  @Allow('create')
  @ApiOperation({
    summary: 'Open a claim for a customer',
    description: 'On a policy of any client, with the same rules as the partner API (incident within the cover, not in the future). Audited.',
  })
  @ApiBody({ schema: doc(createBody) })
  @ApiCreatedResponse({ description: 'The claim, status submitted.' })
  @ApiErrors(404, 422)
  async create(@Actor() actor: AuditActor, @Body({ schema: createBody }) body: z.infer<typeof createBody>) {
    const claim = await this.service.open(
      {
        productFamily: body.product_family,
        policyId: body.policy_id,
        clientId: null,
        claimType: body.claim_type,
        incidentDate: body.incident_date,
        description: body.description,
        requestedAmount: body.requested_amount,
        documents: [],
        actor: actor.email,
        note: body.note || 'Opened in the console on behalf of the customer.',
      },
      (tx, c) =>
        this.audit.write(tx, actor, {
          action: 'claims.create',
          resource: 'claims',
          resourceId: String(c.id),
          after: { product_family: c.productFamily, policy_id: c.policyId, status: c.status, requested_amount: c.requestedAmount.toString() },
        }),
    );
    return presentAdminClaim(claim, await this.claims.history([claim.id]), this.fileUrl);
  }

  @Post(':id/assign')
  @HttpCode(200)
  @Allow('update')
  @ApiOperation({
    summary: 'Assign a claim',
    description: '`staff_id` of an active staff member who may handle claims, or null to unassign. Closed claims (rejected, paid) are 409. Audited.',
  })
  @ApiBody({ schema: doc(assignBody) })
  @ApiOkResponse({ description: 'The claim.' })
  @ApiErrors(404, 409, 422)
  async assign(
    @Actor() actor: AuditActor,
    @Param({ schema: idParam }) p: z.infer<typeof idParam>,
    @Body({ schema: assignBody }) body: z.infer<typeof assignBody>,
  ) {
    const claim = await this.claims.find(p.id);
    if (!claim) throw ApiError.notFound(`No claim with id ${p.id}.`);
    const updated = await this.service.assign(claim, body.staff_id, (tx, c) =>
      this.audit.write(tx, actor, {
        action: 'claims.assign',
        resource: 'claims',
        resourceId: String(c.id),
        before: { assignee_staff_id: claim.assigneeStaffId },
        after: { assignee_staff_id: c.assigneeStaffId },
      }),
    );
    return presentAdminClaim(updated, await this.claims.history([updated.id]), this.fileUrl);
  }

  @Post(':id/transition')
  @HttpCode(200)
  @Allow('transition')
  @ApiOperation({
    summary: 'Move a claim to its next status',
    description:
      'submitted -> under_review or rejected; under_review -> approved or rejected; approved -> paid. A rejection needs a `note`; ' +
      '`approved_amount` (at most the requested amount, default all of it) only when approving; paid pays the approved amount. Another move is 409. Audited.',
  })
  @ApiBody({ schema: doc(transitionBody) })
  @ApiOkResponse({ description: 'The claim.' })
  @ApiErrors(404, 409, 422)
  async transition(
    @Actor() actor: AuditActor,
    @Param({ schema: idParam }) p: z.infer<typeof idParam>,
    @Body({ schema: transitionBody }) body: z.infer<typeof transitionBody>,
  ) {
    const claim = await this.claims.find(p.id);
    if (!claim) throw ApiError.notFound(`No claim with id ${p.id}.`);
    const moved = await this.service.move(
      claim,
      { to: body.status, actor: actor.email, note: body.note || null, approvedAmount: body.approved_amount ?? null },
      (tx, c) =>
        this.audit.write(tx, actor, {
          action: 'claims.transition',
          resource: 'claims',
          resourceId: String(c.id),
          before: { status: claim.status },
          after: { status: c.status, approved_amount: c.approvedAmount?.toString() ?? null, note: body.note ?? null },
        }),
    );
    return presentAdminClaim(moved, await this.claims.history([moved.id]), this.fileUrl);
  }
}
