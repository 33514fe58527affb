import { encodeFunctionData, getAddress, type Address, type Hex, type TransactionSerializable } from 'viem';
import { assetToken1155Abi } from '@portal/contracts/asset-token1155';
import { assetToken20Abi } from '@portal/contracts/asset-token20';
import { messages } from '@portal/shared/messages';
import { type AssetContracts, ERC1155_TOKEN_ID, paymentRef, type AssetTokenKind } from './asset-contracts.js';
import type { EvmSigner } from '../../providers/chain/chain.js';
import { ChainSendError, type KeyedSender } from './keyed-sender.js';
import {
  SettlementError,
  type LedgerListing,
  type LedgerToken,
  type Party,
  type PaymentLedger,
  type SentTransaction,
  type TokenLedger,
} from './ledger.js';

/** Signs as a user's custodial vault (the custody provider holds the key). */
export interface VaultSigning {
  signEvmTransaction(userId: string, transaction: TransactionSerializable): Promise<Hex>;
}

/**
 * ERC-20/721/1155 tokens and ETH payments on the EVM chain, through the asset contracts and the
 * keyed sender: every write is one transaction per key, mined before it returns.
 */
export class EvmLedger implements TokenLedger, PaymentLedger {
  readonly family = 'ethereum' as const;

  constructor(
    private readonly assets: AssetContracts,
    private readonly sender: KeyedSender,
    private readonly vault: VaultSigning,
    private readonly publicUrl: string,
  ) {}

  async deployToken(token: LedgerToken, issuer: Party, key: string) {
    const deployed = await this.settle(() =>
      this.assets.deployAssetToken(
        kindOf(token),
        {
          name: token.name,
          symbol: token.symbol,
          decimals: token.decimals,
          supply: token.totalSupply,
          treasury: getAddress(issuer.address),
          baseUri: `${this.publicUrl}/api/tokens/${token.id}/items/`,
        },
        key,
        this.signer(issuer),
      ),
    );
    return { contractAddress: deployed.address, hash: deployed.txHash };
  }

  async openEscrow(token: LedgerToken, listing: LedgerListing, issuer: Party, key: string) {
    const kind = kindOf(token);
    const unit = 10n ** BigInt(token.decimals);
    const opened = await this.settle(() =>
      this.assets.createListing(
        {
          kind,
          token: contract(token),
          amount: kind === 'ERC20' ? listing.tokenAmount / unit : listing.tokenAmount,
          unit: kind === 'ERC20' ? unit : 1n,
          itemIds: kind === 'ERC721' ? itemRange(listing) : undefined,
          price: listing.priceWei,
          deadline: listing.deadline,
        },
        key,
        this.signer(issuer),
      ),
    );
    return { escrowRef: opened.listingId.toString(), hash: opened.txHash };
  }

  async closeEscrow(_token: LedgerToken, listing: LedgerListing, issuer: Party, key: string) {
    const closed = await this.settle(() =>
      this.assets.cancelListing(BigInt(listing.escrowRef!), key, this.signer(issuer)),
    );
    return { hash: closed.txHash };
  }

  releaseFromEscrow(): Promise<SentTransaction> {
    // EVM escrow purchases pay and deliver in one call (buyFromEscrow).
    return Promise.reject(new Error('EVM escrow listings are bought with buyFromEscrow'));
  }

  async transferFromTreasury(token: LedgerToken, issuer: Party, buyer: Party, amount: bigint, key: string) {
    const from = getAddress(issuer.address);
    const to = getAddress(buyer.address);
    const kind = kindOf(token);
    const data =
      kind === 'ERC20'
        ? encodeFunctionData({ abi: assetToken20Abi, functionName: 'transfer', args: [to, amount] })
        : encodeFunctionData({
            abi: assetToken1155Abi,
            functionName: 'safeTransferFrom',
            args: [from, to, ERC1155_TOKEN_ID, amount, '0x'],
          });
    // ERC-721 items are sold through the escrow only (the issuer service refuses direct sales).
    if (kind === 'ERC721') throw new Error('ERC-721 items are sold in escrow');
    const hash = await this.settle(async () => {
      const sent = await this.sender.send({ key, from: this.signer(issuer), to: contract(token), data });
      await this.sender.confirm(sent.hash);
      return sent.hash;
    });
    return { hash };
  }

  balanceOf(token: LedgerToken, owner: string): Promise<bigint> {
    return this.assets.balanceOf(kindOf(token), contract(token), getAddress(owner));
  }

  async buyFromEscrow(
    token: LedgerToken,
    listing: LedgerListing,
    buyer: Party,
    amount: bigint,
    _value: bigint,
    key: string,
  ) {
    const lots = kindOf(token) === 'ERC20' ? amount / 10n ** BigInt(token.decimals) : amount;
    const bought = await this.settle(() =>
      this.assets.buy(
        { listingId: BigInt(listing.escrowRef!), amount: lots, recipient: getAddress(buyer.address) },
        key,
        this.signer(buyer),
      ),
    );
    return { hash: bought.txHash, itemIds: bought.itemIds.map(String) };
  }

  async pay(ref: string, buyer: Party, payee: string, value: bigint, key: string) {
    const paid = await this.settle(() =>
      this.assets.recordPayment(
        { ref: paymentRef(ref), payee: getAddress(payee), amount: value },
        key,
        this.signer(buyer),
      ),
    );
    return { hash: paid.txHash };
  }

  paid(ref: string): Promise<boolean> {
    return this.assets.paid(paymentRef(ref));
  }

  private signer(party: Party): EvmSigner {
    return {
      address: getAddress(party.address),
      signTransaction: (transaction) => this.vault.signEvmTransaction(party.userId, transaction),
    };
  }

  /** Failures a user can act on become SettlementError; anything else is transient (retry). */
  private async settle<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof ChainSendError)) throw error;
      if (error.code === 'INSUFFICIENT_FUNDS') {
        throw new SettlementError('insufficient-funds', messages.purchaseInsufficientFunds);
      }
      if (error.errorName === 'ListingExpired')
        throw new SettlementError('expired', messages.purchaseDeadlinePassed);
      throw new SettlementError('rejected', messages.purchaseSettlementFailed);
    }
  }
}

function kindOf(token: LedgerToken): AssetTokenKind {
  if (token.tokenType === 'SPL' || token.tokenType === 'MPT' || token.tokenType === 'STELLAR') {
    throw new Error(`${token.tokenType} tokens do not live on Ethereum`);
  }
  return token.tokenType;
}

function contract(token: LedgerToken): Address {
  if (!token.contractAddress) throw new Error(`Token ${token.id} is not deployed`);
  return getAddress(token.contractAddress);
}

/** ERC-721 listings hold a run of item ids allocated when the listing was created. */
function itemRange(listing: LedgerListing): bigint[] {
  const first = listing.firstItem ?? 1n;
  return Array.from({ length: Number(listing.tokenAmount) }, (_, i) => first + BigInt(i));
}
