import {
  AccreditationRequestSchema,
  EligibilityQuerySchema,
  ForcedTransferRequestSchema,
  FreezeRequestSchema,
  PauseRequestSchema,
  RecoveryRequestSchema,
  TokenActionResponseSchema,
  TokenComplianceResponseSchema,
  TokenEligibilityResponseSchema,
  TokenRulesSchema,
  type TokenActionView,
} from '@portal/shared/compliance';
import { IdParamsSchema } from '@portal/shared/issuer';
import { messages } from '@portal/shared/messages';
import { IdempotencyKeySchema } from '@portal/shared/purchases';
import type { Role } from '@portal/shared/roles';
import { z } from 'zod';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { caller } from '../../plugins/policy.js';
import type { ComplianceService } from './compliance.service.js';

const security = [{ bearer: [] }];
const issuerPolicy: readonly Role[] = ['issuer', 'admin'];
const investorPolicy: readonly Role[] = ['investor', 'admin'];
const headers = z.object({ 'idempotency-key': IdempotencyKeySchema });
const actionResponse = { 202: TokenActionResponseSchema, ...errorResponses };

/**
 * Token rules and their enforcement (docs/product.md §4.12): the investor's "may I buy",
 * the issuer's rules and actions on its own tokens (each answered 202 and carried out on chain by
 * a job), and the administrator's accreditation decision.
 */
export function complianceRoutes(app: App, compliance: ComplianceService): void {
  app.get(
    '/api/tokens/:id/eligibility',
    {
      config: { policy: investorPolicy },
      schema: {
        tags: ['marketplace'],
        security,
        summary: 'Whether the caller may buy the token (and how much), and if not why',
        params: IdParamsSchema,
        querystring: EligibilityQuerySchema,
        response: { 200: TokenEligibilityResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await compliance.eligibility(caller(request).userId, request.params.id, request.query.amount),
    }),
  );

  app.get(
    '/api/issuer/tokens/:id/compliance',
    {
      config: { policy: issuerPolicy },
      schema: {
        tags: ['issuer'],
        security,
        summary: "A token's rules, holders and enforcement log",
        params: IdParamsSchema,
        response: { 200: TokenComplianceResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await compliance.overview(caller(request).userId, request.params.id),
    }),
  );

  /** An issuer action on its own token: answered 202 with the PENDING action its job carries out. */
  function action<S extends z.ZodType>(
    method: 'PUT' | 'POST',
    path: string,
    summary: string,
    body: S,
    run: (
      issuerId: string,
      tokenId: string,
      body: z.output<S>,
      key: string | undefined,
    ) => Promise<TokenActionView>,
  ): void {
    app.route({
      method,
      url: `/api/issuer/tokens/:id/${path}`,
      config: { policy: issuerPolicy },
      schema: {
        tags: ['issuer'],
        security,
        summary,
        params: IdParamsSchema,
        headers,
        body,
        response: actionResponse,
      },
      handler: async (request, reply) => {
        const { params, headers: sent } = request as unknown as {
          params: { id: string };
          headers: { 'idempotency-key'?: string };
        };
        const data = await run(
          caller(request).userId,
          params.id,
          request.body as z.output<S>,
          sent['idempotency-key'],
        );
        return reply.status(202).send({ success: true as const, data });
      },
    });
  }

  action(
    'PUT',
    'rules',
    "Changes a token's transfer rules (written on chain by a job)",
    TokenRulesSchema,
    (issuer, token, body, key) => compliance.changeRules(issuer, token, body, key),
  );
  action(
    'POST',
    'pause',
    'Pauses or resumes every transfer of a token',
    PauseRequestSchema,
    (issuer, token, body, key) => compliance.setPaused(issuer, token, body.paused, body.reason, key),
  );
  action(
    'POST',
    'freeze',
    "Freezes part or all of one holder's balance (0 unfreezes)",
    FreezeRequestSchema,
    (issuer, token, body, key) => compliance.freeze(issuer, token, body, key),
  );
  action(
    'POST',
    'forced-transfer',
    "Moves a holder's tokens to another verified investor or the treasury",
    ForcedTransferRequestSchema,
    (issuer, token, body, key) => compliance.forcedTransfer(issuer, token, body, key),
  );
  action(
    'POST',
    'recover',
    "Moves a holder's tokens to another address of the same verified identity",
    RecoveryRequestSchema,
    (issuer, token, body, key) => compliance.recover(issuer, token, body, key),
  );

  app.post(
    '/api/admin/users/:userId/accreditation',
    {
      config: { policy: ['admin'] },
      schema: {
        tags: ['admin'],
        security,
        summary: 'Marks a verified investor accredited or not (audited)',
        params: z.object({ userId: z.uuid(messages.notFound) }),
        body: AccreditationRequestSchema,
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({ userId: z.uuid(), accredited: z.boolean() }),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const { accredited, reason } = request.body;
      await compliance.accredit(caller(request).userId, userId, accredited, reason);
      return { success: true as const, data: { userId, accredited } };
    },
  );
}
