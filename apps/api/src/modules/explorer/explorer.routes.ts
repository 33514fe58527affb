import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isAddress } from '@solana/kit';
import type { Address, Hash } from 'viem';
import type { z } from 'zod';
import {
  ExplorerAddressParamsSchema,
  ExplorerTxParamsSchema,
  SolanaExplorerAddressParamsSchema,
  SolanaExplorerTxParamsSchema,
} from '@portal/shared/chain';
import { messages } from '@portal/shared/messages';
import type { App } from '../../app.js';
import { DomainError } from '../../errors.js';
import { addressPage, errorPage, homePage, transactionPage } from './explorer.html.js';
import type { ExplorerService } from './explorer.service.js';
import {
  solanaAddressPage,
  solanaErrorPage,
  solanaHomePage,
  solanaTransactionPage,
} from './solana-explorer.html.js';
import type { SolanaExplorerService } from './solana-explorer.service.js';

/** One explorer's three pages; `transaction` is undefined for a transaction the chain never saw. */
interface ExplorerPages {
  base: string;
  errorPage: (status: number, message: string) => string;
  txParams: z.ZodType<{ hash: string }>;
  addressParams: z.ZodType<{ address: string }>;
  home(): Promise<string>;
  transaction(hash: string): Promise<string | undefined>;
  address(address: string): Promise<string>;
}

/**
 * Server-rendered, escaped HTML without any script, never cached (the chain moves on), hidden
 * from the API document. Errors are pages too (the one error handler renders them with `errorPage`).
 */
async function servePages(app: App, pages: ExplorerPages): Promise<void> {
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
    });
    const options = {
      config: { policy: 'public' as const, errorPage: pages.errorPage },
      schema: { hide: true },
    };
    const html = 'text/html; charset=utf-8';
    scope.get(pages.base, options, async (_request, reply) => reply.type(html).send(await pages.home()));
    scope.get(
      `${pages.base}/tx/:hash`,
      { ...options, schema: { ...options.schema, params: pages.txParams } },
      async (request, reply) => {
        const page = await pages.transaction(request.params.hash);
        if (page === undefined) throw new DomainError('NOT_FOUND', messages.explorerTxNotFound);
        return reply.type(html).send(page);
      },
    );
    scope.get(
      `${pages.base}/address/:address`,
      { ...options, schema: { ...options.schema, params: pages.addressParams } },
      async (request, reply) => reply.type(html).send(await pages.address(request.params.address)),
    );
  });
}

/** A small block explorer for the embedded chain, so the portal's explorer links resolve without a public one. */
export async function explorerRoutes(app: App, explorer: ExplorerService): Promise<void> {
  await servePages(app, {
    base: '/explorer',
    errorPage,
    txParams: ExplorerTxParamsSchema,
    addressParams: ExplorerAddressParamsSchema,
    home: async () => homePage({ chainId: explorer.chainId, ...(await explorer.recent()) }),
    transaction: async (hash) => {
      const tx = await explorer.transaction(hash as Hash);
      return tx && transactionPage(tx);
    },
    address: async (address) => addressPage(await explorer.address(address as Address)),
  });
}

/** The same pages for the embedded Solana VM: accounts, mints, token accounts, transactions. */
export async function solanaExplorerRoutes(app: App, explorer: SolanaExplorerService): Promise<void> {
  await servePages(app, {
    base: '/explorer/solana',
    errorPage: solanaErrorPage,
    txParams: SolanaExplorerTxParamsSchema,
    addressParams: SolanaExplorerAddressParamsSchema,
    home: async () => solanaHomePage({ feePayer: explorer.feePayer, transactions: await explorer.recent() }),
    transaction: async (signature) => {
      const tx = await explorer.transaction(signature);
      return tx && solanaTransactionPage(tx);
    },
    address: async (address) => {
      // Base58 of the right length can still decode to other than 32 bytes.
      if (!isAddress(address)) throw new DomainError('VALIDATION_ERROR', messages.explorerInvalidAddress);
      return solanaAddressPage(await explorer.address(address));
    },
  });
}
