import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, z } from '@lib/common';
import { ApiClientRepository } from '../../platform/clients/api-client.repository';
import { ApiErrors } from '../../platform/openapi/api-errors.decorator';
import { Responds } from '../../platform/openapi/responds.decorator';
import { adminRefundShape } from './admin-payments.response';
import { Actor, AdminApi, Allow } from '../../platform/admin/auth/admin-api.decorator';
import type { AuditActor } from '../../platform/admin/audit/audit-trail';
import { ApiList, LIST_CONVENTION } from '../../platform/admin/list/list-api.decorator';
import { dayFilter, dayRange, idFilter, idsOf, listQuerySchema, orderBy } from '../../platform/admin/list/list-query';
import { listResponse } from '../../platform/admin/list/list-response';
import { presentAdminRefund } from '../refunds/refund.presenter';
import { REFUND_STATUSES, RefundRepository } from '../refunds/refund.repository';
import { RetryRefundUseCase } from '../refunds/retry-refund.use-case';

const SORTABLE = ['created_at', 'amount', 'status', 'refunded_at', 'attempts', 'id'] as const;
const listQuery = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: ['created_at', 'DESC'],
  filter: z.strictObject({
    id: idFilter,
    q: z.string().max(255).optional(),
    status: z.enum(REFUND_STATUSES).optional(),
    client_id: z.uuid().optional(),
    policy_type: z.string().max(32).optional(),
    date_from: dayFilter,
    date_to: dayFilter,
  }),
});
const idParam = z.strictObject({ id: z.uuid({ error: "The id must be a refund's id." }) });
const retryBody = z.strictObject({
  reason: z.string().trim().min(1, 'The reason field is required.').max(500, 'The reason may not be greater than 500 characters.'),
});
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Refunds owed to customers across every family: what is being paid back, what was, and what failed and waits for operations. */
@AdminApi('refunds')
@Controller('admin/api/refunds')
export class AdminRefundsController {
  constructor(
    private readonly refunds: RefundRepository,
    private readonly clients: ApiClientRepository,
    private readonly retryRefund: RetryRefundUseCase,
  ) {}

  @Get()
  @Allow('read')
  @ApiOperation({ summary: 'List refunds', description: `Every client's refunds with their payout state, tries and last error. ${LIST_CONVENTION}` })
  @ApiList(
    'refunds',
    SORTABLE,
    'id, q (refund id, payment id, vendor payment id, policy id or amount), status (pending, succeeded, failed), client_id, policy_type, date_from, date_to (YYYY-MM-DD, on created_at)',
    adminRefundShape,
  )
  async list(@Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    const [rows, total] = await this.refunds.adminPage(
      {
        ids: idsOf(f.id)?.filter((i) => UUID.test(i)),
        q: f.q,
        status: f.status,
        clientId: f.client_id,
        policyType: f.policy_type,
        ...dayRange(f.date_from, f.date_to),
      },
      orderBy(q.sort, { created_at: 'createdAt', refunded_at: 'refundedAt' }),
      q.skip,
      q.take,
    );
    const names = await this.clients.namesOf(rows.map((r) => r.clientId));
    return listResponse(
      reply,
      'refunds',
      rows.map((r) => presentAdminRefund(r, names.get(r.clientId) ?? null)),
      total,
      q.skip,
    );
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({ summary: 'Show a refund' })
  @Responds(200, adminRefundShape, 'The refund.')
  @ApiErrors(404)
  async show(@Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const row = await this.refunds.findById(p.id);
    if (!row) throw ApiError.notFound('No refund with this id.');
    return presentAdminRefund(row, (await this.clients.namesOf([row.clientId])).get(row.clientId) ?? null);
  }

  @Post(':id/retry')
  @HttpCode(200)
  @Allow('retry')
  @ApiOperation({
    summary: 'Try a failed refund again',
    description:
      'A `failed` refund (the vendor refused it, or every try failed) is owed again at once with a fresh count of tries; the worker pays it out right away. `reason` is required and audited. 409 for a refund that is not failed.',
  })
  @ApiBody({ schema: { type: 'object', example: { reason: 'The vendor confirmed the card accepts refunds again.' } } })
  @Responds(200, adminRefundShape, 'The refund, pending again.')
  @ApiErrors(404, 409, 422)
  async retry(
    @Actor() actor: AuditActor,
    @Param({ schema: idParam }) p: z.infer<typeof idParam>,
    @Body({ schema: retryBody }) body: z.infer<typeof retryBody>,
  ) {
    const row = await this.retryRefund.execute(actor, p.id, body.reason);
    return presentAdminRefund(row, (await this.clients.namesOf([row.clientId])).get(row.clientId) ?? null);
  }
}
