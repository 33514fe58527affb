import { parseEventLogs, zeroAddress, type Address, type Hash } from 'viem';
import { soulBoundTokenAbi } from '@portal/contracts/soul-bound-token';
import type { ChainPort } from '../../providers/chain/chain.js';

export interface MintedToken {
  txHash: Hash;
  tokenId: bigint;
  blockNumber: bigint;
}

/**
 * The platform's soul-bound token contract. Reverts arrive as viem errors; `revertErrorName`
 * (chain.ts) tells `AlreadyHoldsToken` apart from the rest.
 */
export class SoulBoundTokens {
  constructor(
    private readonly chain: ChainPort,
    /** A mint or burn still pending this long is sent again with higher fees (ADR 38). */
    private readonly replaceAfterMs = 120_000,
  ) {}

  get address(): Address {
    return this.chain.contractAddress('soulBoundToken');
  }

  /** Mints to `to` with `tokenUri` (ipfs://<cid>) and waits until it is mined. */
  async mint(to: Address, tokenUri: string): Promise<MintedToken> {
    return this.confirmMint(await this.sendMint(to, tokenUri));
  }

  /** Sends the mint and returns its hash at once, so a caller can record it before waiting. */
  async sendMint(to: Address, tokenUri: string): Promise<Hash> {
    const { hash } = await this.chain.writeContract({
      ...this.contract,
      functionName: 'mint',
      args: [to, tokenUri],
    });
    return hash;
  }

  /**
   * Waits for a mint sent earlier (perhaps by a process that has since restarted); a stuck one is
   * replaced and `onReplaced` records the new hash. `txHash` is the version that was mined.
   */
  async confirmMint(
    hash: Hash,
    onReplaced: (hash: Hash) => Promise<void> = async () => {},
  ): Promise<MintedToken> {
    const receipt = await this.confirm(hash, onReplaced);
    const [locked] = parseEventLogs({ abi: soulBoundTokenAbi, eventName: 'Locked', logs: receipt.logs });
    if (receipt.status !== 'success' || !locked)
      throw new Error(`Mint transaction ${receipt.transactionHash} reverted`);
    return {
      txHash: receipt.transactionHash,
      tokenId: locked.args.tokenId,
      blockNumber: receipt.blockNumber,
    };
  }

  /** Waits for a burn sent earlier; like a mint, a stuck one is replaced. */
  async confirmRevoke(hash: Hash, onReplaced: (hash: Hash) => Promise<void>): Promise<void> {
    const receipt = await this.confirm(hash, onReplaced);
    if (receipt.status !== 'success')
      throw new Error(`Revoke transaction ${receipt.transactionHash} reverted`);
  }

  private confirm(hash: Hash, onReplaced: (hash: Hash) => Promise<void>) {
    return this.chain.confirmReplacing(hash, { replaceAfterMs: this.replaceAfterMs, onReplaced });
  }

  /** Burns `tokenId` (issuer only) and returns the transaction hash at once. */
  async sendRevoke(tokenId: bigint): Promise<Hash> {
    const { hash } = await this.chain.writeContract({
      ...this.contract,
      functionName: 'revoke',
      args: [tokenId],
    });
    return hash;
  }

  /** The transaction that minted or burnt `tokenId` (for one whose hash was never recorded). */
  async transactionOf(tokenId: bigint, event: 'mint' | 'burn'): Promise<Hash | undefined> {
    const [found] = await this.chain.publicClient.getContractEvents({
      ...this.contract,
      eventName: 'Transfer',
      args: event === 'mint' ? { from: zeroAddress, tokenId } : { to: zeroAddress, tokenId },
      fromBlock: 'earliest',
    });
    return found?.transactionHash ?? undefined;
  }

  /** Every mint (from the zero address) and burn (to it) the contract ever made: soul-bound, nothing else moves. */
  async transfers(): Promise<Array<{ from: Address; to: Address; tokenId: bigint; hash: Hash }>> {
    const events = await this.chain.publicClient.getContractEvents({
      ...this.contract,
      eventName: 'Transfer',
      fromBlock: 'earliest',
    });
    return events.map(({ args, transactionHash }) => ({
      from: args.from!,
      to: args.to!,
      tokenId: args.tokenId!,
      hash: transactionHash,
    }));
  }

  /** The token `holder` holds, or 0n. */
  tokenOf(holder: Address): Promise<bigint> {
    return this.chain.publicClient.readContract({
      ...this.contract,
      functionName: 'tokenOf',
      args: [holder],
    });
  }

  ownerOf(tokenId: bigint): Promise<Address> {
    return this.chain.publicClient.readContract({
      ...this.contract,
      functionName: 'ownerOf',
      args: [tokenId],
    });
  }

  tokenURI(tokenId: bigint): Promise<string> {
    return this.chain.publicClient.readContract({
      ...this.contract,
      functionName: 'tokenURI',
      args: [tokenId],
    });
  }

  locked(tokenId: bigint): Promise<boolean> {
    return this.chain.publicClient.readContract({
      ...this.contract,
      functionName: 'locked',
      args: [tokenId],
    });
  }

  private get contract() {
    return { address: this.address, abi: soulBoundTokenAbi } as const;
  }
}
