import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, intId, z } from '@lib/common';
import { AdminApi, Allow, CurrentStaff } from '../../../platform/admin/auth/admin-api.decorator';
import type { Staff } from '../../../platform/admin/auth/staff-request';
import { ApiList, LIST_CONVENTION } from '../../../platform/admin/list/list-api.decorator';
import { listQuerySchema } from '../../../platform/admin/list/list-query';
import { listResponse } from '../../../platform/admin/list/list-response';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { InsurerDirectory } from './insurer-directory';
import { createdRange, createdRangeShape, numericIdFilter, numericIds, refineCreatedRange } from './motor-admin-filters';
import { presentQuoteRequestDetail, presentQuoteRequestSummary } from './motor-admin.presenter';
import { personalDataFor } from '../../../platform/admin/pii/personal-data';
import { QUOTE_REQUEST_STATUSES, QuoteRequestAdminRepository, QuoteRequestSortField } from './quote-request-admin.repository';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { adminMotorQuoteRequestDetailShape, adminMotorQuoteRequestShape } from './motor-admin.response';

const RESOURCE = 'motor-quote-requests';
const SORTABLE = ['created_at', 'id', 'status', 'offer_count', 'client_name'] as const;
const listQuery = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: ['created_at', 'DESC'],
  filter: z
    .strictObject({
      id: numericIdFilter,
      owner_id: z
        .string()
        .regex(/^[12]\d{9}$/, 'The owner_id must be 10 digits starting with 1 or 2.')
        .optional(),
      client_id: z.uuid({ error: 'The client_id must be a UUID.' }).optional(),
      status: z.enum(QUOTE_REQUEST_STATUSES, { error: `The status must be one of: ${QUOTE_REQUEST_STATUSES.join(', ')}.` }).optional(),
      ...createdRangeShape,
    })
    .superRefine(refineCreatedRange),
});
const idParam = z.strictObject({ id: intId });

const STATUS_DOC =
  "status is derived from the insurers' answers: `quoted` = at least one offer; `no_offers` = no offer although at least one insurer answered " +
  '(declined or answered without offers); `failed` = no insurer answered (every outcome an error or a timeout).';

/** Motor quote requests of every client, for the console: read only, not audited. */
@AdminApi(RESOURCE)
@Controller('admin/api/motor-quote-requests')
export class AdminMotorQuoteRequestsController {
  constructor(
    private readonly repo: QuoteRequestAdminRepository,
    private readonly directory: InsurerDirectory,
  ) {}

  @Get()
  @Allow('read')
  @ApiOperation({
    summary: 'List motor quote requests',
    description: `Every client's requests, partner-deleted ones included (\`deleted_at\`). ${STATUS_DOC} Owner id, email and phone are masked for roles without read_pii. created_from/created_to are UTC dates, both inclusive. ${LIST_CONVENTION}`,
  })
  @ApiList(
    RESOURCE,
    SORTABLE,
    'id, owner_id (exact), client_id, status (quoted, no_offers, failed), created_from, created_to (YYYY-MM-DD)',
    adminMotorQuoteRequestShape,
  )
  @ApiErrors(422)
  async list(@CurrentStaff() staff: Staff, @Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    const { rows, total } = await this.repo.page(
      { ids: numericIds(f.id), ownerId: f.owner_id, clientId: f.client_id, status: f.status, ...createdRange(f) },
      { field: q.sort.field as QuoteRequestSortField, order: q.sort.order },
      q.skip,
      q.take,
    );
    const mask = personalDataFor(staff.role, RESOURCE);
    return listResponse(
      reply,
      RESOURCE,
      rows.map((r) => presentQuoteRequestSummary(r, mask)),
      total,
      q.skip,
    );
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({
    summary: 'Show a motor quote request',
    description: `The request, its status, and one entry per insurer asked: outcome (ok, declined, timeout, error), latency, detail and its offers grouped by cover (type and fix type) with prices (deductibles) and benefits. Amounts are decimal strings. ${STATUS_DOC}`,
  })
  @Responds(200, adminMotorQuoteRequestDetailShape, 'The quote request.')
  @ApiErrors(404, 422)
  async show(@CurrentStaff() staff: Staff, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const [found, names] = await Promise.all([this.repo.find(p.id), this.directory.names()]);
    if (!found) throw ApiError.notFound(`No motor quote request with id ${p.id}.`);
    return presentQuoteRequestDetail(found.row, found.summary, staff.role, names);
  }
}
