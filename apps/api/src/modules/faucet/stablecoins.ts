import { erc20Abi, getAddress, type Address } from 'viem';
import { testStablecoinAbi } from '@portal/contracts/test-stablecoin';
import { STABLECOIN, type FaucetChain } from '@portal/shared/faucet';
import type { FaucetConfig } from '../../config.js';
import type { ChainPort } from '../../providers/chain/chain.js';
import type { SolanaPort } from '../../providers/solana/solana.js';

/** The key the embedded Solana derives Test USD's mint from: the same mint after every restart. */
export const SOLANA_STABLECOIN_KEY = 'platform:stablecoin:tUSD';

/**
 * Where the test stablecoin lives on each chain (ADR 70): on the embedded EVM the platform's
 * TestStablecoin contract, on the embedded Solana a Token-2022 mint created once under a fixed
 * key; on a remote chain the configured address or mint, or none.
 */
export class Stablecoins {
  private solanaMint: Promise<string> | undefined;

  constructor(
    private readonly chain: Pick<
      ChainPort,
      'kind' | 'contractAddress' | 'writeContract' | 'publicClient' | 'waitForReceipt'
    >,
    private readonly solana: Pick<SolanaPort, 'kind' | 'createMint'>,
    private readonly config: Pick<FaucetConfig, 'stablecoinAddress' | 'stablecoinMint'>,
  ) {}

  /** The ERC-20's address, or undefined when this deployment has none. */
  evmAddress(): Address | undefined {
    if (this.chain.kind === 'embedded') return getAddress(this.chain.contractAddress('testStablecoin'));
    return this.config.stablecoinAddress && getAddress(this.config.stablecoinAddress);
  }

  /** The mint's address, created on first use on the embedded Solana; undefined when none. */
  async solanaMintAddress(): Promise<string | undefined> {
    if (this.solana.kind !== 'embedded') return this.config.stablecoinMint;
    this.solanaMint ??= this.solana
      .createMint({
        key: SOLANA_STABLECOIN_KEY,
        decimals: STABLECOIN.decimals,
        mintAuthority: { kind: 'platform' },
      })
      .then((minted) => minted.mint)
      .catch((error: unknown) => {
        this.solanaMint = undefined;
        throw error;
      });
    return this.solanaMint;
  }

  /** Whether the faucet and the balances have a stablecoin on `chain`. */
  async has(chain: FaucetChain): Promise<boolean> {
    return chain === 'ethereum'
      ? this.evmAddress() !== undefined
      : (await this.solanaMintAddress()) !== undefined;
  }

  /** The EVM balance in base units. */
  async evmBalance(address: string): Promise<bigint> {
    const token = this.evmAddress();
    if (!token) throw new Error('No stablecoin on this chain');
    return this.chain.publicClient.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [getAddress(address)],
    });
  }

  /** A new vault's starting test amount on the embedded EVM (with the auto-fuel); nothing elsewhere. */
  async fundNewVault(address: string, amount: bigint): Promise<void> {
    if (this.chain.kind !== 'embedded' || amount <= 0n) return;
    const { hash } = await this.chain.writeContract({
      address: this.chain.contractAddress('testStablecoin'),
      abi: testStablecoinAbi,
      functionName: 'mint',
      args: [getAddress(address), amount],
    });
    await this.chain.waitForReceipt(hash);
  }
}
