import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Observable, from, lastValueFrom } from 'rxjs';
import { ApiError, Clock } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { IdempotencyRepository } from './idempotency.repository';
import { ReplayedResponse } from './replayed-response';

const KEY_RE = /^[\x21-\x7e]{1,255}$/;
/** How long a running request holds its key before a retry may take it over (longer than any request). */
const LOCK_MS = 5 * 60_000;

type IdempotentRequest = FastifyRequest & { principalClientId?: string };

/**
 * `Idempotency-Key` on a POST of the partner API: the first request with a key runs once;
 * a retry with the same body gets the stored status and body; the same key with another body
 * is 422; a retry while the first still runs is 409. Keys live IDEMPOTENCY_TTL_HOURS (24 h).
 * Only a success is kept: a request refused (4xx: validation, not found, conflict) changed nothing,
 * and one that failed on our side (5xx) rolled back, so the key is released and may carry the
 * corrected request.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly repo: IdempotencyRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = ctx.switchToHttp().getRequest<IdempotentRequest>();
    const header = req.headers['idempotency-key'];
    if (req.method !== 'POST' || header === undefined || !req.principalClientId) return next.handle();
    return from(this.run(ctx, next, req, req.principalClientId, String(header)));
  }

  private async run(ctx: ExecutionContext, next: CallHandler, req: FastifyRequest, clientId: string, key: string) {
    if (!KEY_RE.test(key)) {
      throw ApiError.field('Idempotency-Key', 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.');
    }
    const path = req.url.split('?')[0];
    const now = this.clock.now();
    const claim = await this.repo.claim({
      clientId,
      key,
      requestHash: fingerprint(req.method, req.url, req.body),
      method: req.method,
      path,
      now,
      lockedUntil: new Date(now.getTime() + LOCK_MS),
      expiresAt: new Date(now.getTime() + this.config.idempotencyTtlHours * 3_600_000),
    });
    if (claim.kind === 'mismatch') throw new ApiError('IDEMPOTENCY_KEY_REUSED');
    if (claim.kind === 'running') throw new ApiError('IDEMPOTENCY_IN_PROGRESS');
    if (claim.kind === 'replay') throw new ReplayedResponse(claim.status, claim.body);

    let result: unknown;
    try {
      result = await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (err) {
      // the request's own failure is what the partner is answered; when the database is gone the key cannot be
      // released either, and stays running until its lock lapses (a retry meanwhile is 409, never run twice)
      await this.repo.release(clientId, key).catch(() => undefined);
      throw err;
    }
    // a handler that sent its answer itself chose its status (e.g. 202 for Prefer: respond-async)
    const reply = ctx.switchToHttp().getResponse<FastifyReply>();
    const status = reply.sent ? reply.statusCode : (Reflect.getMetadata(HTTP_CODE_METADATA, ctx.getHandler()) ?? 201);
    await this.repo.complete(clientId, key, status, result ?? null);
    return result;
  }
}

/** What makes two requests "the same": method, path with query, and body. */
function fingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([method, url, body ?? null]))
    .digest('hex');
}
