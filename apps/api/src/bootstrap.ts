import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import multipart from '@fastify/multipart';
import Redis from 'ioredis';
import type { DestinationStream, Logger } from 'pino';
import { Clock, SystemClock, TestClockAwareClock } from '@lib/common';
import type { AppConfig } from '@lib/config';
import { Database, openDatabase, readMigrations } from '@lib/db';
import {
  AllExceptionsFilter,
  createLogger,
  createValidationPipe,
  frameworkError,
  HttpMetrics,
  MemoryWindowStorage,
  NestPinoLogger,
  RedisWindowStorage,
  requestIdFor,
  RouteTable,
  addSecurityHeaders,
} from '@lib/http';
import { AppModule } from './app.module';
import { setupOpenApi, type OpenApiSection } from './platform/openapi/openapi';
import { addWebhookDocs } from './webhooks/webhooks.openapi';
import { refuseUnexpectedMultipart } from './platform/files/multipart';
import { serveConsole, servePortal } from './platform/admin/console/serve-console';
import { RequestLogHook } from './platform/request-log/request-log.hook';
import { RequestLogWriter } from './platform/request-log/request-log.writer';
import { CUT_AFTER_DEADLINE_MS, ShutdownDeadline } from './platform/lifecycle/shutdown-deadline';

/** What the OpenAPI document adds beyond the routes: the webhooks sent to partners. */
export const OPENAPI_SECTIONS: readonly OpenApiSection[] = [addWebhookDocs];

export interface ApiOptions {
  /** An already-open database; otherwise opened from the config (embedded under DATA_DIR by default). */
  db?: Database;
  clock?: Clock;
  logStream?: DestinationStream;
  extraModules?: Array<Type | DynamicModule>;
}

export interface Api {
  app: NestFastifyApplication;
  db: Database;
  redis: Redis | null;
  /** Stops accepting requests and lets in-flight ones finish. */
  stop(): Promise<void>;
  /** stop(), then closes the database and Redis. */
  close(): Promise<void>;
}

/** Builds the whole API (not yet listening): database, Redis, logging, metrics, errors, OpenAPI. */
export async function createApi(config: AppConfig, options: ApiOptions = {}): Promise<Api> {
  const logger = createLogger(config.logLevel, options.logStream, config.logFormat);
  // Sandbox test clocks answer through the one Clock every rule reads (real time outside a clocked frame).
  const realClock = options.clock ?? new SystemClock();
  const clock = new TestClockAwareClock(realClock);
  const db =
    options.db ?? (await openConfiguredDatabase(config, (e) => logger.warn({ err: e }, 'an idle database connection was dropped; it will be replaced')));
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, logger) : null;
  const metrics = new HttpMetrics(!options.clock);
  const routes = new RouteTable();

  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    genReqId: requestIdFor,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    frameworkErrors: frameworkError,
  });
  const fastify = adapter.getInstance();
  routes.attach(fastify);
  metrics.attach(fastify);
  fastify.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });
  addSecurityHeaders(fastify, { trustProxy: config.trustProxy });
  // the partner request log's hooks exist before the routes; they feed the writer once the application is built
  const requestLog = new RequestLogHook(realClock);
  if (config.requestLog.enabled) requestLog.attach(fastify);

  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.register({
      config,
      clock,
      realClock,
      db,
      redis,
      metrics,
      jwtSecret: resolveJwtSecret(config),
      rateLimitStorage: redis ? new RedisWindowStorage(redis, config.redisKeyPrefix, realClock) : new MemoryWindowStorage(realClock),
      extraModules: options.extraModules,
    }),
    adapter,
    { logger: new NestPinoLogger(logger), abortOnError: false },
  );
  // multipart/form-data (vehicle photos): streamed, never buffered whole by the plugin. Routes tighten these per
  // call; the defaults already stop a huge upload (a file busboy cuts at fileSize is refused as too large).
  await app.register(multipart, {
    limits: { fileSize: 3 * 1024 * 1024 + 1, files: 8, fields: 10, fieldSize: 64 * 1024, parts: 20, headerPairs: 100 },
  });
  refuseUnexpectedMultipart(fastify);
  app.useGlobalFilters(new AllExceptionsFilter(routes));
  app.useGlobalPipes(createValidationPipe());
  setupOpenApi(app, config, OPENAPI_SECTIONS);
  serveConsole(fastify);
  servePortal(fastify);
  await app.init();
  requestLog.connect(app.get(RequestLogWriter));

  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= closeGracefully(app, config.shutdownGraceMs));
  let closed = false;
  return {
    app,
    db,
    redis,
    stop,
    close: async () => {
      if (closed) return;
      closed = true;
      await stop();
      await db.close();
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * Stops accepting connections, lets in-flight requests finish, and closes keep-alive sockets as soon
 * as they go idle (Node closes only those idle at the moment close starts). When the grace period is over, work
 * still waiting on insurers is stopped and answers with what it has (ShutdownDeadline); what is still open
 * CUT_AFTER_DEADLINE_MS later is cut. The shutdown hooks (progressive fan-outs recorded, workers stopped) run after.
 */
async function closeGracefully(app: NestFastifyApplication, graceMs: number): Promise<void> {
  const server = app.getHttpServer() as import('node:http').Server;
  const deadline = app.get(ShutdownDeadline);
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  const stopWaiting = setTimeout(() => deadline.reached(), graceMs);
  const cut = setTimeout(() => server.closeAllConnections(), graceMs + CUT_AFTER_DEADLINE_MS);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(stopWaiting);
    clearTimeout(cut);
  }
}

/**
 * The longest a stop may take before the process gives up on it (exit 1): the grace period, the answers of the work
 * it stopped, then the shutdown hooks and closing the database (SHUTDOWN_HOOKS_MS).
 */
export function shutdownLimitMs(config: AppConfig): number {
  return config.shutdownGraceMs + CUT_AFTER_DEADLINE_MS + SHUTDOWN_HOOKS_MS;
}

/** Room for the shutdown hooks and closing the database and Redis once the HTTP side is closed. */
const SHUTDOWN_HOOKS_MS = 10_000;

async function openConfiguredDatabase(config: AppConfig, onIdleError: (e: Error) => void): Promise<Database> {
  if (!config.databaseUrl) {
    return openDatabase({ pgliteDir: join(config.dataDir, 'db'), migrate: true });
  }
  const db = await openDatabase({ url: config.databaseUrl, onIdleError });
  const applied = new Set((await db.sql.query<{ name: string }>('SELECT name FROM "_migrations"').catch(() => [])).map((r) => r.name));
  const pending = readMigrations().filter((m) => !applied.has(m.name));
  if (pending.length) {
    await db.close();
    throw new Error(`The PostgreSQL database has ${pending.length} pending migration(s) (${pending[0].name} first). Run: npm run db:migrate`);
  }
  return db;
}

/**
 * Redis for the shared rate limits. Once started, a Redis that goes away is reconnected in the background; a
 * command meanwhile fails at once (no offline queue) or after REDIS_COMMAND_TIMEOUT_MS when Redis hangs, and
 * the request answers 503 with Retry-After (see RedisWindowStorage), never waits on it.
 */
async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    // commands issued in the same tick (the rate-limit counts of concurrent requests) leave in one write
    enableAutoPipelining: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 3000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    redis.disconnect();
    throw new Error(`Redis at ${url.replace(/\/\/[^@]*@/, '//***@')} is unreachable: ${(e as Error).message}`, { cause: e });
  }
  // one line per outage, not one per reconnection attempt
  let down = false;
  redis.on('error', (e: Error) => {
    if (down) return;
    down = true;
    logger.warn({ err: e }, 'Redis is unreachable: partner calls answer 503 until it is back');
  });
  redis.on('ready', () => {
    if (down) logger.info('Redis is reachable again');
    down = false;
  });
  return redis;
}

/** How long one Redis command may take before the request gives up on it (503). */
const REDIS_COMMAND_TIMEOUT_MS = 2000;

/** JWT_SECRET, or in sandbox one generated once and kept under DATA_DIR so tokens survive restarts. */
export function resolveJwtSecret(config: AppConfig): string {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.env === 'production') throw new Error('JWT_SECRET is required in production');
  const file = join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
