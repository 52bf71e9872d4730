import { setTimeout as delay } from 'node:timers/promises';
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { WireError } from '@lib/providers';
import type { InsurerBehaviour } from './insurer-behaviour.store';

/** A 200 whose body breaks the contract in several ways at once (unknown cover type, prices not a list). */
export const MALFORMED_BODY = { status: 'quoted', offers: [{ type: 'Fully comprehensive', prices: 'call us', valid_until: 'tomorrow' }] };

/** Resolves when the client goes away or the server shuts down, whichever comes first. */
function untilGone(raw: ServerResponse, lifecycle: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (lifecycle.aborted || raw.destroyed) return resolve();
    raw.once('close', () => resolve());
    lifecycle.addEventListener('abort', () => resolve(), { once: true });
  });
}

function abandon(reply: FastifyReply): true {
  reply.hijack();
  if (!reply.raw.destroyed) reply.raw.destroy();
  return true;
}

/**
 * Plays the insurer's configured latency and fault. The latency counts from the request's arrival, so
 * work a route did before calling this is part of it rather than added to it.
 * Returns true when the reply was already dealt with and the route must not answer.
 */
export async function simulateInsurer(behaviour: InsurerBehaviour, reply: FastifyReply, lifecycle: AbortSignal): Promise<boolean> {
  const wait = Math.round(behaviour.latency_ms - reply.elapsedTime);
  if (wait > 0) {
    const gone = new AbortController();
    reply.raw.once('close', () => gone.abort());
    try {
      await delay(wait, undefined, { signal: AbortSignal.any([lifecycle, gone.signal]) });
    } catch {
      return abandon(reply);
    }
  }
  switch (behaviour.fault) {
    case 'timeout':
      // Never answers: the connection stays open until the caller gives up or the sandbox stops.
      reply.hijack();
      await untilGone(reply.raw, lifecycle);
      if (!reply.raw.destroyed) reply.raw.destroy();
      return true;
    case 'error': {
      const body: WireError = { error: 'insurer_unavailable', message: 'The insurer system failed to process the request.' };
      reply.status(500).send(body);
      return true;
    }
    case 'malformed':
      reply.status(200).send(MALFORMED_BODY);
      return true;
    case 'none':
      return false;
  }
}
