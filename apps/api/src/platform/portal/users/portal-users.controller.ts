import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { formatDateTime, z } from '@lib/common';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import type { AuditActor } from '../../admin/audit/audit-trail';
import { CurrentPartnerUser, PartnerActor, PortalAllow, PortalApi } from '../auth/portal-api.decorator';
import type { PartnerUserPrincipal } from '../auth/partner-request';
import { doc, idParam, invitedSchema, inviteBody, partnerUserListSchema, partnerUserSchema } from '../portal.openapi';
import { presentPartnerUser } from './partner-user.presenter';
import { PartnerUsersService } from './partner-users.service';

/** The people of the signed-in user's partner; another partner's users are never found (404). */
@PortalApi()
@Controller('portal/api/users')
export class PortalUsersController {
  constructor(private readonly users: PartnerUsersService) {}

  @Get()
  @PortalAllow('read')
  @ApiOperation({ summary: "Your partner's portal users", description: 'Invited and active users, by email; removed users are left out.' })
  @ApiOkResponse({ schema: doc(partnerUserListSchema), description: 'The users.' })
  async list(@CurrentPartnerUser() user: PartnerUserPrincipal) {
    const [rows] = await this.users.page({ clientId: user.clientId, active: true }, [{ email: 'asc' }], 0, 500);
    return rows.map(presentPartnerUser);
  }

  @Get(':id')
  @PortalAllow('read')
  @ApiOperation({ summary: 'A portal user of your partner' })
  @ApiOkResponse({ schema: doc(partnerUserSchema), description: 'The user.' })
  @ApiErrors(404)
  async show(@CurrentPartnerUser() user: PartnerUserPrincipal, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    return presentPartnerUser(await this.users.find(p.id, user.clientId));
  }

  @Post()
  @PortalAllow('manage_users')
  @ApiOperation({
    summary: 'Invite a person to your partner (owner)',
    description: 'Sends a one-time link (three days) to choose a password. In the sandbox the link comes back as `invitation_url` instead.',
  })
  @ApiBody({ schema: doc(inviteBody, 'input') })
  @ApiCreatedResponse({ schema: doc(invitedSchema), description: 'The invited user.' })
  @ApiErrors(422, 503)
  async invite(
    @PartnerActor() actor: AuditActor,
    @CurrentPartnerUser() user: PartnerUserPrincipal,
    @Body({ schema: inviteBody }) body: z.infer<typeof inviteBody>,
  ) {
    const invited = await this.users.invite(actor, { clientId: user.clientId, email: body.email, role: body.role });
    return { ...presentPartnerUser(invited.user), invitation_expires_at: formatDateTime(invited.expiresAt), invitation_url: invited.url };
  }

  @Delete(':id')
  @HttpCode(204)
  @PortalAllow('manage_users')
  @ApiOperation({
    summary: 'Remove a person from your partner (owner)',
    description: 'Their sessions and open invitation end at once. You cannot remove yourself (409).',
  })
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiErrors(404, 409)
  async remove(
    @PartnerActor() actor: AuditActor,
    @CurrentPartnerUser() user: PartnerUserPrincipal,
    @Param({ schema: idParam }) p: z.infer<typeof idParam>,
  ): Promise<void> {
    await this.users.remove(actor, p.id, user.clientId);
  }
}
