import { timingSafeEqual, createHash } from 'node:crypto';
import { Controller, Get, Headers, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { ApiError } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { HttpMetrics, SHARED_STORE_RETRY_AFTER_SECONDS } from '@lib/http';
import { REDIS } from '../../core.module';
import { DatabaseProbeRepository } from './database-probe.repository';

/** Liveness, readiness (database, and Redis when configured) and Prometheus metrics. */
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(
    private readonly database: DatabaseProbeRepository,
    @Inject(REDIS) private readonly redis: Redis | null,
    private readonly metrics: HttpMetrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('health/live')
  live() {
    return { status: 'ok' };
  }

  @Get('health/ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const checks: Record<string, 'ok' | 'down'> = { database: await probe(() => this.database.ping()) };
    if (this.redis) checks.redis = await probe(() => this.redis!.ping());
    const ok = Object.values(checks).every((c) => c === 'ok');
    reply.status(ok ? 200 : 503);
    if (!ok) reply.header('Retry-After', String(SHARED_STORE_RETRY_AFTER_SECONDS));
    return { status: ok ? 'ok' : 'down', checks };
  }

  /**
   * Prometheus figures: behind METRICS_TOKEN when set. Without it they are absent in production and, in sandbox,
   * served only to a direct loopback caller: a hosted sandbox is public and shared by many partners.
   */
  @Get('metrics')
  async prometheus(@Headers('authorization') authorization: string | undefined, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const expected = this.config.metricsToken;
    if (!expected && (this.config.env === 'production' || !fromLoopback(req))) throw new ApiError('ROUTE_NOT_FOUND');
    if (expected && !sameSecret(/^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '', expected)) {
      throw new ApiError('UNAUTHENTICATED', 'The metrics need Authorization: Bearer <METRICS_TOKEN>.', undefined, {
        'WWW-Authenticate': 'Bearer realm="metrics"',
      });
    }
    reply.type(this.metrics.registry.contentType);
    return this.metrics.registry.metrics();
  }
}

async function probe(fn: () => Promise<unknown>): Promise<'ok' | 'down'> {
  try {
    await Promise.race([fn(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref())]);
    return 'ok';
  } catch {
    return 'down';
  }
}

/** Constant-time comparison of two secrets of any length (hashed first, so lengths do not leak either). */
/**
 * A caller on this machine, connected directly: the socket's address is loopback and no proxy forwarded the
 * request (a reverse proxy on the same host connects over loopback for every caller, wherever they are).
 */
function fromLoopback(req: FastifyRequest): boolean {
  const address = req.raw.socket.remoteAddress ?? '';
  const loopback = address === '::1' || /^(::ffff:)?127\./.test(address);
  return loopback && req.ip === address && !req.headers['x-forwarded-for'] && !req.headers.forwarded && !req.headers['x-real-ip'];
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
