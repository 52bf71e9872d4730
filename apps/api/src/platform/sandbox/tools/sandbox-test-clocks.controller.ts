import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from '@lib/common';
import { CurrentPartner, PartnerApi } from '../../auth/partner-api.decorator';
import type { Partner } from '../../auth/partner';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { Responds } from '../../openapi/responds.decorator';
import { TestClockTool } from './test-clock-tool';
import { testClockListShape, testClockShape } from './sandbox-tools.response';

/** Two years: the most one advance moves a clock (checked again against the clock's time by the tool). */
const MAX_ADVANCE_SECONDS = 2 * 365 * 86_400;
const instant = z.iso
  .datetime({ offset: true, error: 'The frozen_time must be an ISO 8601 date-time with a zone, such as 2026-11-24T09:00:00Z.' })
  .transform((s) => new Date(s));
const createBody = z.strictObject({ name: z.string().trim().max(100).nullish(), frozen_time: instant.optional() });
const advanceBody = z
  .strictObject({
    frozen_time: instant.optional(),
    seconds: z
      .int({ error: 'The seconds must be a whole number.' })
      .positive('The seconds must be positive.')
      .max(MAX_ADVANCE_SECONDS, 'One advance moves a test clock at most two years.')
      .optional(),
  })
  .refine((b) => (b.frozen_time === undefined) !== (b.seconds === undefined), { message: 'Give frozen_time or seconds, not both.', path: ['frozen_time'] });
const idParam = z.strictObject({ id: z.uuid({ error: "The id must be a test clock's id." }) });

const ATTACH =
  'Send `Sandbox-Test-Clock: <id>` on a request that creates a quote request, a policy (any family), a medical company or an embed session: the resource, ' +
  'its payment and the policy issued from it are attached to the clock. From then on every time rule of theirs reads the clock, whoever asks (your requests with or without ' +
  "the header, the payment page, the vendor's callbacks, the embed page): OTP, offer and payment link expiries, the cover start, claims windows, cooling-off and pro-rata " +
  'refunds, the one-hour embed session. Time rules are evaluated when the resource is next used, so an advance takes effect on the next request. Resources not attached ' +
  'and other clients stay on real time.';

/** Sandbox only: test clocks, as payment platforms offer them, so a partner can test time-dependent flows. */
@ApiTags('Sandbox')
@PartnerApi()
@Controller('api/v1/sandbox/test-clocks')
export class SandboxTestClocksController {
  constructor(private readonly clocks: TestClockTool) {}

  @Get()
  @ApiOperation({ summary: 'Your test clocks (sandbox only)', description: 'Newest first, with how many resources each holds.' })
  @Responds(200, testClockListShape, 'Your test clocks.')
  list(@CurrentPartner() partner: Partner) {
    return this.clocks.list(partner.clientId);
  }

  @Post()
  @ApiOperation({
    summary: 'Create a test clock (sandbox only)',
    description: `A clock frozen at \`frozen_time\` (default: now; within two years of real time) until you advance it; optional \`name\`. At most 20 per client. ${ATTACH}`,
  })
  @ApiBody({ schema: { type: 'object', example: { name: 'claims after cover start' } } })
  @Responds(201, testClockShape, 'The new test clock.')
  @ApiErrors(409, 422)
  create(@CurrentPartner() partner: Partner, @Body({ schema: createBody }) body: z.infer<typeof createBody>) {
    return this.clocks.create(partner.clientId, body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Show one of your test clocks (sandbox only)' })
  @Responds(200, testClockShape, 'The test clock.')
  @ApiErrors(404, 422)
  show(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    return this.clocks.show(partner.clientId, p.id);
  }

  @Post(':id/advance')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Advance a test clock (sandbox only)',
    description:
      'Moves the clock forward to `frozen_time`, or by `seconds`; never back, at most two years at a time. The next request on an attached resource sees the new time.',
  })
  @ApiBody({ schema: { type: 'object', example: { seconds: 172800 } } })
  @Responds(200, testClockShape, 'The test clock at its new time.')
  @ApiErrors(404, 422)
  advance(
    @CurrentPartner() partner: Partner,
    @Param({ schema: idParam }) p: z.infer<typeof idParam>,
    @Body({ schema: advanceBody }) body: z.infer<typeof advanceBody>,
  ) {
    return this.clocks.advance(partner.clientId, p.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a test clock (sandbox only)', description: 'Its resources stay and go back to real time.' })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrors(404, 422)
  delete(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    return this.clocks.delete(partner.clientId, p.id);
  }
}
