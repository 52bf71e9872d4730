import { Body, Controller, Headers, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { ApiThrottlerGuard, RATE_LIMIT_WINDOW_MS, SPEC_RATE_LIMITS } from '@lib/http';
import { ClientsService } from '../clients/clients.service';
import { TokenService } from '../auth/token.service';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { oauthError, readTokenRequest, tokenRequestTracker } from './token-request';
import { tokenRequestSchema, tokenResponseSchema } from './token.schemas';

@ApiTags('Authentication')
@Controller('oauth')
export class OAuthController {
  constructor(
    private readonly clients: ClientsService,
    private readonly tokens: TokenService,
  ) {}

  @Post('token')
  @HttpCode(200)
  @UseGuards(ApiThrottlerGuard)
  @Throttle({
    default: {
      limit: SPEC_RATE_LIMITS['POST /oauth/token'],
      ttl: RATE_LIMIT_WINDOW_MS,
      getTracker: (req) => tokenRequestTracker(req as never),
    },
  })
  @ApiOperation({
    summary: 'Get an access token (OAuth 2.0 client credentials)',
    description:
      'RFC 6749 §4.4. Send `grant_type=client_credentials` with `client_id` and `client_secret` as JSON, as a form, ' +
      'or as HTTP Basic (`Authorization: Basic base64(client_id:client_secret)`), one way only. The token is a JWT sent ' +
      'as `Authorization: Bearer <access_token>` on every other call. Rotating the client secret revokes every token ' +
      'issued before. Errors carry RFC 6749 `error` and `error_description` beside `code` and `message`. ' +
      'Rate limit: 10 requests per minute per client id and address.',
  })
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded')
  @ApiBody({ schema: tokenRequestSchema })
  @ApiOkResponse({ schema: tokenResponseSchema, description: 'The access token.' })
  @ApiErrors(400, 401, 429)
  async token(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const request = readTokenRequest(authorization, body);
    const client = await this.clients.authenticate(request.clientId, request.clientSecret);
    if (!client) throw oauthError('invalid_client', 'Wrong credentials.', request.viaBasic);
    reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
    return this.tokens.issue(client.id, client.secretVersion);
  }
}
