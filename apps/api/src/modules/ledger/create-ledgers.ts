import type { Address, Hash } from 'viem';
import type { ChainFamily } from '@portal/shared/chain-families';
import type { ChainPort } from '../../providers/chain/chain.js';
import type { ChainEngine } from '../chains/networks.js';
import type { VaultService } from '../vault/vault.service.js';
import type { PaymentLedger, TokenLedger } from './ledger.js';

export interface Ledgers {
  engines: ChainEngine[];
  tokens: Map<ChainFamily, TokenLedger>;
  payments: PaymentLedger;
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

export function createLedgers(deps: { chain: ChainPort; vault: VaultService }): Ledgers {
  const unwired = () => Promise.reject(new Error('ledger not wired yet'));
  const payments: PaymentLedger = { buyFromEscrow: unwired, pay: unwired, paid: unwired };
  void deps.vault;
  return { engines: [ethereumEngine(deps.chain)], tokens: new Map(), payments };
}
