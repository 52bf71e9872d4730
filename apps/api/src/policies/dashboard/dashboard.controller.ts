import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { z } from '@lib/common';
import { AdminApi, Allow, CurrentStaff } from '../../platform/admin/auth/admin-api.decorator';
import type { Staff } from '../../platform/admin/auth/staff-request';
import { Responds } from '../../platform/openapi/responds.decorator';
import { adminDashboardShape } from './dashboard.response';
import { DashboardService } from './dashboard.service';

const query = z.strictObject({ days: z.coerce.number().int().min(7).max(90).default(30) });

@AdminApi('dashboard')
@Controller('admin/api/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @Allow('read')
  @ApiOperation({
    summary: 'Operations dashboard',
    description:
      'Counters (clients, quote requests, policies, payments pending), premium volume (SAR, decimal string), policies by status and ' +
      'daily series over the last `days` (7 to 90, default 30). Product families contribute through metric providers; what none contributes is zero. ' +
      "`worklists` holds the figures of the caller's role only (account managers and admins: `medical`, with `companies_missing_declarations`, " +
      '`employees_missing_declarations`, `companies_with_amount_due` and `amount_due`, SAR as a decimal string; operations and admins: ' +
      '`operations`, with `refunds_needing_action` (refunds `failed`: refused by the vendor or out of tries), `renewals_not_taken` and ' +
      '`scheduled_events_failed` (due events given up after their last try)); ' +
      'claims handlers get `{}`.',
  })
  @Responds(200, adminDashboardShape, 'The dashboard numbers.')
  get(@CurrentStaff() staff: Staff, @Query({ schema: query }) q: z.infer<typeof query>) {
    return this.dashboard.build(q.days, staff.role);
  }
}
