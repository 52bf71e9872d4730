import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { amountField, ApiError, Clock, intId, requestBodySchema, z } from '@lib/common';
import { gregorianDateField } from '@lib/common/saudi';
import { ApiErrors } from '../../platform/openapi/api-errors.decorator';
import { Responds } from '../../platform/openapi/responds.decorator';
import {
  adminClaimHandlerListShape,
  adminClaimListShape,
  type AdminClaimOut,
  type AdminClaimPolicyOut,
  adminClaimPolicyListShape,
  adminClaimRecordShape,
  adminClaimShape,
  type AdminClaimTypesOut,
  adminClaimTypesShape,
} from './admin-claim.response';
import { Actor, AdminApi, Allow, CurrentStaff } from '../../platform/admin/auth/admin-api.decorator';
import type { Staff } from '../../platform/admin/auth/staff-request';
import { personalDataFor } from '../../platform/admin/pii/personal-data';
import { AuditActor, AuditTrail } from '../../platform/admin/audit/audit-trail';
import { StaffService } from '../../platform/admin/staff/staff.service';
import { ApiList, LIST_CONVENTION } from '../../platform/admin/list/list-api.decorator';
import { idFilter, idsOf, listQuerySchema, orderBy } from '../../platform/admin/list/list-query';
import { listResponse } from '../../platform/admin/list/list-response';
import { FileStore } from '../../platform/files/file-store';

import { presentAdminClaim, presentClaimSubject } from './claim.presenter';
import { ClaimRepository } from './claim.repository';
import { PolicyProducts } from '../policy-products';
import { CLAIM_DECISION_DAYS, CLAIM_FAMILIES, CLAIM_STATUSES } from './claim-status';
import type { Claim } from '@lib/db/generated/prisma/client';
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
    /** true: only claims still to decide that nobody works yet (the queue). */
    unassigned: z.boolean({ error: 'The unassigned filter must be true or false.' }).optional(),
    /** true: only claims still to decide (submitted or under review), the dashboard's "claims to decide". */
    undecided: z.boolean({ error: 'The undecided filter must be true or false.' }).optional(),
    /** true: only claims past their decision deadline and still undecided. */
    overdue: z.boolean({ error: 'The overdue filter must be true or false.' }).optional(),
  }),
});
const DEADLINE = `A claim must be decided (approved or rejected) within ${CLAIM_DECISION_DAYS} days of its submission: \`decision_due_at\` is \`created_at\` plus ${CLAIM_DECISION_DAYS} days, and \`overdue\` is true while a claim still submitted or under review is past it (on the console's clock, or flagged by its due event: \`overdue_at\`, stored once; in the sandbox when the test clock of its policy passes the deadline).`;
const MAX_BULK = 100;
const bulkAssignBody = z.strictObject({
  ids: z
    .array(intId, { error: 'The ids field must be a list of claim ids.' })
    .min(1, 'Give at least one claim id.')
    .max(MAX_BULK, `At most ${MAX_BULK} claims at once.`),
  staff_id: z.uuid({ error: "The staff id must be a staff member's id." }),
  reason: z.string().trim().max(500, 'The reason may not be greater than 500 characters.').nullish(),
});
const SEARCH_TAKE = 20;
const policySearchQuery = z.strictObject({
  product_family: z.enum(CLAIM_FAMILIES, { error: `The product family must be one of: ${CLAIM_FAMILIES.join(', ')}.` }),
  q: z.string().trim().min(1, 'Type a policy id, policy number, holder id or name.').max(100, 'The search may not be greater than 100 characters.'),
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
  @ApiOperation({
    summary: 'List claims',
    description:
      'Every product family, each with its policy and customer (`policy`: number, status, cover, holder name and id, masked without read_pii) ' +
      `and its assignee's name. Claims still to decide (submitted or under review): \`filter={"undecided":true}\`; the work queue, those of them nobody has taken: \`filter={"unassigned":true}\`; \`filter={"overdue":true}\`, oldest first with \`sort=["created_at","ASC"]\`. ${DEADLINE} ${LIST_CONVENTION}`,
  })
  @ApiList(
    'claims',
    SORTABLE,
    'id, product_family, status, client_id, policy_id, assignee_staff_id, older_than_days, unassigned, undecided, overdue',
    adminClaimShape,
  )
  async list(@CurrentStaff() staff: Staff, @Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
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
        unassigned: f.unassigned,
        undecided: f.undecided,
        undecidedSubmittedBefore: f.overdue ? new Date(this.clock.now().getTime() - CLAIM_DECISION_DAYS * 86_400_000) : undefined,
      },
      q.skip,
      q.take,
      orderBy(q.sort, { created_at: 'createdAt', updated_at: 'updatedAt', requested_amount: 'requestedAmount', incident_date: 'incidentDate' }) as never,
    );
    return listResponse(reply, 'claims', await this.present(rows, staff.role), total, q.skip);
  }

  /** Claims with their history, assignee's name and policy and customer: three reads for the whole page, plus one per family on it. */
  private async present(rows: Claim[], role: string): Promise<AdminClaimOut[]> {
    const [history, assignees, subjects] = await Promise.all([
      this.claims.history(rows.map((r) => r.id)),
      this.staff.namesOf(rows.map((r) => r.assigneeStaffId)),
      this.products.claimSubjects(rows),
    ]);
    const show = personalDataFor(role, 'claims');
    const now = this.clock.now();
    return rows.map((r) => {
      const policy = presentClaimSubject(subjects.get(`${r.productFamily}:${r.policyId}`), show);
      return {
        ...presentAdminClaim(r, history, this.fileUrl, now),
        assignee_name: r.assigneeStaffId ? (assignees.get(r.assigneeStaffId) ?? null) : null,
        customer_name: policy?.holder_name ?? null,
        policy,
      };
    });
  }

  @Get('handlers')
  @Allow('update')
  @ApiOperation({
    summary: 'Staff who may work claims',
    description: 'Active staff whose role may handle claims (move them along their statuses): whom a claim may be assigned to, by name.',
  })
  @Responds(200, adminClaimHandlerListShape, 'The staff a claim may be assigned to, by name.')
  handlers() {
    return this.service.handlers();
  }

  @Get('policies')
  @Allow('create')
  @ApiOperation({
    summary: 'Find a policy to file a claim on',
    description:
      `One family's policies matching \`q\`: the policy id, the insurer's policy number, the holder's national id / iqama / owner or company number (exact), ` +
      `or part of the holder's name; at most ${SEARCH_TAKE}, newest first, in one statement. The holder's name and id are masked without read_pii on claims.`,
  })
  @Responds(200, adminClaimPolicyListShape, 'The matching policies, newest first.')
  @ApiErrors(422)
  async policies(@CurrentStaff() staff: Staff, @Query({ schema: policySearchQuery }) q: z.infer<typeof policySearchQuery>) {
    const found = await this.products.searchClaimSubjects(q.product_family, q.q, SEARCH_TAKE);
    const show = personalDataFor(staff.role, 'claims');
    return found.map((s): AdminClaimPolicyOut => ({ ...presentClaimSubject(s, show)!, client_id: s.clientId }));
  }

  @Post('assign')
  @HttpCode(200)
  @Allow('update')
  @ApiOperation({
    summary: 'Assign several claims',
    description:
      `Gives up to ${MAX_BULK} claims to one active staff member who may handle claims (yourself or a colleague), all or nothing: ` +
      'an unknown id is 404 and a closed claim (rejected, paid) 409, each naming the claims, and then nothing is assigned. ' +
      'Each claim is audited (`claims.assign` with who, when, the previous and new assignee and the `reason`).',
  })
  @ApiBody({ schema: requestBodySchema(bulkAssignBody) })
  @Responds(200, adminClaimListShape, 'The claims, assigned.')
  @ApiErrors(404, 409, 422)
  async assignMany(@Actor() actor: AuditActor, @CurrentStaff() staff: Staff, @Body({ schema: bulkAssignBody }) body: z.infer<typeof bulkAssignBody>) {
    const reason = body.reason || 'Bulk assignment from the claims queue.';
    const updated = await this.service.assignMany(body.ids, body.staff_id, (tx, before, after) =>
      this.audit.write(tx, actor, {
        action: 'claims.assign',
        resource: 'claims',
        resourceId: String(after.id),
        before: { assignee_staff_id: before.assigneeStaffId },
        after: { assignee_staff_id: after.assigneeStaffId, reason, bulk: true },
      }),
    );
    return this.present(updated, staff.role);
  }

  @Get('types')
  @Allow('read')
  @ApiOperation({
    summary: 'Claim types by product family',
    description: 'The families whose policies take claims and the claim types each accepts: what the console offers when a claim is opened.',
  })
  @Responds(200, adminClaimTypesShape, 'The families and their claim types.')
  types(): AdminClaimTypesOut {
    // the registered claim families are CLAIM_FAMILIES (each family's module registers under one of them)
    const families = this.products.claimFamilies() as AdminClaimTypesOut['families'][number]['family'][];
    return { families: families.map((family) => ({ family, claim_types: [...this.products.claimTypes(family)] })) };
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({
    summary: 'Show a claim',
    description: `With its status history (notes and who moved it), its decision deadline and its policy and customer beside it. ${DEADLINE}`,
  })
  @Responds(200, adminClaimShape, 'The claim.')
  @ApiErrors(404)
  async show(@CurrentStaff() staff: Staff, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const claim = await this.claims.find(p.id);
    if (!claim) throw ApiError.notFound(`No claim with id ${p.id}.`);
    return (await this.present([claim], staff.role))[0];
  }

  @Post()
  @Allow('create')
  @ApiOperation({
    summary: 'Open a claim for a customer',
    description: 'On a policy of any client, with the same rules as the partner API (incident within the cover, not in the future). Audited.',
  })
  @ApiBody({ schema: requestBodySchema(createBody) })
  @Responds(201, adminClaimRecordShape, 'The claim, status submitted.')
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
    return presentAdminClaim(claim, await this.claims.history([claim.id]), this.fileUrl, this.clock.now());
  }

  @Post(':id/assign')
  @HttpCode(200)
  @Allow('update')
  @ApiOperation({
    summary: 'Assign a claim',
    description: '`staff_id` of an active staff member who may handle claims, or null to unassign. Closed claims (rejected, paid) are 409. Audited.',
  })
  @ApiBody({ schema: requestBodySchema(assignBody) })
  @Responds(200, adminClaimRecordShape, 'The claim.')
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
    return presentAdminClaim(updated, await this.claims.history([updated.id]), this.fileUrl, this.clock.now());
  }

  @Post(':id/take')
  @HttpCode(200)
  @Allow('transition')
  @ApiOperation({
    summary: 'Take a claim and start its review',
    description:
      'The signed-in handler takes the claim (it becomes theirs) and, if it is still submitted, it moves under review, in one step and ' +
      'without a reason. Closed claims (rejected, paid) are 409. Audited as `claims.assign` and, when the review starts, `claims.transition`.',
  })
  @Responds(200, adminClaimShape, 'The claim, now theirs.')
  @ApiErrors(404, 409)
  async take(@Actor() actor: AuditActor, @CurrentStaff() staff: Staff, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const claim = await this.claims.find(p.id);
    if (!claim) throw ApiError.notFound(`No claim with id ${p.id}.`);
    const taken = await this.service.take(claim, staff.id, actor.email, async (tx, before, after, moved) => {
      const resourceId = String(after.id);
      await this.audit.write(tx, actor, {
        action: 'claims.assign',
        resource: 'claims',
        resourceId,
        before: { assignee_staff_id: before.assigneeStaffId },
        after: { assignee_staff_id: after.assigneeStaffId },
      });
      if (moved)
        await this.audit.write(tx, actor, {
          action: 'claims.transition',
          resource: 'claims',
          resourceId,
          before: { status: before.status },
          after: { status: after.status, approved_amount: null, note: null },
        });
    });
    return (await this.present([taken], staff.role))[0];
  }

  @Post(':id/transition')
  @HttpCode(200)
  @Allow('transition')
  @ApiOperation({
    summary: 'Move a claim to its next status',
    description:
      'submitted -> under_review or rejected; under_review -> approved or rejected; approved -> paid, or back under review (its approved amount cleared). ' +
      'A `note` saying why is required to reject, to approve less than the requested amount, to pay and to move back; starting a review needs none. ' +
      '`approved_amount` (at most the requested amount, default all of it) only when approving; paid pays the approved amount. Another move is 409. Audited.',
  })
  @ApiBody({ schema: requestBodySchema(transitionBody) })
  @Responds(200, adminClaimRecordShape, 'The claim.')
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
    return presentAdminClaim(moved, await this.claims.history([moved.id]), this.fileUrl, this.clock.now());
  }
}
