import {
  SbtCreateRequestSchema,
  SbtIdParamsSchema,
  SbtImagesResponseSchema,
  SbtListResponseSchema,
  SbtMintRequestSchema,
  SbtResponseSchema,
} from '@portal/shared/sbt';
import { messages } from '@portal/shared/messages';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { ANY_ROLE, caller } from '../../plugins/policy.js';
import type { SbtService } from './sbt.service.js';

const tags = ['sbt'];
const security = [{ bearer: [] }];

export function sbtRoutes(app: App, sbt: SbtService): void {
  app.get(
    '/api/sbt/images',
    {
      config: { policy: ANY_ROLE },
      schema: { tags, security, response: { 200: SbtImagesResponseSchema, ...errorResponses } },
    },
    async () => ({ success: true as const, images: sbt.images() }),
  );

  app.post(
    '/api/sbt/create',
    {
      config: { policy: ANY_ROLE },
      schema: {
        tags,
        security,
        body: SbtCreateRequestSchema,
        response: { 201: SbtResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await sbt.create(caller(request).userId, request.body.selectedImageId);
      return reply.status(201).send({ success: true as const, message: messages.sbtCreated, sbt: created });
    },
  );

  app.post(
    '/api/sbt/mint',
    {
      config: { policy: ANY_ROLE },
      schema: {
        tags,
        security,
        body: SbtMintRequestSchema,
        response: { 202: SbtResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await sbt.startMint(caller(request).userId, request.body.sbtId);
      return reply.status(202).send({ success: true as const, ...result });
    },
  );

  app.get(
    '/api/sbt/status/:id',
    {
      config: { policy: ANY_ROLE },
      schema: {
        tags,
        security,
        params: SbtIdParamsSchema,
        response: { 200: SbtResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      sbt: await sbt.status(caller(request).userId, request.params.id),
    }),
  );

  app.get(
    '/api/sbt/list',
    {
      config: { policy: ANY_ROLE },
      schema: { tags, security, response: { 200: SbtListResponseSchema, ...errorResponses } },
    },
    async (request) => ({ success: true as const, sbts: await sbt.list(caller(request).userId) }),
  );
}
