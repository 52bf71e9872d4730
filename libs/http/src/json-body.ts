import { jsonBytes } from '@lib/common';

/**
 * A response body already encoded as JSON (UTF-8), sent as it is by the reply serializer (see `replySerializer`):
 * for an answer made in parts as its pieces arrived (see jsonWithArray). `toJSON` gives the value back for whoever
 * stores the answer (an Idempotency-Key's replay).
 */
export class JsonBody {
  constructor(readonly bytes: Buffer) {}

  toJSON(): unknown {
    return JSON.parse(this.bytes.toString('utf8'));
  }
}

/**
 * Fastify's reply serializer: JSON encoded to UTF-8 once, into a buffer. Handed a string, Fastify measures its UTF-8
 * length and the socket write encodes it again, each first copying a large answer flat on the JS heap (a quote
 * request's is ~70 KB). A JsonBody goes as it is. (Fastify sends a Buffer payload unchanged, though its type names
 * only strings.)
 */
export function replySerializer(payload: unknown): string {
  return (payload instanceof JsonBody ? payload.bytes : jsonBytes(payload)) as unknown as string;
}
