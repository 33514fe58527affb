import { createPublicClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Logger } from 'pino';
import type { ChainConfig } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import type { ChainPort } from './chain.js';
import { ChainRepo } from './chain.repo.js';
import { ViemChain } from './chain.viem.js';
import { AddressLeases } from './address-leases.js';
import { ChainSendsRepo } from './chain-sends.repo.js';

/**
 * Any JSON-RPC node: Sepolia through a provider URL, or a local anvil / hardhat node. The
 * platform key is the operator's funded account and also pays auto-fuel.
 */
export async function openRpcChain(options: {
  config: Extract<ChainConfig, { kind: 'rpc' }>;
  db: DbOrTx;
  log: Logger;
}): Promise<ChainPort> {
  const { config, log } = options;
  const transport = http(config.rpcUrl, { retryCount: 2, timeout: 30_000 });
  const chainId = await createPublicClient({ transport }).getChainId();
  if (config.expectedChainId !== undefined && chainId !== config.expectedChainId) {
    throw new Error(
      `CHAIN_ID is ${config.expectedChainId}, but the node at CHAIN_RPC_URL is chain ${chainId}`,
    );
  }
  const platform = privateKeyToAccount(config.platformPrivateKey);
  const chain = new ViemChain({
    kind: 'rpc',
    chainId,
    name: `Chain ${chainId}`,
    transport,
    platform,
    faucet: platform,
    faucetAmountWei: config.faucetAmountWei,
    explorerUrl: config.explorerUrl,
    pollingInterval: 1_000,
    receiptTimeout: 300_000,
    repo: new ChainRepo(options.db),
    leases: new AddressLeases(new ChainSendsRepo(options.db), () => chainId),
  });
  const balance = await chain.publicClient.getBalance({ address: platform.address });
  // The URL may carry an API key, so only its host is logged.
  log.info(
    { chainId, node: new URL(config.rpcUrl).host, platform: platform.address, balance: balance.toString() },
    'chain node',
  );
  if (balance === 0n)
    log.warn({ platform: platform.address }, 'the platform account has no ETH to pay for gas');
  await chain.deployPlatformContracts();
  return chain;
}
