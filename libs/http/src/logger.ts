import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import pino, { DestinationStream, Logger, LoggerOptions } from 'pino';
import pinoPretty from 'pino-pretty';
import { maskPii } from '@lib/common';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Uses the caller's X-Request-Id when it is a sane token, otherwise a new UUID. */
export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * pino options: JSON lines, secrets redacted by key, personal data masked in every message and URL.
 * Request and response bodies are never logged.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: undefined,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.client_secret', '*.password', '*.otp'],
      censor: '***',
    },
    serializers: {
      req: (req: { id: string; method: string; url: string; ip?: string }) => ({ id: req.id, method: req.method, url: maskPii(redactCapabilities(req.url)) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: (err: Error & { code?: string }) => ({
        type: err.name,
        code: err.code,
        message: maskPii(err.message ?? ''),
        stack: err.stack ? maskPii(err.stack) : undefined,
      }),
    },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? maskPii(a) : a)) as Parameters<typeof method>);
      },
    },
  };
}

/** Capability tokens in paths (embed session URLs) are as good as passwords: never logged. */
export function redactCapabilities(url: string): string {
  return url.replace(/^\/embed\/[A-Za-z0-9_-]{16,}/, '/embed/***');
}

export function createLogger(level: string, destination?: DestinationStream, format: 'json' | 'pretty' = 'json'): Logger {
  if (destination) return pino(loggerOptions(level), destination);
  if (format === 'pretty') {
    // in the process (no worker thread): a person at a terminal reads lines, not JSON
    return pino(loggerOptions(level), pinoPretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true, sync: true }));
  }
  return pino(loggerOptions(level));
}

/** Nest's start-up chatter (every module loaded, every route mapped): for debugging, not for each start. */
const STARTUP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory']);

/** Nest's own log lines (bootstrap, lifecycle) through the same pino logger. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    if (context && STARTUP_CONTEXTS.has(context)) this.logger.debug({ context }, String(message));
    else this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace: trace ? maskPii(trace) : undefined }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
