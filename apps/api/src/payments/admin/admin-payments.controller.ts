import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, Clock, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { ApiClientRepository } from '../../platform/clients/api-client.repository';
import { ApiErrors } from '../../platform/openapi/api-errors.decorator';
import { Responds } from '../../platform/openapi/responds.decorator';
import { type AdminPaymentDetailOut, type AdminPaymentOut, adminPaymentDetailShape, adminPaymentShape } from './admin-payments.response';
import { AdminApi, Allow } from '../../platform/admin/auth/admin-api.decorator';
import { ApiList, LIST_CONVENTION } from '../../platform/admin/list/list-api.decorator';
import { dayFilter, dayRange, idFilter, idsOf, listQuerySchema, orderBy } from '../../platform/admin/list/list-query';
import { listResponse } from '../../platform/admin/list/list-response';
import { presentPayment, presentPayments } from '../payment.presenter';
import { PAYMENT_STATUSES, paymentAt, PaymentRepository } from '../payment.repository';

const SORTABLE = ['created_at', 'amount', 'status', 'paid_at', 'expires_at', 'id'] as const;
const listQuery = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: ['created_at', 'DESC'],
  filter: z.strictObject({
    id: idFilter,
    q: z.string().max(255).optional(),
    status: z.enum(PAYMENT_STATUSES).optional(),
    /** true: only payments still to be paid (pending or failed), what the dashboard counts as pending. */
    open: z.boolean({ error: 'The open filter must be true or false.' }).optional(),
    client_id: z.uuid().optional(),
    policy_type: z.string().max(32).optional(),
    date_from: dayFilter,
    date_to: dayFilter,
  }),
});
const idParam = z.strictObject({ id: z.uuid() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The console's view of every client's payments (read only: payments change by paying). */
@AdminApi('payments')
@Controller('admin/api/payments')
export class AdminPaymentsController {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly clients: ApiClientRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Allow('read')
  @ApiOperation({ summary: 'List payments', description: `Every client's payment records. ${LIST_CONVENTION}` })
  @ApiList(
    'payments',
    SORTABLE,
    'id, q (payment id, vendor reference, policy id or amount), status, open (pending or failed), client_id, policy_type, date_from, date_to (YYYY-MM-DD, on created_at)',
    adminPaymentShape,
  )
  async list(@Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    const [rows, total] = await this.payments.adminPage(
      {
        ids: idsOf(f.id)?.filter((i) => UUID.test(i)),
        q: f.q,
        status: f.status,
        open: f.open,
        clientId: f.client_id,
        policyType: f.policy_type,
        ...dayRange(f.date_from, f.date_to),
      },
      orderBy(q.sort, { created_at: 'createdAt', paid_at: 'paidAt', expires_at: 'expiresAt' }),
      q.skip,
      q.take,
      this.clock.now(),
    );
    const [refunds, names] = await Promise.all([this.payments.refundsOf(rows.map((p) => p.id)), this.clients.namesOf(rows.map((p) => p.clientId))]);
    return listResponse(
      reply,
      'payments',
      presentPayments(rows, refunds, this.config.publicBaseUrl).map((p, i): AdminPaymentOut => ({
        ...p,
        client_id: rows[i].clientId,
        client_name: names.get(rows[i].clientId) ?? null,
      })),
      total,
      q.skip,
    );
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({ summary: 'Show a payment', description: 'With its refunds (amount, reason, payout state) and the vendor callbacks received for it.' })
  @Responds(200, adminPaymentDetailShape, 'The payment with its client and the vendor callbacks received for it.')
  @ApiErrors(404)
  async show(@Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const found = await this.payments.findById(p.id);
    if (!found) throw ApiError.notFound('No payment with this id.');
    const row = paymentAt(found, this.clock.now());
    const [callbacks, refunds, names] = await Promise.all([
      this.payments.callbacksOf(row.id),
      this.payments.refundsOf([row.id]),
      this.clients.namesOf([row.clientId]),
    ]);
    const detail: AdminPaymentDetailOut = {
      ...presentPayment(row, this.config.publicBaseUrl, refunds),
      client_id: row.clientId,
      client_name: names.get(row.clientId) ?? null,
      callbacks: callbacks.map((c) => ({
        event_id: c.eventId,
        vendor_payment_id: c.vendorPaymentId,
        outcome: c.outcome,
        received_at: c.receivedAt.toISOString(),
      })),
    };
    return detail;
  }
}
