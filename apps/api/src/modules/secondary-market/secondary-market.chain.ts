import { encodeFunctionData, getAddress, parseEventLogs, type Address, type Hash } from 'viem';
import { complianceAbi } from '@portal/contracts/compliance';
import { listingEscrowAbi } from '@portal/contracts/listing-escrow';
import type { ChainPort, EvmSigner } from '../../providers/chain/chain.js';
import type { AssetContracts } from '../chains/asset-contracts.js';
import type { KeyedSender } from '../chains/chains.module.js';
import type { TokenRow } from '../issuer/issuer.repo.js';

/** The kinds of token the secondary market trades on the EVM (ADR 75). */
export const TRADABLE_KINDS = new Set<TokenRow['tokenType']>(['ERC20', 'ERC1155']);

/** Base units of one whole token. */
export const unitOf = (token: Pick<TokenRow, 'decimals'>) => 10n ** BigInt(token.decimals);

/**
 * The chain side of the secondary market (ADR 75): the listing escrow's code deployed once more as
 * `secondaryMarket`, a Compliance agent account like the listing escrow, so the seller's rules are
 * checked when an order locks its tokens and the buyer's when the escrow delivers. Every write is a
 * keyed send (ADR 17): a job re-run after a crash gets the first transaction back.
 */
export class SecondaryChain {
  constructor(
    private readonly deps: {
      chain: Pick<ChainPort, 'platformSigner' | 'contractAddress' | 'publicClient' | 'explorerTxUrl'>;
      sender: Pick<KeyedSender, 'send' | 'confirm'>;
      assets: Pick<AssetContracts, 'createListing' | 'buy' | 'cancelListing' | 'listing' | 'balanceOf'>;
    },
  ) {}

  get escrow(): Address {
    return getAddress(this.deps.chain.contractAddress('secondaryMarket'));
  }

  /** Makes the escrow exempt on every token (idempotent on chain; one transaction ever). */
  async ensureAgent(): Promise<void> {
    const compliance = this.deps.chain.contractAddress('compliance');
    const agent = await this.deps.chain.publicClient.readContract({
      address: compliance,
      abi: complianceAbi,
      functionName: 'isAgentAccount',
      args: [this.escrow],
    });
    if (agent) return;
    const request = {
      key: 'secondary-market:agent',
      from: this.deps.chain.platformSigner,
      to: compliance,
      data: encodeFunctionData({
        abi: complianceAbi,
        functionName: 'setAgentAccount',
        args: [this.escrow, true],
      }),
      abi: complianceAbi,
    };
    const { hash } = await this.deps.sender.send(request);
    await this.deps.sender.confirm(hash, complianceAbi);
  }

  /** The seller's vault deposits `amount` whole tokens into a new escrow listing (an ordinary transfer). */
  async lock(
    token: TokenRow,
    seller: EvmSigner,
    order: { amount: bigint; price: bigint; expiresAt: Date },
    key: string,
  ): Promise<{ listingId: bigint; txHash: Hash }> {
    await this.ensureAgent();
    const kind = token.tokenType as 'ERC20' | 'ERC1155';
    const { listingId, txHash } = await this.deps.assets.createListing(
      {
        kind,
        token: getAddress(token.contractAddress!),
        amount: order.amount,
        unit: kind === 'ERC20' ? unitOf(token) : 1n,
        price: order.price,
        deadline: order.expiresAt,
      },
      key,
      seller,
      this.escrow,
    );
    return { listingId, txHash };
  }

  /** The buyer's vault pays amount × price and receives the tokens, in one escrow transaction. */
  async buy(listingId: bigint, amount: bigint, buyer: EvmSigner, key: string): Promise<Hash> {
    const { txHash } = await this.deps.assets.buy(
      { listingId, amount, recipient: getAddress(buyer.address) },
      key,
      buyer,
      this.escrow,
    );
    return txHash;
  }

  /** The seller's vault closes the listing; the escrow returns what is unsold (whole tokens). */
  async cancel(
    listingId: bigint,
    seller: EvmSigner,
    key: string,
  ): Promise<{ txHash: Hash; returned: bigint }> {
    return this.deps.assets.cancelListing(listingId, key, seller, this.escrow);
  }

  /** The listing as the escrow has it: sold and whether it is cancelled. */
  listing(listingId: bigint) {
    return this.deps.assets.listing(listingId, this.escrow);
  }

  /** What the escrow holds of the token (base units). */
  held(token: TokenRow): Promise<bigint> {
    return this.deps.assets.balanceOf(
      token.tokenType as 'ERC20' | 'ERC1155',
      getAddress(token.contractAddress!),
      this.escrow,
    );
  }

  /**
   * What a fill's transaction did: the whole tokens it bought from `listingId` for `buyer` and the
   * wei it paid; zeros when it did not succeed.
   */
  async swapped(hash: string, listingId: bigint, buyer: string): Promise<{ amount: bigint; paid: bigint }> {
    const receipt = await this.deps.chain.publicClient
      .getTransactionReceipt({ hash: hash as Hash })
      .catch(() => undefined);
    if (receipt?.status !== 'success') return { amount: 0n, paid: 0n };
    const escrow = this.escrow;
    return parseEventLogs({ abi: listingEscrowAbi, eventName: 'Purchased', logs: receipt.logs })
      .filter(
        (log) =>
          getAddress(log.address) === escrow &&
          log.args.listingId === listingId &&
          getAddress(log.args.recipient) === getAddress(buyer),
      )
      .reduce((sum, log) => ({ amount: sum.amount + log.args.amount, paid: sum.paid + log.args.paid }), {
        amount: 0n,
        paid: 0n,
      });
  }

  /** Whether `hash` is a successful transaction on chain. */
  async succeeded(hash: string): Promise<boolean> {
    const receipt = await this.deps.chain.publicClient
      .getTransactionReceipt({ hash: hash as Hash })
      .catch(() => undefined);
    return receipt?.status === 'success';
  }

  balance(address: string): Promise<bigint> {
    return this.deps.chain.publicClient.getBalance({ address: getAddress(address) });
  }

  explorerUrl(hash: string): string {
    return this.deps.chain.explorerTxUrl(hash as Hash);
  }
}
