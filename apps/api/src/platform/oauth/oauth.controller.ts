import { Body, Controller, Headers, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ClientsService } from '../clients/clients.service';
import { TokenService } from '../auth/token.service';
import type { PartnerRequest } from '../auth/partner';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { Responds } from '../openapi/responds.decorator';
import { TokenAttempts, TOKENS_PER_CLIENT } from './token-attempts';
import { oauthError, readTokenRequest } from './token-request';
import { tokenRequestSchema, tokenShape, type TokenOut } from './token.schemas';

@ApiTags('Authentication')
@Controller('oauth')
export class OAuthController {
  constructor(
    private readonly clients: ClientsService,
    private readonly tokens: TokenService,
    private readonly attempts: TokenAttempts,
  ) {}

  @Post('token')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Get an access token (OAuth 2.0 client credentials)',
    description:
      'RFC 6749 §4.4. Send `grant_type=client_credentials` with `client_id` and `client_secret` as JSON, as a form, ' +
      'or as HTTP Basic (`Authorization: Basic base64(client_id:client_secret)`), one way only. The token is a JWT sent ' +
      'as `Authorization: Bearer <access_token>` on every other call. Rotating the client secret revokes every token ' +
      'issued before. Errors carry RFC 6749 `error` and `error_description` beside `code` and `message`. ' +
      `Limits (one-minute windows): ${TOKENS_PER_CLIENT} tokens per client, counting granted tokens only, so nobody else's failed ` +
      'attempts can lock a client out; and failed attempts (wrong secret or unknown client id) per source address across every ' +
      'client id (OAUTH_FAILED_ATTEMPTS_PER_ADDRESS, 20 by default), after which that address gets 429 until the minute ends.',
  })
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded')
  @ApiBody({ schema: tokenRequestSchema })
  @Responds(200, tokenShape, 'The access token.')
  @ApiErrors(400, 401, 429)
  async token(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TokenOut> {
    await this.attempts.admitAddress(req.ip);
    const request = readTokenRequest(authorization, body);
    await this.attempts.admitClient(request.clientId);
    const client = await this.clients.authenticate(request.clientId, request.clientSecret);
    if (!client) {
      await this.attempts.failed(req.ip);
      throw oauthError('invalid_client', 'Wrong credentials.', request.viaBasic);
    }
    // from here the call is the client's own, and its request log shows it
    (req as PartnerRequest).principalClientId = client.id;
    reply
      .headers(await this.attempts.granted(client.id))
      .header('Cache-Control', 'no-store')
      .header('Pragma', 'no-cache');
    return this.tokens.issue(client.id, client.tokenVersion);
  }
}
