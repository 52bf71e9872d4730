import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Clock, emailField, formatDateTime, z } from '@lib/common';
import { personIdField, saudiMobileField } from '@lib/common/saudi';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { OtpService } from '../../../platform/otp/otp.service';
import { MotorCustomerRepository } from '../customers/motor-customer.repository';
import { MOTOR_COMPARISON_PRODUCTS, QUOTE_OTP_TTL_MS } from '../motor-products';

export const quoteOtpSchema = z.strictObject({
  owner_id: personIdField('owner id'),
  email: emailField,
  phone: saudiMobileField('phone'),
});

@ApiTags('Motor price comparison')
@PartnerApi(...MOTOR_COMPARISON_PRODUCTS)
@Controller('api/v1/car-comp')
export class QuoteOtpController {
  constructor(
    private readonly otp: OtpService,
    private readonly customers: MotorCustomerRepository,
    private readonly clock: Clock,
  ) {}

  @Post('quote-otp')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Send a quote OTP to the customer',
    description:
      'Sends a four-digit code to `phone`. It is valid 8 hours and may be reused for several quote requests of this owner; ' +
      'requesting a new one invalidates the previous one. One code per phone per minute (429 otherwise). ' +
      'The email must not belong to another customer (owner id). In the sandbox, read the code with GET /api/v1/sandbox/messages.',
  })
  @ApiNoContentResponse({
    description: 'Sent.',
    headers: {
      'X-OTP-Expires-In': { schema: { type: 'integer' }, description: 'Seconds until the code expires (28800).' },
      'X-OTP-Expires-At': { schema: { type: 'string', format: 'date-time' }, description: 'When the code expires (UTC).' },
    },
  })
  @ApiErrors(422)
  async send(
    @CurrentPartner() partner: Partner,
    @Body({ schema: quoteOtpSchema }) body: z.infer<typeof quoteOtpSchema>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const now = this.clock.now();
    await this.customers.remember({ clientId: partner.clientId, ownerId: body.owner_id, email: body.email, phone: body.phone, at: now });
    const { expiresAt } = await this.otp.issue({
      clientId: partner.clientId,
      purpose: 'motor-quote',
      subject: body.owner_id,
      phone: body.phone,
      ttlMs: QUOTE_OTP_TTL_MS,
      text: (code) => `Your motor insurance quote code is ${code}. It is valid for 8 hours. Do not share it.`,
    });
    reply.header('X-OTP-Expires-In', String(Math.round((expiresAt.getTime() - now.getTime()) / 1000)));
    reply.header('X-OTP-Expires-At', formatDateTime(expiresAt));
  }
}
