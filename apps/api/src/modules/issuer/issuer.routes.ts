import type { Role } from '@portal/shared/roles';
import {
  CreateListingRequestSchema,
  CreateTokenRequestSchema,
  IdParamsSchema,
  IssuerListingResponseSchema,
  IssuerListingsResponseSchema,
  IssuerTokenResponseSchema,
  IssuerTokensResponseSchema,
} from '@portal/shared/issuer';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { caller } from '../../plugins/policy.js';
import type { IssuerService } from './issuer.service.js';

const policy: readonly Role[] = ['issuer', 'admin'];
const tags = ['issuer'];
const security = [{ bearer: [] }];

/** The issuer console's API: an issuer only ever sees and changes their own tokens and listings. */
export function issuerRoutes(app: App, issuer: IssuerService): void {
  app.get(
    '/api/issuer/tokens',
    {
      config: { policy },
      schema: { tags, security, response: { 200: IssuerTokensResponseSchema, ...errorResponses } },
    },
    async (request) => ({ success: true as const, tokens: await issuer.tokens(caller(request).userId) }),
  );

  app.post(
    '/api/issuer/tokens',
    {
      config: { policy },
      schema: {
        tags,
        security,
        body: CreateTokenRequestSchema,
        response: { 201: IssuerTokenResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        token: await issuer.createToken(caller(request).userId, request.body),
      }),
  );

  app.get(
    '/api/issuer/tokens/:id',
    {
      config: { policy },
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        response: { 200: IssuerTokenResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      token: await issuer.token(caller(request).userId, request.params.id),
    }),
  );

  app.get(
    '/api/issuer/listings',
    {
      config: { policy },
      schema: { tags, security, response: { 200: IssuerListingsResponseSchema, ...errorResponses } },
    },
    async (request) => ({ success: true as const, listings: await issuer.listings(caller(request).userId) }),
  );

  app.post(
    '/api/issuer/listings',
    {
      config: { policy },
      schema: {
        tags,
        security,
        body: CreateListingRequestSchema,
        response: { 201: IssuerListingResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        listing: await issuer.createListing(caller(request).userId, request.body),
      }),
  );

  app.post(
    '/api/issuer/listings/:id/cancel',
    {
      config: { policy },
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        response: { 200: IssuerListingResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      listing: await issuer.cancelListing(caller(request).userId, request.params.id),
    }),
  );
}
