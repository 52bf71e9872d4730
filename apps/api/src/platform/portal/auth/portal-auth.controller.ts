import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { formatDateTime, z } from '@lib/common';
import { ApiThrottlerGuard, RATE_LIMIT_WINDOW_MS } from '@lib/http';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { AdminCsrfGuard } from '../../admin/auth/admin-guards';
import { clearedSessionCookie, sessionCookie } from '../../admin/auth/session-cookie';
import { LOGIN_RATE_LIMIT } from '../../admin/auth/sign-in-rules';
import { InvitationAcceptanceService } from '../invitations/invitation-acceptance.service';
import { acceptBody, acceptedSchema, doc, invitationBody, invitationSchema, loginBody, meSchema } from '../portal.openapi';
import { PortalMeService } from './portal-me.service';
import { PartnerSessionService } from './partner-session.service';
import { PORTAL_COOKIE, PartnerUserPrincipal, PortalRequest } from './partner-request';
import { CurrentPartnerUser, PortalAllow, PortalApi } from './portal-api.decorator';

const secure = (req: PortalRequest) => req.protocol === 'https';

/** Signing in, and the invitee's way in: see an invitation, choose a password with it. */
@ApiTags('Portal')
@Controller('portal/api/auth')
@UseGuards(AdminCsrfGuard, ApiThrottlerGuard)
@Throttle({ default: { limit: LOGIN_RATE_LIMIT, ttl: RATE_LIMIT_WINDOW_MS } })
export class PortalSignInController {
  constructor(
    private readonly sessions: PartnerSessionService,
    private readonly invitations: InvitationAcceptanceService,
    private readonly me: PortalMeService,
  ) {}

  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sign in to the partner portal',
    description:
      'Sets the portal session cookie (HttpOnly, SameSite=Strict, Secure over https, scoped to /portal; 30 minutes idle, 12 hours at most). ' +
      `Five wrong passwords in a row lock the account for 15 minutes (429). At most ${LOGIN_RATE_LIMIT} attempts a minute per address. ` +
      'Requires `X-Requested-With: XMLHttpRequest`.',
  })
  @ApiBody({ schema: doc(loginBody, 'input') })
  @ApiOkResponse({ schema: doc(meSchema), description: 'The signed-in partner user and what their role may do.' })
  @ApiErrors(401, 403, 422, 429)
  async login(@Body({ schema: loginBody }) body: z.infer<typeof loginBody>, @Req() req: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { token, user } = await this.sessions.login(body.email, body.password, String(req.id));
    reply.header('Set-Cookie', sessionCookie(token, secure(req), PORTAL_COOKIE));
    reply.header('Cache-Control', 'no-store');
    return this.me.of(user);
  }

  @Post('invitation')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Read an invitation link',
    description: 'Whose invitation the token of a link is, while it is still open (unused, not replaced, not expired).',
  })
  @ApiBody({ schema: doc(invitationBody, 'input') })
  @ApiOkResponse({ schema: doc(invitationSchema), description: 'The invitation.' })
  @ApiErrors(404, 422, 429)
  async invitation(@Body({ schema: invitationBody }) body: z.infer<typeof invitationBody>) {
    const i = await this.invitations.describe(body.token);
    return { email: i.user.email, role: i.user.role, client_name: i.user.client.name, expires_at: formatDateTime(i.expiresAt) };
  }

  @Post('accept-invitation')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Choose a password with an invitation link',
    description: 'At least 12 characters. The link works once; sign in afterwards with the invited email and this password.',
  })
  @ApiBody({ schema: doc(acceptBody, 'input') })
  @ApiOkResponse({ schema: doc(acceptedSchema), description: 'The email to sign in with.' })
  @ApiErrors(404, 422, 429)
  accept(@Body({ schema: acceptBody }) body: z.infer<typeof acceptBody>, @Req() req: PortalRequest) {
    return this.invitations.accept(body.token, body.password, String(req.id));
  }
}

@PortalApi()
@Controller('portal/api/auth')
export class PortalSessionController {
  constructor(
    private readonly sessions: PartnerSessionService,
    private readonly me: PortalMeService,
  ) {}

  @Get('me')
  @PortalAllow('session')
  @ApiOperation({ summary: 'The signed-in partner user', description: 'With `permissions`: action -> allowed, the same rule the API enforces.' })
  @ApiOkResponse({ schema: doc(meSchema), description: 'The signed-in partner user.' })
  async whoAmI(@CurrentPartnerUser() user: PartnerUserPrincipal) {
    return this.me.of(await this.me.user(user.id));
  }

  @Post('logout')
  @HttpCode(204)
  @PortalAllow('session')
  @ApiOperation({ summary: 'Sign out of the portal', description: 'Ends the session and clears its cookie.' })
  @ApiNoContentResponse({ description: 'Signed out.' })
  async logout(@CurrentPartnerUser() user: PartnerUserPrincipal, @Req() req: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.sessions.logout(user, String(req.id));
    reply.header('Set-Cookie', clearedSessionCookie(secure(req), PORTAL_COOKIE));
  }
}
