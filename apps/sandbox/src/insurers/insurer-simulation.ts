import { setTimeout as delay } from 'node:timers/promises';
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WireError } from '@lib/providers';
import { SCOPE_HEADER, type InsurerBehaviour, type InsurerFamily } from './insurer-behaviour.store';
import type { SandboxContext } from '../sandbox-context';

/** A 200 whose body breaks the contract in several ways at once (unknown cover type, prices not a list). */
export const MALFORMED_BODY = { status: 'quoted', offers: [{ type: 'Fully comprehensive', prices: 'call us', valid_until: 'tomorrow' }] };

/**
 * Resolves when the client goes away or the server shuts down, whichever comes first. Each side's listener
 * is removed when the other fires: the server's signal lives as long as the sandbox, and a listener left on it
 * would keep every hung request's response alive until shutdown.
 */
function untilGone(raw: ServerResponse, lifecycle: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (lifecycle.aborted || raw.destroyed) return resolve();
    const done = () => {
      raw.off('close', done);
      lifecycle.removeEventListener('abort', done);
      resolve();
    };
    raw.once('close', done);
    lifecycle.addEventListener('abort', done, { once: true });
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
 * Returns true when the reply was already dealt with and the route must not answer. `declined` is the route's
 * own "declined" answer (quotes); without one, a `decline` is the insurer refusing the request (422).
 */
export async function simulateInsurer(behaviour: InsurerBehaviour, reply: FastifyReply, lifecycle: AbortSignal, declined?: () => unknown): Promise<boolean> {
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
    case 'decline': {
      if (declined) reply.status(200).send(declined());
      else reply.status(422).send({ error: 'declined', message: 'The insurer declines this request (sandbox behaviour).' } satisfies WireError);
      return true;
    }
    case 'none':
      return false;
  }
}

/** The insurer's behaviour for this request: the calling scope's own settings (header) over the shared ones. */
export function behaviourOf(ctx: SandboxContext, request: FastifyRequest, code: string, family: InsurerFamily): InsurerBehaviour {
  const scope = request.headers[SCOPE_HEADER];
  return ctx.behaviours.resolve(code, family, typeof scope === 'string' && scope ? scope : undefined)!;
}

/** A quote declined on request, in the single-provider families' shape. */
export const DECLINED_ON_REQUEST = 'Declined on request (sandbox insurer behaviour).';
