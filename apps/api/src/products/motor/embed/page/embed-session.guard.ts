import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '@lib/common';
import { EmbedSession, EmbedSessionRepository } from '../sessions/embed-session.repository';
import { EMBED_TOKEN_PATTERN, EmbedTokens } from '../sessions/embed-token';
import { assertOpen } from '../sessions/store-session-photos.use-case';
import { TestClocks } from '../../../../platform/test-clocks/test-clocks';
import { ApiClientRepository } from '../../../../platform/clients/api-client.repository';

type EmbedRequest = FastifyRequest & { embedSession?: EmbedSession; principal?: string };

/** Looks a session up by the token in the URL; null for a malformed or unknown token or a deactivated client. */
@Injectable()
export class EmbedSessionResolver {
  constructor(
    private readonly sessions: EmbedSessionRepository,
    private readonly tokens: EmbedTokens,
    private readonly clients: ApiClientRepository,
  ) {}

  async resolve(token: string): Promise<EmbedSession | null> {
    if (!EMBED_TOKEN_PATTERN.test(token)) return null;
    const session = await this.sessions.findByTokenHash(this.tokens.hash(token));
    if (!session) return null;
    return (await this.clients.isActive(session.clientId)) ? session : null;
  }
}

/**
 * Authenticates the page's own JSON endpoints by the session token in the path (never by a client's
 * bearer token: the page holds no credentials). Unknown tokens are 404, expired sessions 410. Rate
 * limits then count per session (`principal`).
 */
@Injectable()
export class EmbedSessionGuard implements CanActivate {
  constructor(
    private readonly resolver: EmbedSessionResolver,
    private readonly testClocks: TestClocks,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<EmbedRequest>();
    const token = String((req.params as Record<string, string>).token ?? '');
    const session = await this.resolver.resolve(token);
    if (!session) throw ApiError.notFound('No such embed session.');
    // A session opened on a sandbox test clock lives its hour on that clock (its quote request's).
    assertOpen(session, await this.testClocks.timeOf({ type: 'quote_request', key: String(session.quoteRequestId) }));
    req.embedSession = session;
    req.principal = `embed:${session.id}`;
    return true;
  }
}

export const CurrentEmbedSession = createParamDecorator((_: unknown, ctx: ExecutionContext): EmbedSession => {
  const session = ctx.switchToHttp().getRequest<EmbedRequest>().embedSession;
  if (!session) throw new Error('CurrentEmbedSession used without EmbedSessionGuard');
  return session;
});
