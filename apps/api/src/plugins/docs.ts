import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { messages } from '@portal/shared/messages';
import { CONTROL_CHARACTER } from '@portal/shared/text';
import { DomainError } from '../errors.js';
import { markRoutesPublic } from './public-scope.js';

const DOCS_PREFIX = '/api/docs';

/** OpenAPI 3.1 generated from the shared zod schemas: JSON at /api/docs/json, UI at /api/docs. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Investor Portal API',
        version: '0.1.0',
        description: 'Every answer is `{ success: true, … }` or `{ success: false, error, code, fields? }`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(async (scope) => {
    markRoutesPublic(scope);
    // The UI's static files: a path that climbs, uses backslashes or control characters, or
    // does not even decode names no file (404), before the file server tries to resolve it.
    scope.addHook('onRequest', async (request) => {
      if (!request.url.startsWith(`${DOCS_PREFIX}/static/`)) return;
      let decoded: string;
      try {
        decoded = decodeURIComponent(request.url.split('?')[0]!);
      } catch {
        throw new DomainError('NOT_FOUND', messages.notFound);
      }
      if (/\.\.|\\/.test(decoded) || CONTROL_CHARACTER.test(decoded))
        throw new DomainError('NOT_FOUND', messages.notFound);
    });
    await scope.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  });
}
