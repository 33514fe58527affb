import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { markRoutesPublic } from './public-scope.js';

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
    await scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
}
