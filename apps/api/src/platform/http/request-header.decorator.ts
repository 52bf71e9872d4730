import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/**
 * One request header, or undefined. Unlike Nest's `@Headers(name)`, it adds nothing to the OpenAPI
 * document, where `@Headers` lists the header as required: document optional headers with `@ApiHeader`.
 */
export const RequestHeader = createParamDecorator((name: string, ctx: ExecutionContext): string | undefined => {
  const value = ctx.switchToHttp().getRequest<FastifyRequest>().headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
});
