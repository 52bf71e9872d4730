import { Body, Controller, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiError, Clock } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { PaymentVendorError, VENDOR_SIGNATURE_HEADER, verifyVendorSignature, wireVendorCallbackSchema } from '@lib/providers';
import { ApplyVendorOutcomeUseCase } from '../apply-vendor-outcome.use-case';
import { PaymentRepository } from '../payment.repository';
import { rawBodyOf } from './raw-body';

export const VENDOR_CALLBACK_PATH = '/payments/vendor/callback';

/**
 * The vendor's server-to-server outcome notice. Signed (HMAC-SHA256 over the raw body, with a
 * timestamp): unsigned, altered or stale notices are 401. Even a well-signed notice is only a prompt:
 * the outcome applied is the one the vendor answers when asked. Each event id is acted on once.
 */
@Controller('payments/vendor')
export class VendorCallbackController {
  constructor(
    private readonly outcome: ApplyVendorOutcomeUseCase,
    private readonly payments: PaymentRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('callback')
  @HttpCode(200)
  @ApiExcludeEndpoint()
  async callback(@Req() req: FastifyRequest, @Headers(VENDOR_SIGNATURE_HEADER) signature: string | undefined, @Body() body: unknown) {
    const raw = rawBodyOf(req) ?? '';
    const now = this.clock.now();
    const check = verifyVendorSignature(
      this.config.paymentVendor.webhookSecret,
      raw,
      signature,
      Math.floor(now.getTime() / 1000),
      this.config.paymentCallbackToleranceSeconds,
    );
    if (!check.ok)
      throw new ApiError('UNAUTHENTICATED', `The callback signature is ${check.reason === 'stale' ? 'too old or too new (replay?)' : check.reason}.`);
    const parsed = wireVendorCallbackSchema.safeParse(body);
    if (!parsed.success) throw ApiError.field('body', 'The callback body does not match the vendor contract.');
    const event = parsed.data;
    try {
      const applied = await this.outcome.execute(event.vendor_payment_id);
      const result = applied.kind;
      const first = await this.payments.recordCallback(
        event.event_id,
        event.vendor_payment_id,
        applied.kind === 'unknown' ? null : applied.payment.id,
        result,
        now,
      );
      return { received: true, duplicate: !first, result };
    } catch (err) {
      // The vendor retries on 5xx: an insurer or vendor hiccup must not lose the payment.
      if (err instanceof PaymentVendorError) throw new ApiError('PROVIDER_FAILED', 'The payment vendor could not confirm the payment.');
      throw err;
    }
  }
}
