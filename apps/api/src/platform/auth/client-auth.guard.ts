import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiError } from '@lib/common';
import { ClientAuthStateRepository } from './client-auth-state.repository';
import { PartnerRequest } from './partner';
import { bearerError, TokenService } from './token.service';

export const REQUIRED_PRODUCTS = 'required-products';

const BEARER = /^Bearer\s+([A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]*\.[A-Za-z0-9\-_]*)\s*$/i;

/**
 * Authenticates the partner API: a valid, unexpired, unrevoked bearer token of an active client (401 otherwise),
 * then the product enrolment the route asks for (403 otherwise).
 */
@Injectable()
export class ClientAuthGuard implements CanActivate {
  constructor(
    private readonly tokens: TokenService,
    private readonly clients: ClientAuthStateRepository,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<PartnerRequest>();
    const client = await this.authenticate(req);
    const required = this.reflector.getAllAndOverride<string[] | undefined>(REQUIRED_PRODUCTS, [ctx.getHandler(), ctx.getClass()]);
    if (required?.length && !required.some((p) => client.products.includes(p))) {
      throw new ApiError('PRODUCT_NOT_ENROLLED');
    }
    return true;
  }

  /** The bearer token's client, set on the request as its partner; 401 for a missing, bad or revoked token. */
  async authenticate(req: PartnerRequest) {
    const header = req.headers.authorization;
    if (!header) throw bearerError('UNAUTHENTICATED');
    const match = BEARER.exec(header);
    if (!match) throw bearerError('UNAUTHENTICATED', 'The Authorization header must be "Bearer <access token>".');

    const claims = this.tokens.verify(match[1]);
    const client = await this.clients.find(claims.sub);
    if (!client || !client.active || client.tokenVersion !== claims.sv) throw bearerError('TOKEN_REVOKED');

    req.partner = { clientId: client.id, name: client.name, products: client.products };
    req.principal = `client:${client.id}`;
    req.principalClientId = client.id;
    return client;
  }
}
