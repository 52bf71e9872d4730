import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { intId, z } from '@lib/common';
import { ApiErrors } from '../../platform/openapi/api-errors.decorator';
import { AdminApi, Allow, CurrentStaff } from '../../platform/admin/auth/admin-api.decorator';
import type { Staff } from '../../platform/admin/auth/staff-request';
import { ACTIVITY_LIMIT } from './policy-activity.repository';
import { PolicyActivityService } from './policy-activity.service';
import { Responds } from '../../platform/openapi/responds.decorator';
import { adminPolicyActivityShape } from './policy-activity.response';

const params = z.strictObject({
  resource: z.string().regex(/^[a-z-]{1,40}$/, 'The resource must be a console policy resource, e.g. horse-policies.'),
  id: intId,
});

@AdminApi('policy-activity')
@Controller('admin/api/policy-activity')
export class PolicyActivityController {
  constructor(private readonly activity: PolicyActivityService) {}

  @Get(':resource/:id')
  @Allow('read')
  @ApiOperation({
    summary: "A policy's payments, refunds, webhooks sent and console history",
    description:
      'For the policy page of every family (`resource` is its console resource, e.g. `horse-policies`). `payments` and `refunds` are null for roles ' +
      "that do not read payments, `webhooks` (the deliveries to the partner's endpoints about this policy) for roles that do not read deliveries; " +
      `\`audit\` lists who did what to it in the console, with the reason given. Newest first, at most ${ACTIVITY_LIMIT} of each. 403 when the role does not read the family; 404 when the family has no policy with this id.`,
  })
  @Responds(200, adminPolicyActivityShape, 'The payments, refunds, webhooks sent and console history of the policy.')
  @ApiErrors(403, 404, 422)
  of(@CurrentStaff() staff: Staff, @Param({ schema: params }) p: z.infer<typeof params>) {
    return this.activity.of(staff.role, p.resource, p.id);
  }
}
