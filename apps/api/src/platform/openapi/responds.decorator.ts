import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { FASTIFY_ROUTE_SCHEMA_METADATA } from '@nestjs/platform-fastify/constants.js';
import type { FastifySchema } from 'fastify';
import type { z } from 'zod';
import { serializerSchema, shapeId } from '@lib/common';

/**
 * Declares a route's success answer with its named response shape (see `shape` in @lib/common): the OpenAPI
 * document refers to the shape's component, and Fastify serializes the answer with a serializer compiled from the
 * same schema (fast-json-stringify), so what is sent is what is documented. A route may declare several statuses
 * (201 and 202), and the headers it answers with, where they carry meaning (a plain array's paging).
 */
export function Responds(
  status: number,
  schema: z.ZodType,
  description: string,
  headers?: Record<string, { description: string; schema: { type: 'string' | 'integer' } }>,
): MethodDecorator {
  return applyDecorators(ApiResponse({ status, description, schema: shapeRef(schema), ...(headers ? { headers } : {}) }), serializeWith(status, schema));
}

/** The OpenAPI reference to a named shape. */
export function shapeRef(schema: z.ZodType): { $ref: string } {
  const id = shapeId(schema);
  if (!id) throw new Error("Declare the response schema with shape('Name', ...) first: the document refers to it by name.");
  return { $ref: `#/components/schemas/${id}` };
}

/** Serializes the route's answers of `status` with a serializer compiled from `schema` (fast-json-stringify). */
export function serializeWith(status: number, schema: z.ZodType): MethodDecorator {
  return (_target, _key, descriptor: PropertyDescriptor) => {
    const handler = descriptor.value as object;
    const existing = (Reflect.getMetadata(FASTIFY_ROUTE_SCHEMA_METADATA, handler) ?? {}) as FastifySchema;
    const response = { ...((existing.response as Record<number, unknown> | undefined) ?? {}), [status]: serializerSchema(schema) };
    Reflect.defineMetadata(FASTIFY_ROUTE_SCHEMA_METADATA, { ...existing, response }, handler);
    return descriptor;
  };
}
