import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuditActor } from '../../admin/audit/audit-trail';
import { CurrentPartnerUser, PartnerActor, PortalAllow, PortalApi } from '../auth/portal-api.decorator';
import type { PartnerUserPrincipal } from '../auth/partner-request';
import { clientSchema, doc, rotatedSchema } from '../portal.openapi';
import { PortalClientService } from './portal-client.service';

/** API management: the partner's client id, products, and a new secret when they need one. */
@PortalApi()
@Controller('portal/api/client')
export class PortalClientController {
  constructor(private readonly clients: PortalClientService) {}

  @Get()
  @PortalAllow('read')
  @ApiOperation({
    summary: 'Your API client',
    description: 'The client id (the Client ID of POST /oauth/token), its products and when its secret last changed.',
  })
  @ApiOkResponse({ schema: doc(clientSchema), description: 'The client.' })
  show(@CurrentPartnerUser() user: PartnerUserPrincipal) {
    return this.clients.show(user.clientId);
  }

  @Post('rotate-secret')
  @HttpCode(200)
  @PortalAllow('rotate_secret')
  @ApiOperation({
    summary: 'Generate a new client secret (owner, developer)',
    description: 'The new `client_secret` is shown once. The old secret, and every access token issued before, are refused from this moment on.',
  })
  @ApiOkResponse({ schema: doc(rotatedSchema), description: 'The client with its new secret.' })
  rotate(@PartnerActor() actor: AuditActor, @CurrentPartnerUser() user: PartnerUserPrincipal, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('Cache-Control', 'no-store');
    return this.clients.rotateSecret(actor, user.clientId);
  }
}
