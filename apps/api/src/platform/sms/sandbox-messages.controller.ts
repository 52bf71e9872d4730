import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { dateTimeOut, pageQueryShape, pageSkip, paginated, shape, toPage, formatDateTime, z } from '@lib/common';
import { Responds } from '../openapi/responds.decorator';
import { saudiMobileField } from '@lib/common/saudi';
import { CurrentPartner, PartnerApi } from '../auth/partner-api.decorator';
import type { Partner } from '../auth/partner';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { SandboxSmsOutbox } from './sandbox-sms-outbox';
import { absoluteUrl } from '../http/absolute-url';

const query = z.strictObject({ phone: saudiMobileField('phone').optional(), ...pageQueryShape });

const messagePage = paginated(
  'SandboxMessagePage',
  shape('SandboxMessage', z.object({ phone: z.string().meta({ example: '0512345678' }), text: z.string(), created_at: dateTimeOut })),
);

/** Sandbox only (absent in production): the SMS the service "sent" for the calling client, newest first. */
@ApiTags('Sandbox')
@PartnerApi()
@Controller('api/v1/sandbox/messages')
export class SandboxMessagesController {
  constructor(
    private readonly outbox: SandboxSmsOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Read the SMS sent to a phone (sandbox only)',
    description: 'Every SMS the sandbox would have sent on your behalf (quote and issue OTPs), newest first. Not available in production.',
  })
  @Responds(200, messagePage, 'A page of the SMS sent, newest first.')
  async list(@CurrentPartner() partner: Partner, @Query({ schema: query }) q: z.infer<typeof query>, @Req() req: FastifyRequest) {
    const [rows, total] = await this.outbox.list(partner.clientId, q.phone, pageSkip(q), q.per_page);
    const data = rows.map((m) => ({ phone: m.phone, text: m.text, created_at: formatDateTime(m.createdAt) }));
    return toPage(data, total, q, absoluteUrl(this.config.publicBaseUrl, req), { phone: q.phone, per_page: q.per_page });
  }
}
