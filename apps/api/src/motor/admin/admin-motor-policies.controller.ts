import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, intId, z } from '@lib/common';
import { AdminApi, Allow, CurrentStaff } from '../../admin/auth/admin-api.decorator';
import type { Staff } from '../../admin/auth/staff-request';
import { ApiList, LIST_CONVENTION } from '../../admin/list/list-api.decorator';
import { listQuerySchema, orderBy } from '../../admin/list/list-query';
import { listResponse } from '../../admin/list/list-response';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { InsurerDirectory } from './insurer-directory';
import { createdRange, createdRangeShape, numericIdFilter, numericIds, refineCreatedRange } from './motor-admin-filters';
import { presentPolicyDetail, presentPolicySummary } from './motor-admin.presenter';
import { personalDataFor } from '../../admin/pii/personal-data';
import { POLICY_STATUS_NAMES, PolicyAdminRepository } from './policy-admin.repository';

const RESOURCE = 'motor-policies';
const SORTABLE = ['created_at', 'id', 'price', 'status', 'insurer_code'] as const;
const listQuery = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: ['created_at', 'DESC'],
  filter: z
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
    .superRefine(refineCreatedRange),
});
const idParam = z.strictObject({ id: intId });

/** Motor policies of every client with their payments, for the console: read only, not audited. */
@AdminApi(RESOURCE)
@Controller('admin/api/motor-policies')
export class AdminMotorPoliciesController {
  constructor(
    private readonly repo: PolicyAdminRepository,
    private readonly directory: InsurerDirectory,
  ) {}

  @Get()
  @Allow('read')
  @ApiOperation({
    summary: 'List motor policies',
    description: `Every client's motor policies; \`status\` is pending or issued. Owner ids and IBAN are masked for roles without read_pii. created_from/created_to are UTC dates, both inclusive. ${LIST_CONVENTION}`,
  })
  @ApiList(RESOURCE, SORTABLE, 'id, status (pending, issued), insurer_code, client_id, quote_request_id, created_from, created_to (YYYY-MM-DD)')
  @ApiErrors(422)
  async list(@CurrentStaff() staff: Staff, @Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    const [{ rows, total }, names] = await Promise.all([
      this.repo.page(
        { ids: numericIds(f.id), status: f.status, insurerCode: f.insurer_code, clientId: f.client_id, quoteRequestId: f.quote_request_id, ...createdRange(f) },
        orderBy(q.sort, { created_at: 'createdAt', insurer_code: 'insurerCode' }),
        q.skip,
        q.take,
      ),
      this.directory.names(),
    ]);
    const mask = personalDataFor(staff.role, RESOURCE);
    return listResponse(
      reply,
      RESOURCE,
      rows.map((r) => presentPolicySummary(r, mask, names)),
      total,
      q.skip,
    );
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({
    summary: 'Show a motor policy',
    description: 'The policy, its quote request id and its payment rows (status, amount, expiry). Amounts are decimal strings.',
  })
  @ApiOkResponse({ description: 'The policy with its payments.' })
  @ApiErrors(404, 422)
  async show(@CurrentStaff() staff: Staff, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const [found, names] = await Promise.all([this.repo.find(p.id), this.directory.names()]);
    if (!found) throw ApiError.notFound(`No motor policy with id ${p.id}.`);
    return presentPolicyDetail(found.policy, found.payments, personalDataFor(staff.role, RESOURCE), names);
  }
}
