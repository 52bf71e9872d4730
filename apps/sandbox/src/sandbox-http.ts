import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { issuesToDetails } from '@lib/common';
import type { WireError } from '@lib/providers';

/** An answer the sandbox gives on purpose, in the contract's error shape. */
export class SandboxHttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }

  static validation(errors: Record<string, string[]>, message = 'The given data was invalid.'): SandboxHttpError {
    return new SandboxHttpError(422, 'validation_failed', message, errors);
  }

  body(): WireError {
    return { error: this.error, message: this.message, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

export function parseOr422<T>(schema: ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const errors = issuesToDetails(parsed.error.issues);
    throw SandboxHttpError.validation(errors, Object.values(errors)[0]?.[0]);
  }
  return parsed.data;
}

/** Every error leaves as JSON; anything unexpected is a 500 without internals. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | SandboxHttpError, request, reply) => {
    if (err instanceof SandboxHttpError) return reply.status(err.status).send(err.body());
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      const body: WireError = { error: 'bad_request', message: err.message };
      return reply.status(err.statusCode).send(body);
    }
    request.log.error({ err }, 'sandbox route failed');
    const body: WireError = { error: 'internal', message: 'The sandbox failed.' };
    return reply.status(500).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    const body: WireError = { error: 'not_found', message: `No route ${request.method} ${request.url}.` };
    return reply.status(404).send(body);
  });
}
