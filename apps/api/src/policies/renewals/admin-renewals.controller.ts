import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, z } from '@lib/common';
import { Actor, AdminApi, Allow } from '../../platform/admin/auth/admin-api.decorator';
import type { AuditActor } from '../../platform/admin/audit/audit-trail';
import { ApiList, LIST_CONVENTION } from '../../platform/admin/list/list-api.decorator';
import { listQuerySchema } from '../../platform/admin/list/list-query';
import { listResponse } from '../../platform/admin/list/list-response';
import { adminRenewalShape } from './renewal.response';
import { RENEWAL_SORTS, RenewalSort } from './renewals.repository';
import { RenewalsService } from './renewals.service';

const SORTABLE = Object.keys(RENEWAL_SORTS) as [RenewalSort, ...RenewalSort[]];
const listQuery = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: ['ends_at', 'ASC'],
  filter: z.strictObject({
    family: z.string().max(32).optional(),
    taken: z.boolean({ error: 'The taken filter must be true or false.' }).optional(),
    client_id: z.uuid().optional(),
  }),
});

/** Policies whose renewal came due, across the families: what was offered and whether the customer took it. */
@AdminApi('renewals')
@Controller('admin/api/renewals')
export class AdminRenewalsController {
  constructor(private readonly renewals: RenewalsService) {}

  @Get()
  @Allow('read')
  @ApiOperation({
    summary: 'List renewals due',
    description:
      'Every policy whose `policy.renewal_due` notice was sent, soonest end first: its family, policy, partner and customer (masked as on the ' +
      "family's pages), its end, what was offered (motor: a re-quote from the policy's quote request; property: the insurer's price for the " +
      'next term with its payment link) and whether it was taken (a later policy of the same client for the same vehicle, property, horse, ' +
      `person or company was paid, or the offered term was). Families the role may not read are left out. ${LIST_CONVENTION}`,
  })
  @ApiList('renewals', SORTABLE, 'family (motor, property, tpl, life, horse, travel, medical), taken (true or false), client_id', adminRenewalShape)
  async list(@Actor() actor: AuditActor, @Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    const families = this.renewals.families();
    if (f.family !== undefined && !families.includes(f.family)) throw ApiError.field('filter.family', `The family must be one of: ${families.join(', ')}.`);
    const { rows, total } = await this.renewals.page(
      actor.role,
      { family: f.family, taken: f.taken, clientId: f.client_id },
      { field: q.sort.field as RenewalSort, order: q.sort.order },
      q.skip,
      q.take,
    );
    return listResponse(reply, 'renewals', rows, total, q.skip);
  }
}
