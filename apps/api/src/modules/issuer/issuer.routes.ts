import type { Role } from '@portal/shared/roles';
import {
  CreateListingRequestSchema,
  CreateTokenRequestSchema,
  IdParamsSchema,
  IssuerChainsResponseSchema,
  IssuerListingResponseSchema,
  IssuerListingsResponseSchema,
  IssuerTokenResponseSchema,
  IssuerTokensResponseSchema,
  TOKEN_DESCRIPTION_MAX,
} from '@portal/shared/issuer';
import { z } from 'zod';
import { LABEL_MAX, textAnswer } from '@portal/shared/bounds';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { caller } from '../../plugins/policy.js';
import type { IssuerService } from './issuer.service.js';

const policy: readonly Role[] = ['issuer', 'admin'];
const tags = ['issuer'];
const security = [{ bearer: [] }];

const ItemParamsSchema = z.object({ id: z.uuid(), item: z.coerce.number().int().min(1).max(1_000_000) });
const ItemMetadataSchema = z
  .object({
    // "<token name> #<item>", the token's description, and its category and symbol.
    name: textAnswer(LABEL_MAX),
    description: textAnswer(TOKEN_DESCRIPTION_MAX),
    attributes: z
      .array(z.object({ trait_type: textAnswer(LABEL_MAX), value: textAnswer(LABEL_MAX) }))
      .max(10),
  })
  .meta({ id: 'ItemMetadata' });

/** The issuer console's API: an issuer only ever sees and changes their own tokens and listings. */
export function issuerRoutes(app: App, issuer: IssuerService): void {
  app.get(
    '/api/issuer/chains',
    {
      config: { policy },
      schema: { tags, security, response: { 200: IssuerChainsResponseSchema, ...errorResponses } },
    },
    () => ({ success: true as const, chains: issuer.chains() }),
  );

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

  // Public ERC-721 metadata: wallets and explorers read it through the contract's tokenURI.
  app.get(
    '/api/tokens/:id/items/:item',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['tokens'],
        params: ItemParamsSchema,
        response: { 200: ItemMetadataSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const metadata = await issuer.itemMetadata(request.params.id, request.params.item);
      return reply.header('cache-control', 'public, max-age=300').send(metadata);
    },
  );
}
