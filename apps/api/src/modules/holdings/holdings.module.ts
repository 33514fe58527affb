import { getAddress } from 'viem';
import type { ChainFamily } from '@portal/shared/chain-families';
import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import type { XrplNode } from '../../providers/xrpl/xrpl.js';
import type { StellarNode } from '../../providers/stellar/stellar.js';
import type { TokenLedger } from '../chains/ledger.js';
import type { Networks } from '../chains/networks.js';
import type { ComplianceService } from '../compliance/compliance.service.js';
import type { VaultService } from '../vault/vault.service.js';
import type { Stablecoins } from '../faucet/stablecoins.js';
import { HoldingsRepo } from './holdings.repo.js';
import { holdingsRoutes } from './holdings.routes.js';
import { HoldingsService, type StablecoinReader } from './holdings.service.js';

/**
 * After the purchase (ADR 68): what each investor holds, read from the chains and compared with
 * the books, valued at the last price; and each vault address's balances.
 */
export function holdingsModule(
  infra: Infrastructure,
  deps: {
    tokenLedgers: Map<ChainFamily, TokenLedger>;
    networks: Networks;
    compliance: ComplianceService;
    vault: VaultService;
    /** The XRP Ledger node, when one is configured (ADR 66). */
    xrplNode?: XrplNode | undefined;
    /** The Horizon server, when Stellar is configured (ADR 66). */
    stellarNode?: StellarNode | undefined;
    /** The test stablecoin (ADR 70), listed with each Ethereum and Solana address. */
    stablecoins?: Stablecoins | undefined;
  },
) {
  const { chain, solana } = infra;
  const xrpl = deps.xrplNode;
  const stellar = deps.stellarNode;
  const holdings = new HoldingsService({
    repo: new HoldingsRepo(infra.db),
    ledgers: deps.tokenLedgers,
    compliance: deps.compliance,
    vault: deps.vault,
    natives: {
      ethereum: {
        symbol: 'ETH',
        decimals: 18,
        read: (address) => chain.publicClient.getBalance({ address: getAddress(address) }),
      },
      solana: { symbol: 'SOL', decimals: 9, read: (address) => solana.lamports(address) },
      ripple: {
        symbol: 'XRP',
        decimals: 6,
        // An account the ledger has not seen yet holds nothing.
        ...(xrpl && { read: async (address) => (await xrpl.account(address))?.balance ?? 0n }),
      },
      // No Bitcoin engine: shown as not connected.
      bitcoin: { symbol: 'BTC', decimals: 8 },
      stellar: {
        symbol: 'XLM',
        decimals: 7,
        ...(stellar && { read: async (address) => (await stellar.account(address))?.balance ?? 0n }),
      },
    },
    ...(deps.stablecoins && { stablecoin: stablecoinReader(deps.stablecoins, solana) }),
    explorerTxUrl: (family, hash) => deps.networks.explorerTxUrl(family, hash),
    credentialUrl: (cid) => infra.ipfs.url(cid),
    log: infra.log,
  });
  return {
    name: 'holdings',
    holdings,
    routes: (app) => holdingsRoutes(app, holdings),
    statement: { holdings: (userId) => holdings.statementHoldings(userId) },
  } satisfies FeatureModule & Record<string, unknown>;
}

/** Reads the stablecoin per chain; undefined for a chain without one (the balance then says null). */
function stablecoinReader(stablecoins: Stablecoins, solana: Infrastructure['solana']): StablecoinReader {
  return {
    ethereum: async () => {
      if (!stablecoins.evmAddress()) return undefined;
      return (address) => stablecoins.evmBalance(address);
    },
    solana: async () => {
      const mint = await stablecoins.solanaMintAddress();
      if (!mint) return undefined;
      return (address) => solana.balance(mint, address);
    },
  };
}
