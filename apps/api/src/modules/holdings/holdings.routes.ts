import { HoldingsResponseSchema, VaultBalancesResponseSchema } from '@portal/shared/holdings';
import type { Role } from '@portal/shared/roles';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { ANY_ROLE, caller } from '../../plugins/policy.js';
import type { HoldingsService } from './holdings.service.js';

const tags = ['holdings'];
const security = [{ bearer: [] }];
// docs/product.md §6: buying and My Assets are for investors and admins.
const policy: readonly Role[] = ['investor', 'admin'];

/** The caller's own holdings and vault balances (ADR 68); nothing here names another user. */
export function holdingsRoutes(app: App, holdings: HoldingsService): void {
  app.get(
    '/api/holdings',
    {
      config: { policy },
      schema: {
        tags,
        security,
        summary: 'What I hold: balances from the chain and the books, value, purchases and attempts',
        response: { 200: HoldingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, ...(await holdings.holdings(caller(request).userId)) }),
  );

  app.get(
    '/api/vault/balances',
    {
      // Every role has a vault (docs/product.md §2.5).
      config: { policy: ANY_ROLE },
      schema: {
        tags,
        security,
        summary: "My vault addresses' native and token balances, read from the chains",
        response: { 200: VaultBalancesResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      balances: await holdings.vaultBalances(caller(request).userId),
    }),
  );
}
