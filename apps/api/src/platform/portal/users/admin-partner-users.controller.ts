import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { formatDateTime, z } from '@lib/common';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { Responds } from '../../openapi/responds.decorator';
import { Actor, AdminApi, Allow } from '../../admin/auth/admin-api.decorator';
import type { AuditActor } from '../../admin/audit/audit-trail';
import { ApiList, LIST_CONVENTION } from '../../admin/list/list-api.decorator';
import { idFilter, idsOf, listQuerySchema, orderBy } from '../../admin/list/list-query';
import { listResponse } from '../../admin/list/list-response';
import { doc, idParam, inviteEmail, partnerRole } from '../portal.openapi';
import { type AdminPartnerUserInvitedOut, adminPartnerUserInvitedShape, type AdminPartnerUserOut, adminPartnerUserShape } from './admin-partner-users.response';
import { type PresentedPartnerUser, presentPartnerUser } from './partner-user.presenter';

/** The portal's presenter writes the console's shape too (the assignment is what keeps the two in step). */
const adminUser = (u: PresentedPartnerUser): AdminPartnerUserOut => u;
import { PartnerUsersService } from './partner-users.service';

const SORTABLE = ['created_at', 'email', 'role', 'id'] as const;
const listQuery = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: ['created_at', 'DESC'],
  filter: z.strictObject({
    id: idFilter,
    client_id: z.uuid().optional(),
    role: partnerRole.optional(),
    active: z.boolean().optional(),
    q: z.string().max(255).optional(),
  }),
});
const inviteBody = z.strictObject({ client_id: z.uuid(), email: inviteEmail, role: partnerRole });

/** Staff onboard a partner's people: invite them to a client, see who is there, remove them. */
@AdminApi('partner-users')
@Controller('admin/api/partner-users')
export class AdminPartnerUsersController {
  constructor(private readonly users: PartnerUsersService) {}

  @Get()
  @Allow('read')
  @ApiOperation({ summary: 'List partner portal users', description: LIST_CONVENTION })
  @ApiList('partner-users', SORTABLE, 'id, client_id, role, active, q (part of the email)', adminPartnerUserShape)
  async list(@Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    const ids = idsOf(f.id)?.filter((i) => /^[0-9a-f-]{36}$/i.test(i));
    const [rows, total] = await this.users.page(
      { ids, clientId: f.client_id, role: f.role, active: f.active, q: f.q },
      orderBy(q.sort, { created_at: 'createdAt' }),
      q.skip,
      q.take,
    );
    return listResponse(
      reply,
      'partner-users',
      rows.map((r) => adminUser(presentPartnerUser(r))),
      total,
      q.skip,
    );
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({ summary: 'Show a partner portal user' })
  @Responds(200, adminPartnerUserShape, 'The user.')
  @ApiErrors(404)
  async show(@Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    return adminUser(presentPartnerUser(await this.users.find(p.id)));
  }

  @Post()
  @Allow('create')
  @ApiOperation({
    summary: "Invite a person to a partner's portal",
    description:
      'As `owner`, `developer` or `viewer` of the client. A one-time link to choose a password (three days) is mailed; in the sandbox it comes back as ' +
      '`invitation_url` instead. Inviting again someone who has not chosen a password yet, or who was removed, sends a new link and ends the old one. ' +
      'Without a mail sender (production today) the answer is 503 and nothing is written.',
  })
  @ApiBody({ schema: doc(inviteBody, 'input') })
  @Responds(201, adminPartnerUserInvitedShape, 'The invited user.')
  @ApiErrors(422, 503)
  async invite(@Actor() actor: AuditActor, @Body({ schema: inviteBody }) body: z.infer<typeof inviteBody>) {
    const invited = await this.users.invite(actor, { clientId: body.client_id, email: body.email, role: body.role });
    const out: AdminPartnerUserInvitedOut = {
      ...adminUser(presentPartnerUser(invited.user)),
      invitation_expires_at: formatDateTime(invited.expiresAt),
      invitation_url: invited.url,
    };
    return out;
  }

  @Post(':id/deactivate')
  @HttpCode(200)
  @Allow('deactivate')
  @ApiOperation({ summary: "Remove a person from a partner's portal", description: 'Their sessions and open invitation end at once.' })
  @Responds(200, adminPartnerUserShape, 'The user, now removed.')
  @ApiErrors(404)
  async deactivate(@Actor() actor: AuditActor, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    return adminUser(presentPartnerUser(await this.users.remove(actor, p.id)));
  }
}
