import {
  DidInfoResponseSchema,
  DidResolveParamsSchema,
  DidResolveResponseSchema,
  DidStartRequestSchema,
  DidStartResponseSchema,
} from '@portal/shared/did';
import { messages } from '@portal/shared/messages';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { ANY_ROLE, caller } from '../../plugins/policy.js';
import type { DidService } from './did.service.js';

const tags = ['did'];
const security = [{ bearer: [] }];

export function didRoutes(app: App, dids: DidService): void {
  app.post(
    '/api/did/start',
    {
      config: { policy: ANY_ROLE },
      schema: {
        tags,
        security,
        body: DidStartRequestSchema.nullish(),
        response: { 200: DidStartResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      didMetadata: await dids.start(caller(request).userId),
      message: messages.didGenerated,
    }),
  );

  // The path of docs/product.md §7.2, trailing slash included (the web client calls it so); one spelling, one route.
  app.get(
    '/api/did/',
    {
      config: { policy: ANY_ROLE },
      schema: { tags, security, response: { 200: DidInfoResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      success: true as const,
      didMetadata: (await dids.find(caller(request).userId)) ?? null,
    }),
  );

  app.get(
    '/api/did/resolve/:did',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        params: DidResolveParamsSchema,
        response: { 200: DidResolveResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, didDocument: await dids.resolve(request.params.did) }),
  );
}
