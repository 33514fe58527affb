import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ErrorResponseSchema } from '@portal/shared/errors';

/**
 * Checks our own error answers against the envelope on every route. The document lists only the
 * statuses a route can answer (plugins/docs.ts `errorStatuses`), not all of these.
 */
export const errorResponses = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  413: ErrorResponseSchema,
  415: ErrorResponseSchema,
  422: ErrorResponseSchema,
  429: ErrorResponseSchema,
  500: ErrorResponseSchema,
  502: ErrorResponseSchema,
  503: ErrorResponseSchema,
} as const;

/**
 * A body encoded the way the response serializer would (the schema's encode, then JSON), for
 * answers that are encoded once and sent many times; a string sent as JSON skips the serializer.
 */
export function encodeBody<S extends z.ZodType>(schema: S, value: z.output<S>): string {
  return JSON.stringify(z.encode(schema, value));
}

/** Sends a body made by `encodeBody` (typed replies only accept the schema's shape). */
export function sendEncoded(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
