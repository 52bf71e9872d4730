import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Clock, formatDate, LARGE_LIST_TOTAL_NOTE, pageQueryShape, pageSkip, parseDate, toPage, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { RateLimit } from '@lib/http';
import { CurrentPartner, PartnerApi } from '../platform/auth/partner-api.decorator';
import type { Partner } from '../platform/auth/partner';
import { absoluteUrl } from '../platform/http/absolute-url';
import { ApiErrors } from '../platform/openapi/api-errors.decorator';
import { presentPayment } from './payment.presenter';
import { paymentPageShape } from './payment.response';
import { Responds } from '../platform/openapi/responds.decorator';
import { PAYMENT_STATUS_REASON_CODES } from './payment-status-reasons';
import { PAYMENT_STATUSES, PaymentRepository } from './payment.repository';

const day = (field: string) =>
  z
    .string()
    .refine((v) => parseDate(v) !== null, `The ${field.replace('_', ' ')} must be a date (YYYY-MM-DD).`)
    .transform((v) => parseDate(v)!);

const listQuery = z
  .strictObject({
    ...pageQueryShape,
    status: z.enum(PAYMENT_STATUSES, { error: `The status must be one of: ${PAYMENT_STATUSES.join(', ')}.` }).optional(),
    date_from: day('date_from').optional(),
    date_to: day('date_to').optional(),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, { path: ['date_to'], message: 'The date to must be on or after the date from.' });

/** The client's own payment records: GET /api/v1/payments, and the spec's index path GET /payments. */
@ApiTags('Payments')
@PartnerApi()
@Controller()
export class PaymentsController {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(['api/v1/payments', 'payments'])
  @RateLimit('GET /payments')
  @ApiOperation({
    summary: 'List payment records',
    description:
      "The calling client's payments behind payment links, newest first, in the paginator envelope. Filters: `status` " +
      `(${PAYMENT_STATUSES.join(', ')}) and \`date_from\` / \`date_to\` (YYYY-MM-DD, inclusive, on \`created_at\` in UTC). ` +
      '`failed` means the last card attempt failed (`failure_code`); the link still works until `expires_at`. A link past ' +
      '`expires_at` is `expired`. `cancelled`: the link was withdrawn before it was paid (the policy was cancelled, or a newer link replaced it; ' +
      '`status_reason` says which). `refunded`: money was given back through the card vendor, after a cancellation or because a confirmed ' +
      'payment could no longer be applied (paid after its policy was cancelled or replaced, paid twice, or a different amount); ' +
      '`status_reason` and `status_message` say why, `refunds` list each refund (`pending` until the vendor pays it back, then `succeeded`; ' +
      '`failed` is left to operations). Money the vendor confirmed is always either applied (`paid`) or refunded. Reason codes: ' +
      `${PAYMENT_STATUS_REASON_CODES.join(', ')}. ` +
      "`vendor_reference` is the payment vendor's id of the current attempt; card data never reaches the service. " +
      "Also served at `/payments`, the spec's index path. Rate limit: 120 requests per minute." +
      LARGE_LIST_TOTAL_NOTE,
  })
  @Responds(200, paymentPageShape, 'A page of payment records.')
  @ApiErrors(422)
  async list(@CurrentPartner() partner: Partner, @Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Req() req: FastifyRequest) {
    const to = q.date_to ? new Date(q.date_to.getTime() + 86_400_000 - 1) : undefined;
    const filter = { status: q.status, from: q.date_from, to };
    const [rows, total] = await this.payments.page(partner.clientId, filter, pageSkip(q), q.per_page, this.clock.now());
    return toPage(
      rows.map((r) => presentPayment(r.payment, this.config.publicBaseUrl, r.refunds)),
      total,
      q,
      absoluteUrl(this.config.publicBaseUrl, req),
      { status: q.status, date_from: q.date_from && formatDate(q.date_from), date_to: q.date_to && formatDate(q.date_to), per_page: q.per_page },
    );
  }
}
