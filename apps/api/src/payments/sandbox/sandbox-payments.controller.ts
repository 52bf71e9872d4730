import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from '@lib/common';
import { CurrentPartner, PartnerApi } from '../../platform/auth/partner-api.decorator';
import type { Partner } from '../../platform/auth/partner';
import { ApiErrors } from '../../platform/openapi/api-errors.decorator';
import { Responds } from '../../platform/openapi/responds.decorator';
import { sandboxPaymentAttemptShape } from './sandbox-payment.response';
import { HeadlessPayment, TEST_CARD_OUTCOMES, type TestCardOutcome } from './headless-payment';

const OUTCOMES = Object.keys(TEST_CARD_OUTCOMES) as [TestCardOutcome, ...TestCardOutcome[]];
const payBody = z
  .strictObject({
    payment_link: z.url({ error: 'The payment link must be the URL a policy answered.' }).max(2048).nullish(),
    payment_id: z.uuid({ error: "The payment id must be a payment's id from GET /payments." }).nullish(),
    outcome: z.enum(OUTCOMES, { error: `The outcome must be one of: ${OUTCOMES.join(', ')}.` }).default('paid'),
  })
  .refine((b) => Boolean(b.payment_link) !== Boolean(b.payment_id), { message: 'Give the payment_link or the payment_id, not both.', path: ['payment_link'] });

/** Sandbox only: pay, decline or fail a payment link from an automated test, without a browser. */
@ApiTags('Sandbox')
@PartnerApi()
@Controller('api/v1/sandbox/payments')
export class SandboxPaymentsController {
  constructor(private readonly headless: HeadlessPayment) {}

  @Post('pay')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Pay a payment link with a test card outcome (sandbox only)',
    description:
      "Does what a customer does on the payment page, server to server: opens the checkout, types the test card on the vendor's card page and comes back. " +
      'The vendor sends its signed callback and the policy activates exactly as after a real payment (webhooks included). ' +
      '`payment_link` (as a policy answered it) or `payment_id` (from `GET /payments`), and `outcome`: `paid` (default), `card_declined`, `insufficient_funds` or `processing_error`. ' +
      "Answers the payment record after the attempt: `paid`, or `failed` with `failure_code` (the same link can be paid again). Another client's payment is 404; one that cannot be paid any more is 409.",
  })
  @ApiBody({ schema: { type: 'object', example: { payment_link: 'http://localhost:3000/pay/9b1d0f3e6a7c4b2d8e5f1a3c7b9d2e4f6a8c0b1d', outcome: 'paid' } } })
  @Responds(200, sandboxPaymentAttemptShape, 'The outcome played and the payment after the attempt.')
  @ApiErrors(404, 409, 422, 502)
  pay(@CurrentPartner() partner: Partner, @Body({ schema: payBody }) body: z.infer<typeof payBody>) {
    return this.headless.pay(partner.clientId, body, body.outcome);
  }
}
