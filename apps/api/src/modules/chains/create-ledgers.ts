import type { Address, Hash } from 'viem';
import type { ChainFamily } from '@portal/shared/chain-families';
import type { AssetContracts } from './asset-contracts.js';
import type { ChainPort } from '../../providers/chain/chain.js';
import type { KeyedSender } from './keyed-sender.js';
import type { ChainEngine } from './networks.js';
import type { SolanaPort } from '../../providers/solana/solana.js';
import { EvmLedger, type VaultSigning } from './ledger.evm.js';
import { SplLedger, type SolanaVaults } from './ledger.spl.js';
import type { PaymentLedger, TokenLedger } from './ledger.js';
import { XrplLedger, type XrplHolders } from './ledger.xrpl.js';
import type { XrplNode } from '../../providers/xrpl/xrpl.js';
import { Networks as StellarNetworks } from '@stellar/stellar-sdk';
import type { StellarNode } from '../../providers/stellar/stellar.js';
import { StellarLedger, type StellarHolders } from './ledger.stellar.js';

/** The XRP Ledger, when this deployment is pointed at a node (ADR 66). */
export interface XrplDeps {
  node: XrplNode;
  holders: XrplHolders;
  nodeUrl: string;
  explorerUrl: string;
}

/** Stellar, when this deployment is pointed at a Horizon server (ADR 66). */
export interface StellarDeps {
  node: StellarNode;
  holders: StellarHolders;
  horizonUrl: string;
  explorerUrl: string;
}

export interface Ledgers {
  engines: ChainEngine[];
  tokens: Map<ChainFamily, TokenLedger>;
  payments: PaymentLedger;
  /** The Solana ledger itself, for what only Token-2022 does (freeze, thaw, forced transfer). */
  spl: SplLedger;
}

function ethereumEngine(chain: ChainPort): ChainEngine {
  return {
    family: 'ethereum',
    info:
      chain.kind === 'embedded'
        ? { network: 'localnet', environment: 'local' }
        : {
            network: chain.chain.name.toLowerCase(),
            environment: chain.chain.testnet ? 'testnet' : 'mainnet',
          },
    explorerAddressUrl: (address) => chain.explorerAddressUrl(address as Address),
    explorerTxUrl: (hash) => chain.explorerTxUrl(hash as Hash),
  };
}

function solanaEngine(solana: SolanaPort): ChainEngine {
  return {
    family: 'solana',
    info:
      solana.kind === 'embedded'
        ? { network: 'localnet', environment: 'local' }
        : { network: 'devnet', environment: 'testnet' },
    explorerAddressUrl: (address) => solana.explorerAddressUrl(address),
    explorerTxUrl: (signature) => solana.explorerTxUrl(signature),
  };
}

const isLocal = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);

function xrplEngine({ nodeUrl, explorerUrl }: XrplDeps): ChainEngine {
  const host = new URL(nodeUrl).hostname;
  const environment = isLocal(nodeUrl) ? 'local' : host.endsWith('rippletest.net') ? 'testnet' : 'mainnet';
  return {
    family: 'ripple',
    info: {
      network: host.includes('devnet') ? 'devnet' : environment === 'testnet' ? 'testnet' : 'xrpl',
      environment,
    },
    // A token's "address" is its MPT issuance id (48 hex digits), which the explorer shows under /mpt.
    explorerAddressUrl: (address) =>
      /^[0-9A-F]{48}$/i.test(address)
        ? `${explorerUrl}/mpt/${address}`
        : `${explorerUrl}/accounts/${address}`,
    explorerTxUrl: (hash) => `${explorerUrl}/transactions/${hash}`,
  };
}

/** The network a passphrase names (developers.stellar.org, Networks). */
const STELLAR_NETWORK_NAMES: Record<string, string> = {
  [StellarNetworks.PUBLIC]: 'pubnet',
  [StellarNetworks.TESTNET]: 'testnet',
  [StellarNetworks.FUTURENET]: 'futurenet',
};

function stellarEngine({ node, horizonUrl, explorerUrl }: StellarDeps): ChainEngine {
  const network = STELLAR_NETWORK_NAMES[node.networkPassphrase] ?? 'standalone';
  return {
    family: 'stellar',
    info: {
      network,
      environment: isLocal(horizonUrl) ? 'local' : network === 'pubnet' ? 'mainnet' : 'testnet',
    },
    // A token's "address" is its asset id (code followed by the issuer's G… account).
    explorerAddressUrl: (address) =>
      address.length > 56
        ? `${explorerUrl}/asset/${address.slice(0, -56)}-${address.slice(-56)}`
        : `${explorerUrl}/account/${address}`,
    explorerTxUrl: (hash) => `${explorerUrl}/tx/${hash}`,
  };
}

/** The chains with an engine in this deployment, and their ledgers. */
export function createLedgers(deps: {
  chain: ChainPort;
  sender: KeyedSender;
  assets: AssetContracts;
  solana: SolanaPort;
  vault: VaultSigning & SolanaVaults;
  publicUrl: string;
  xrpl?: XrplDeps | undefined;
  stellar?: StellarDeps | undefined;
}): Ledgers {
  const evm = new EvmLedger(deps.assets, deps.sender, deps.vault, deps.publicUrl);
  const spl = new SplLedger(deps.solana, deps.vault);
  const tokens = new Map<ChainFamily, TokenLedger>([
    ['ethereum', evm],
    ['solana', spl],
  ]);
  const engines = [ethereumEngine(deps.chain), solanaEngine(deps.solana)];
  if (deps.xrpl) {
    tokens.set('ripple', new XrplLedger(deps.xrpl.node, deps.xrpl.holders));
    engines.push(xrplEngine(deps.xrpl));
  }
  if (deps.stellar) {
    tokens.set('stellar', new StellarLedger(deps.stellar.node, deps.stellar.holders));
    engines.push(stellarEngine(deps.stellar));
  }
  return {
    engines,
    tokens,
    payments: evm,
    spl,
  };
}
