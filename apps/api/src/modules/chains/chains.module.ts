import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import { AssetContracts } from './asset-contracts.js';
import { ComplianceContracts } from './compliance-contracts.js';
import { ChainSendsRepo } from '../../providers/chain/chain-sends.repo.js';
import { KeyedSender } from './keyed-sender.js';
import { SoulBoundTokens } from './soul-bound-token.js';
import { createLedgers } from './create-ledgers.js';
import type { VaultService } from '../vault/vault.service.js';
import { Networks } from './networks.js';
import { XrplNode } from '../../providers/xrpl/xrpl.js';
import { XrplVaults } from '../../providers/xrpl/xrpl.vaults.js';
import { StellarNode } from '../../providers/stellar/stellar.js';
import { StellarVaults } from '../../providers/stellar/stellar.vaults.js';

/**
 * The chain-neutral domain every feature that touches a chain uses: crash-safe keyed sends
 * (ADR 17), the asset, escrow and soul-bound contracts, a token ledger per chain family and the
 * registry of families with their engines (docs/architecture.md, "Chains").
 */
export function chainsModule(infra: Infrastructure, deps: { vault: VaultService }) {
  const { chain, metrics } = infra;
  const chainSender = new KeyedSender(chain, new ChainSendsRepo(infra.db), (chainId, code) =>
    metrics.chainSendFailed(chainId, code),
  );
  const assetContracts = new AssetContracts(chain, chainSender);
  const xrplConfig = infra.config.xrpl;
  const xrpl = xrplConfig && {
    node: new XrplNode({ url: xrplConfig.url, platformSeed: xrplConfig.platformSeed, db: infra.db }),
    holders: new XrplVaults(infra.db, infra.custody),
    nodeUrl: xrplConfig.url,
    explorerUrl: xrplConfig.explorerUrl,
  };
  const stellarConfig = infra.config.stellar;
  const stellar = stellarConfig && {
    node: new StellarNode({
      horizonUrl: stellarConfig.horizonUrl,
      platformSecret: stellarConfig.platformSecret,
      networkPassphrase: stellarConfig.networkPassphrase,
      db: infra.db,
    }),
    holders: new StellarVaults(infra.db, infra.custody),
    horizonUrl: stellarConfig.horizonUrl,
    explorerUrl: stellarConfig.explorerUrl,
  };
  const ledgers = createLedgers({
    xrpl,
    stellar,
    chain,
    sender: chainSender,
    assets: assetContracts,
    solana: infra.solana,
    vault: deps.vault,
    publicUrl: infra.config.publicUrl,
  });
  return {
    name: 'chains',
    chainSender,
    assetContracts,
    complianceContracts: new ComplianceContracts(chain, chainSender),
    soulBoundTokens: new SoulBoundTokens(chain, infra.config.chain.replaceAfterMs),
    tokenLedgers: ledgers.tokens,
    payments: ledgers.payments,
    splLedger: ledgers.spl,
    networks: new Networks(ledgers.engines),
    /** The XRP Ledger node when one is configured: holdings read vault XRP balances from it. */
    xrplNode: xrpl?.node,
    /** The Horizon server when one is configured: holdings read vault XLM balances from it. */
    stellarNode: stellar?.node,
    close: async () => {
      await xrpl?.node.close();
    },
  } satisfies FeatureModule & Record<string, unknown>;
}

export { SoulBoundTokens } from './soul-bound-token.js';
export { ComplianceContracts, type Investor } from './compliance-contracts.js';
export type { ChainHolding, ChainRules } from './asset-contracts.js';
export { ERC1155_TOKEN_ID } from './asset-contracts.js';
export { SettlementError } from './ledger.js';
export { ChainSendError, KeyedSender } from './keyed-sender.js';
