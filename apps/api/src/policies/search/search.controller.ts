import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { z } from '@lib/common';
import { AdminApi, Allow, CurrentStaff } from '../../platform/admin/auth/admin-api.decorator';
import type { Staff } from '../../platform/admin/auth/staff-request';
import { SEARCH_MIN_LENGTH } from '../policy-search';
import { SEARCH_LIMIT, SearchService } from './search.service';
import { Responds } from '../../platform/openapi/responds.decorator';
import { adminSearchResultsShape } from './search.response';

const query = z.strictObject({
  q: z
    .string({ error: 'The q parameter is required.' })
    .trim()
    .min(1, 'The q parameter is required.')
    .max(255, 'The q parameter may not be greater than 255 characters.')
    // a policy id may be one digit; any other text needs three characters to mean something
    .refine((v) => v.length >= SEARCH_MIN_LENGTH || /^\d+$/.test(v), `Type at least ${SEARCH_MIN_LENGTH} characters, or a policy id.`),
});

@AdminApi('search')
@Controller('admin/api/search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get()
  @Allow('read')
  @ApiOperation({
    summary: 'Find a customer, policy or payment across every family',
    description:
      "One query (a policy id, or at least three characters) matched against every product family the staff member may read: the policy id, the insurer's policy number, vehicle and company " +
      "references, the payment id and the card vendor's reference; and, only in families whose personal data the role may read, the owner's " +
      `national id or iqama, a mobile number in any writing (05…, 9665…, +966 5…), an email and a name (part of it). Newest first, at most ${SEARCH_LIMIT}; ` +
      "`holder` is masked as on the family's own pages. `matched` says which field matched; a payment names the policy it pays for (`policy`).",
  })
  @Responds(200, adminSearchResultsShape, 'The matches, newest first, and whether there were more.')
  find(@CurrentStaff() staff: Staff, @Query({ schema: query }) q: z.infer<typeof query>) {
    return this.search.find(staff.role, q.q);
  }
}
