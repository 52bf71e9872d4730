import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { z } from '@lib/common';
import { AdminApi, Allow } from '../../../platform/admin/auth/admin-api.decorator';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { ProviderHealthService } from './provider-health.service';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { adminProviderHealthShape } from './provider-health.response';

const query = z.strictObject({
  days: z.coerce
    .number({ error: 'The days must be a whole number from 1 to 90.' })
    .int('The days must be a whole number from 1 to 90.')
    .min(1, 'The days must be a whole number from 1 to 90.')
    .max(90, 'The days must be a whole number from 1 to 90.')
    .default(7),
});

/** How the motor insurers answered lately, for the console's dashboard. */
@AdminApi('provider-health')
@Controller('admin/api/provider-health')
export class ProviderHealthController {
  constructor(private readonly health: ProviderHealthService) {}

  @Get()
  @Allow('read')
  @ApiOperation({
    summary: "Motor insurers' health",
    description:
      'Per insurer, over the quote requests of the last `days` UTC days (1 to 90, default 7, today included): requests, ok, declined, timeout and error ' +
      'counts, `answer_rate` = (ok + declined) / requests as a decimal string with four digits (null without requests), and latency p50/p95 in whole milliseconds. ' +
      'Insurers in the directory without requests are listed with zeros.',
  })
  @Responds(200, adminProviderHealthShape, 'The figures per insurer.')
  @ApiErrors(422)
  get(@Query({ schema: query }) q: z.infer<typeof query>) {
    return this.health.report(q.days);
  }
}
