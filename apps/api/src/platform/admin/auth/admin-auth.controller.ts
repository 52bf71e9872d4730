import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { requestBodySchema, z } from '@lib/common';
import { ADMIN_ACTIONS, ADMIN_RESOURCES, can, type StaffRole } from '@lib/common/permissions';
import { ApiThrottlerGuard, RATE_LIMIT_WINDOW_MS } from '@lib/http';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { Responds } from '../../openapi/responds.decorator';
import { type AdminSessionOut, adminSessionShape } from './admin-auth.response';
import { AdminApi, Allow, CurrentStaff } from './admin-api.decorator';
import { AdminCsrfGuard } from './admin-guards';
import { clearedSessionCookie, sessionCookie } from './session-cookie';
import { Staff, StaffRequest } from './staff-request';
import { StaffSessionService } from './staff-session.service';
import { LOGIN_RATE_LIMIT } from './sign-in-rules';

export { LOGIN_RATE_LIMIT };

const loginBody = z.strictObject({ email: z.string().trim().min(1).max(255), password: z.string().min(1).max(256) });

function permissionsOf(role: string): AdminSessionOut['permissions'] {
  return Object.fromEntries(ADMIN_RESOURCES.map((r) => [r, ADMIN_ACTIONS.filter((a) => can(role, a, r))]));
}

function me(staff: { id: string; email: string; name: string; role: string }): AdminSessionOut {
  // a session's role is one of STAFF_ROLES: staff are created and updated through the role enum
  return { id: staff.id, email: staff.email, name: staff.name, role: staff.role as StaffRole, permissions: permissionsOf(staff.role) };
}

const secure = (req: StaffRequest) => req.protocol === 'https';

@ApiTags('Admin')
@Controller('admin/api/auth')
export class AdminLoginController {
  constructor(private readonly sessions: StaffSessionService) {}

  @Post('login')
  @HttpCode(200)
  @UseGuards(AdminCsrfGuard, ApiThrottlerGuard)
  @Throttle({ default: { limit: LOGIN_RATE_LIMIT, ttl: RATE_LIMIT_WINDOW_MS } })
  @ApiOperation({
    summary: 'Sign in to the console',
    description:
      'Sets the session cookie (HttpOnly, SameSite=Strict, Secure over https; 30 minutes idle, 12 hours at most). ' +
      `Five wrong passwords in a row lock the account for 15 minutes (429). At most ${LOGIN_RATE_LIMIT} attempts a minute per address. ` +
      'Requires `X-Requested-With: XMLHttpRequest`.',
  })
  @ApiBody({ schema: requestBodySchema(loginBody) })
  @Responds(200, adminSessionShape, 'The signed-in staff member and what their role may do.')
  @ApiErrors(401, 403, 422, 429)
  async login(@Body({ schema: loginBody }) body: z.infer<typeof loginBody>, @Req() req: StaffRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { token, staff } = await this.sessions.login(body.email, body.password, String(req.id));
    reply.header('Set-Cookie', sessionCookie(token, secure(req)));
    reply.header('Cache-Control', 'no-store');
    return me(staff);
  }
}

@AdminApi('dashboard')
@Controller('admin/api/auth')
export class AdminSessionController {
  constructor(private readonly sessions: StaffSessionService) {}

  @Get('me')
  @Allow('session')
  @ApiOperation({ summary: 'The signed-in staff member', description: 'With `permissions`: resource -> allowed actions, the same rules the API enforces.' })
  @Responds(200, adminSessionShape, 'The signed-in staff member.')
  whoAmI(@CurrentStaff() staff: Staff) {
    return me(staff);
  }

  @Post('logout')
  @HttpCode(204)
  @Allow('session')
  @ApiOperation({ summary: 'Sign out', description: 'Ends the session and clears its cookie.' })
  @ApiNoContentResponse({ description: 'Signed out.' })
  async logout(@CurrentStaff() staff: Staff, @Req() req: StaffRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.sessions.logout(staff, String(req.id));
    reply.header('Set-Cookie', clearedSessionCookie(secure(req)));
  }
}
