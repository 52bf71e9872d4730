import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type Redis from 'ioredis';
import { DATABASE, Database } from '@lib/db';
import { HttpMetrics } from '@lib/http';
import { REDIS } from '../core.module';

/** Liveness, readiness (database, and Redis when configured) and Prometheus metrics. */
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(REDIS) private readonly redis: Redis | null,
    private readonly metrics: HttpMetrics,
  ) {}

  @Get('health/live')
  live() {
    return { status: 'ok' };
  }

  @Get('health/ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const checks: Record<string, 'ok' | 'down'> = { database: await probe(() => this.db.sql.query('SELECT 1')) };
    if (this.redis) checks.redis = await probe(() => this.redis!.ping());
    const ok = Object.values(checks).every((c) => c === 'ok');
    reply.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'down', checks };
  }

  @Get('metrics')
  async prometheus(@Res({ passthrough: true }) reply: FastifyReply) {
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
