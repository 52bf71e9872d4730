import { PassThrough } from 'node:stream';
import { Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { QuoteEvent } from './stream-quote-events.use-case';

/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;
/** What an EventSource waits before reconnecting after a dropped connection. */
const RETRY_MS = 2_000;

const log = new Logger('QuoteEvents');

/** One event in the text/event-stream format (the data is one line of JSON). */
export function formatEvent(e: QuoteEvent): string {
  return `${e.id ? `id: ${e.id}\n` : ''}event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;
}

/**
 * Answers with a server-sent event stream fed by `run` through Fastify's own reply (so the headers every
 * answer carries are kept). Ends the stream when `run` returns; when the client goes away, aborts `run`'s
 * signal, and stops the heartbeat, so nothing outlives the connection.
 */
export function sendEventStream(reply: FastifyReply, run: (send: (e: QuoteEvent) => void, signal: AbortSignal) => Promise<void>): FastifyReply {
  const body = new PassThrough();
  const gone = new AbortController();
  const onClose = () => gone.abort();
  reply.raw.once('close', onClose);
  const heartbeat = setInterval(() => body.write(': keep-alive\n\n'), HEARTBEAT_MS);
  body.write(`retry: ${RETRY_MS}\n\n`);
  run((e) => {
    if (!gone.signal.aborted) body.write(formatEvent(e));
  }, gone.signal)
    .catch((e: unknown) => log.error(`an event stream failed: ${(e as Error).message}`))
    .finally(() => {
      clearInterval(heartbeat);
      reply.raw.off('close', onClose);
      body.end();
    });
  return reply
    .status(200)
    .header('Content-Type', 'text/event-stream; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('X-Accel-Buffering', 'no')
    .send(body);
}
