import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '@lib/common';
import type { PartnerRequest } from '../auth/partner';
import type { RequestLogEntry } from './request-log.writer';

const ERROR_TEXT = Symbol('requestLogErrorText');
type LoggedRequest = PartnerRequest & { [ERROR_TEXT]?: string };

/** Where finished calls go (RequestLogWriter, once the application is built). */
export interface RequestLogSink {
  record(entry: RequestLogEntry): void;
}

/**
 * The Fastify hooks that feed the request log: a request authenticated as a partner client (the bearer guard, or a
 * granted /oauth/token, set `principalClientId`) is handed to the sink once its answer has been sent, with its error
 * answer for a 4xx/5xx. Attached to Fastify before the routes exist; the sink is connected after the application is
 * built. Only headers already parsed and the reply's own figures are read: nothing here waits.
 */
export class RequestLogHook {
  private sink?: RequestLogSink;

  constructor(private readonly clock: Clock) {}

  connect(sink: RequestLogSink): void {
    this.sink = sink;
  }

  attach(fastify: FastifyInstance): void {
    fastify.addHook('onSend', async (req: LoggedRequest, reply: FastifyReply, payload: unknown) => {
      if (this.sink && reply.statusCode >= 400 && req.principalClientId) {
        if (typeof payload === 'string') req[ERROR_TEXT] = payload;
        else if (Buffer.isBuffer(payload)) req[ERROR_TEXT] = payload.toString('utf8');
      }
      return payload;
    });
    fastify.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
      const clientId = (req as LoggedRequest).principalClientId;
      if (!this.sink || !clientId) return;
      const latencyMs = Math.round(reply.elapsedTime);
      const key = req.headers['idempotency-key'];
      const query = req.url.indexOf('?');
      this.sink.record({
        at: new Date(this.clock.now().getTime() - latencyMs),
        clientId,
        method: req.method,
        route: req.routeOptions?.url ?? 'unmatched',
        path: query < 0 ? req.url : req.url.slice(0, query),
        status: reply.statusCode,
        latencyMs,
        requestId: String(req.id),
        idempotencyKey: typeof key === 'string' ? key.slice(0, 255) : null,
        errorText: reply.statusCode >= 400 ? ((req as LoggedRequest)[ERROR_TEXT] ?? null) : null,
      });
    });
  }
}
