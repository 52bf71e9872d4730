import { Controller, Get, Inject, Param, Query, Req } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiError, Clock, pageSkip, toPage, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { absoluteUrl } from '../../platform/http/absolute-url';
import { ApiErrors } from '../../platform/openapi/api-errors.decorator';
import { Responds } from '../../platform/openapi/responds.decorator';
import { CurrentPartnerUser, PortalAllow, PortalApi } from '../../platform/portal/auth/portal-api.decorator';
import type { PartnerUserPrincipal } from '../../platform/portal/auth/partner-request';
import { presentPayment, presentRefund } from '../payment.presenter';
import { paymentAt, PaymentRepository } from '../payment.repository';
import { paymentPageShape, paymentShape } from '../payment.response';
import type { Refund } from '@lib/db/generated/prisma/client';
import { RefundRepository } from '../refunds/refund.repository';
import {
  portalMoneyParam,
  portalPaymentsQuery,
  PortalRefundOut,
  portalRefundPageShape,
  portalRefundShape,
  portalRefundsQuery,
} from './portal-payments.response';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const presentPortalRefund = (r: Refund): PortalRefundOut => ({
  ...presentRefund(r),
  payment_id: r.paymentId,
  policy_type: r.policyType,
  policy_id: r.policyId,
});

/** The portal's Payments: the partner's payment records, as its API's GET /payments answers them; every role reads. */
@PortalApi()
@Controller('portal/api/payments')
export class PortalPaymentsController {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @PortalAllow('read')
  @ApiOperation({
    summary: "Your client's payments",
    description: "Newest first, in the paginator envelope, each with its refunds. Filters: `status`, `family` (the policy's family); `page`, `per_page`.",
  })
  @Responds(200, paymentPageShape, 'A page of payments, newest first.')
  @ApiErrors(422)
  async list(
    @CurrentPartnerUser() user: PartnerUserPrincipal,
    @Query({ schema: portalPaymentsQuery }) q: z.output<typeof portalPaymentsQuery>,
    @Req() req: FastifyRequest,
  ) {
    // a link past its expiry reads as expired, as GET /payments shows it
    const filter = { status: q.status, policyType: q.family };
    const [rows, total] = await this.payments.page(user.clientId, filter, pageSkip(q), q.per_page, this.clock.now());
    const data = rows.map((r) => presentPayment(r.payment, this.config.publicBaseUrl, r.refunds));
    return toPage(data, total, q, absoluteUrl(this.config.publicBaseUrl, req), { status: q.status, family: q.family, per_page: q.per_page });
  }

  @Get(':id')
  @PortalAllow('read')
  @ApiOperation({ summary: 'One of your payments, with its refunds' })
  @Responds(200, paymentShape, 'The payment.')
  @ApiErrors(404)
  async show(@CurrentPartnerUser() user: PartnerUserPrincipal, @Param({ schema: portalMoneyParam }) p: z.output<typeof portalMoneyParam>) {
    const payment = UUID.test(p.id) ? await this.payments.findOfClient(user.clientId, p.id) : null;
    if (!payment) throw ApiError.notFound('No payment of yours with this id.');
    const current = paymentAt(payment, this.clock.now());
    return presentPayment(current, this.config.publicBaseUrl, await this.payments.refundsOf([current.id]));
  }
}

/** The portal's Refunds: money given back on the partner's payments; every role reads. */
@PortalApi()
@Controller('portal/api/refunds')
export class PortalRefundsController {
  constructor(
    private readonly refunds: RefundRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @PortalAllow('read')
  @ApiOperation({
    summary: "Your client's refunds",
    description: 'Newest first, in the paginator envelope. Filters: `status` (pending, succeeded, failed), `family`; `page`, `per_page`.',
  })
  @Responds(200, portalRefundPageShape, 'A page of refunds, newest first.')
  @ApiErrors(422)
  async list(
    @CurrentPartnerUser() user: PartnerUserPrincipal,
    @Query({ schema: portalRefundsQuery }) q: z.output<typeof portalRefundsQuery>,
    @Req() req: FastifyRequest,
  ) {
    const [rows, total] = await this.refunds.clientPage(user.clientId, { status: q.status, policyType: q.family }, pageSkip(q), q.per_page);
    return toPage(rows.map(presentPortalRefund), total, q, absoluteUrl(this.config.publicBaseUrl, req), {
      status: q.status,
      family: q.family,
      per_page: q.per_page,
    });
  }

  @Get(':id')
  @PortalAllow('read')
  @ApiOperation({ summary: 'One of your refunds' })
  @Responds(200, portalRefundShape, 'The refund.')
  @ApiErrors(404)
  async show(@CurrentPartnerUser() user: PartnerUserPrincipal, @Param({ schema: portalMoneyParam }) p: z.output<typeof portalMoneyParam>) {
    const refund = UUID.test(p.id) ? await this.refunds.findOfClient(user.clientId, p.id) : null;
    if (!refund) throw ApiError.notFound('No refund of yours with this id.');
    return presentPortalRefund(refund);
  }
}
