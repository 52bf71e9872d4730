import type { FastifyInstance, FastifyReply } from 'fastify';
import { jsonBytes, jsonPartsLength, writeJsonParts, type JsonParts } from '@lib/common';
import { ResponseBuffers } from './response-buffers';

/**
 * A response body already encoded as JSON (UTF-8), sent as it is by the reply serializer (see `serveJsonBodies`):
 * for an answer made in parts as its pieces arrived (see jsonWithArray). `toJSON` gives the value back for whoever
 * stores the answer (an Idempotency-Key's replay).
 */
export class JsonBody {
  constructor(
    readonly bytes: Buffer,
    /** The pooled buffer `bytes` is the start of, given back once the answer was sent (see JsonBody.fromParts). */
    readonly pooled: Buffer | null = null,
  ) {}

  /**
   * The parts' JSON as a body to send once, in a buffer reused by a later answer once this one was sent (a large
   * answer): only for a route whose answer nothing keeps after sending it (not one an Idempotency-Key replays).
   */
  static fromParts(parts: JsonParts): JsonBody {
    const size = jsonPartsLength(parts);
    if (size < responseBuffers.minBytes) {
      const bytes = Buffer.allocUnsafe(size);
      writeJsonParts(parts, bytes);
      return new JsonBody(bytes);
    }
    const pooled = responseBuffers.take(size);
    writeJsonParts(parts, pooled);
    return new JsonBody(pooled.subarray(0, size), pooled);
  }

  toJSON(): unknown {
    return JSON.parse(this.bytes.toString('utf8'));
  }
}

const responseBuffers = new ResponseBuffers();

/**
 * Fastify's reply serializer: JSON encoded to UTF-8 once, into a buffer. Handed a string, Fastify measures its UTF-8
 * length and the socket write encodes it again, each first copying a large answer flat on the JS heap (a quote
 * request's is ~70 KB). A JsonBody goes as it is. (Fastify sends a Buffer payload unchanged, though its type names
 * only strings.)
 */
function replySerializer(payload: unknown): string {
  return (payload instanceof JsonBody ? payload.bytes : jsonBytes(payload)) as unknown as string;
}

/**
 * Serializes every answer with replySerializer, and gives a pooled JsonBody's buffer back once its answer ended:
 * written out, or abandoned (the connection closed); either way nothing reads it any more.
 */
export function serveJsonBodies(fastify: FastifyInstance): void {
  const pooledOf = new WeakMap<FastifyReply, Buffer>();
  fastify.setReplySerializer(replySerializer);
  fastify.addHook('preSerialization', async (_req, reply, payload) => {
    if (payload instanceof JsonBody && payload.pooled) pooledOf.set(reply, payload.pooled);
    return payload;
  });
  fastify.addHook('onResponse', async (_req, reply) => {
    const pooled = pooledOf.get(reply);
    if (!pooled) return;
    pooledOf.delete(reply);
    responseBuffers.give(pooled);
  });
}
