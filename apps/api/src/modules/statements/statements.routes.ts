import type { FastifyReply } from 'fastify';
import type { Role } from '@portal/shared/roles';
import { StatementQuerySchema, StatementResponseSchema } from '@portal/shared/statements';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { caller } from '../../plugins/policy.js';
import type { StatementsService } from './statements.service.js';

const tags = ['statements'];
const security = [{ bearer: [] }];
// Statements belong with My Assets (docs/product.md §6: investors and admins hold assets).
const policy: readonly Role[] = ['investor', 'admin'];

const download = (reply: FastifyReply, type: string, file: { filename: string; body: string | Uint8Array }) =>
  reply
    .type(type)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(typeof file.body === 'string' ? file.body : Buffer.from(file.body));

/** The caller's own statement for a period (ADR 74), as JSON, CSV or PDF; nobody else's. */
export function statementsRoutes(app: App, statements: StatementsService): void {
  app.get(
    '/api/statements',
    {
      config: { policy },
      schema: {
        tags,
        security,
        summary: 'My statement for a period: holdings at its start and end, its transactions and totals',
        querystring: StatementQuerySchema,
        response: { 200: StatementResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      statement: await statements.statement(caller(request).userId, request.query),
    }),
  );

  app.get(
    '/api/statements.csv',
    {
      config: { policy },
      // The answer is the file itself, so only the error answers have a schema.
      schema: {
        tags,
        security,
        summary: 'My statement for a period, as a CSV download',
        querystring: StatementQuerySchema,
      },
    },
    async (request, reply) =>
      download(reply, 'text/csv; charset=utf-8', await statements.csv(caller(request).userId, request.query)),
  );

  app.get(
    '/api/statements.pdf',
    {
      config: { policy },
      // The answer is the file itself, so only the error answers have a schema.
      schema: {
        tags,
        security,
        summary: 'My statement for a period, as a PDF download in my language',
        querystring: StatementQuerySchema,
      },
    },
    async (request, reply) =>
      download(reply, 'application/pdf', await statements.pdf(caller(request).userId, request.query)),
  );
}
