import {
  RegisterParamsSchema,
  RegisterResponseSchema,
  RegisterTokensResponseSchema,
} from '@portal/shared/register';
import type { Role } from '@portal/shared/roles';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { caller } from '../../plugins/policy.js';
import type { RegisterReader, RegisterService } from './register.service.js';

const security = [{ bearer: [] }];
// The issuer console admits issuers and admins; either sees only the tokens they issued there.
const issuerPolicy: readonly Role[] = ['issuer', 'admin'];
const adminPolicy: readonly Role[] = ['admin'];

/** The register of holders (ADR 69): the issuer's own tokens, and every token for an admin. */
export function registerRoutes(app: App, register: RegisterService): void {
  const routes = [
    { prefix: '/api/issuer', tag: 'issuer', policy: issuerPolicy, whose: 'my token' },
    { prefix: '/api/admin', tag: 'admin', policy: adminPolicy, whose: 'any token' },
  ] as const;
  for (const { prefix, tag, policy, whose } of routes) {
    const tags = [tag];
    const readerOf = (userId: string): RegisterReader =>
      tag === 'admin' ? { role: 'admin' } : { role: 'issuer', issuerId: userId };

    app.get(
      `${prefix}/tokens/:id/register`,
      {
        config: { policy },
        schema: {
          tags,
          security,
          summary: `The register of holders of ${whose}`,
          params: RegisterParamsSchema,
          response: { 200: RegisterResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        register: await register.register(readerOf(caller(request).userId), request.params.id),
      }),
    );

    app.get(
      `${prefix}/tokens/:id/register.csv`,
      {
        config: { policy },
        // The answer is the CSV itself, so only the error answers have a schema.
        schema: {
          tags,
          security,
          summary: `The register of holders of ${whose}, as a CSV download`,
          params: RegisterParamsSchema,
        },
      },
      async (request, reply) => {
        const file = await register.csv(readerOf(caller(request).userId), request.params.id);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
  }

  app.get(
    '/api/admin/tokens',
    {
      config: { policy: adminPolicy },
      schema: {
        tags: ['admin'],
        security,
        summary: 'Every token with its holder count, to open its register',
        response: { 200: RegisterTokensResponseSchema, ...errorResponses },
      },
    },
    async () => ({ success: true as const, tokens: await register.tokens() }),
  );
}
