import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '@lib/common';
import type { PartnerRequest } from '../auth/partner';
import type { RequestLogEntry } from './request-log.writer';

const ANSWER_TEXT = Symbol('requestLogAnswerText');
type LoggedRequest = PartnerRequest & { [ANSWER_TEXT]?: string };

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
      // Only JSON answers are kept (never a PDF, a photo or an event stream); a reference now, parsed and masked later.
      if (this.sink && req.principalClientId && isJson(reply.getHeader('content-type'))) {
        if (typeof payload === 'string') req[ANSWER_TEXT] = payload;
        else if (Buffer.isBuffer(payload)) req[ANSWER_TEXT] = payload.toString('utf8');
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
        requestBody: isJson(req.headers['content-type']) || isForm(req.headers['content-type']) ? req.body : undefined,
        answerText: (req as LoggedRequest)[ANSWER_TEXT] ?? null,
      });
    });
  }
}

function isJson(type: unknown): boolean {
  return typeof type === 'string' && /[/+]json\b/i.test(type);
}

function isForm(type: unknown): boolean {
  return typeof type === 'string' && type.toLowerCase().startsWith('application/x-www-form-urlencoded');
}
