import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ExplorerAddressParamsSchema, ExplorerTxParamsSchema } from '@portal/shared/chain';
import { messages } from '@portal/shared/messages';
import type { App } from '../../app.js';
import { DomainError } from '../../errors.js';
import { addressPage, errorPage, homePage, transactionPage } from './explorer.html.js';
import type { ExplorerService } from './explorer.service.js';

/**
 * A small block explorer for the embedded chain, so the portal's explorer links resolve without
 * a public one. Server-rendered, escaped HTML without any script. Errors are pages too (the one
 * error handler renders them with `errorPage`).
 */
export async function explorerRoutes(app: App, explorer: ExplorerService): Promise<void> {
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
    });

    const options = { config: { policy: 'public' as const, errorPage }, schema: { hide: true } };
    scope.get('/explorer', options, async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(homePage({ chainId: explorer.chainId, ...(await explorer.recent()) })),
    );
    scope.get(
      '/explorer/tx/:hash',
      { ...options, schema: { ...options.schema, params: ExplorerTxParamsSchema } },
      async (request, reply) => {
        const tx = await explorer.transaction(request.params.hash);
        if (!tx) throw new DomainError('NOT_FOUND', messages.explorerTxNotFound);
        return reply.type('text/html; charset=utf-8').send(transactionPage(tx));
      },
    );
    scope.get(
      '/explorer/address/:address',
      { ...options, schema: { ...options.schema, params: ExplorerAddressParamsSchema } },
      async (request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .send(addressPage(await explorer.address(request.params.address))),
    );
  });
}
