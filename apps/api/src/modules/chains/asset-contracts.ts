import {
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  hexToString,
  keccak256,
  parseEventLogs,
  stringToHex,
  toHex,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionReturnType,
  type Hash,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { assetToken1155Abi, assetToken1155Bytecode } from '@portal/contracts/asset-token1155';
import { assetToken20Abi, assetToken20Bytecode } from '@portal/contracts/asset-token20';
import { assetToken721Abi, assetToken721Bytecode } from '@portal/contracts/asset-token721';
import { complianceAbi } from '@portal/contracts/compliance';
import { listingEscrowAbi } from '@portal/contracts/listing-escrow';
import { paymentRecorderAbi } from '@portal/contracts/payment-recorder';
import type { ChainPort, EvmSigner } from '../../providers/chain/chain.js';
import type { KeyedSender } from './keyed-sender.js';

export type AssetTokenKind = 'ERC20' | 'ERC721' | 'ERC1155';

export interface AssetTokenParams {
  name: string;
  symbol: string;
  /** ERC-20 only; the other kinds count whole items. */
  decimals: number;
  /** In base units (ERC-20) or items. */
  supply: bigint;
  /** Receives the whole supply: the issuer's vault ETH address. */
  treasury: Address;
  /** ERC-721: tokenURI(n) = baseUri + n (`${PUBLIC_URL}/api/tokens/<tokenId>/items/`); ERC-1155: uri. */
  baseUri: string;
}

export interface NewListing {
  kind: AssetTokenKind;
  token: Address;
  /** Tokens for sale: lots of `unit` base units (ERC-20) or items. ERC-721 sells `itemIds` instead. */
  amount: bigint;
  /** ERC-20 base units per token sold (10n ** decimals sells whole tokens); 1 for the other kinds. */
  unit?: bigint;
  /** ERC-721: the item ids to deposit, in the order buyers receive them. */
  itemIds?: readonly bigint[];
  /** Wei per token. */
  price: bigint;
  deadline: Date;
}

export interface EscrowListing {
  listingId: bigint;
  seller: Address;
  token: Address;
  kind: AssetTokenKind;
  tokenId: bigint;
  unit: bigint;
  price: bigint;
  amount: bigint;
  sold: bigint;
  /** 0 once cancelled. */
  remaining: bigint;
  cancelled: boolean;
  deadline: Date;
}

/**
 * A token's rules as the Compliance contract keeps them; 0 means no limit. Amounts are base units
 * (ERC-20) or items; countries ISO 3166-1 alpha-3 ("FRA").
 */
export interface ChainRules {
  allowedCountries: string[];
  blockedCountries: string[];
  accreditedOnly: boolean;
  maxHolders: number;
  maxBalance: bigint;
  minAcquisition: bigint;
  maxAcquisition: bigint;
  lockupSeconds: number;
  supplyCap: bigint;
}

/** What a holder has of a token: frozen is an amount (ERC-20, ERC-1155) or a count of items (ERC-721). */
export interface ChainHolding {
  balance: bigint;
  frozen: bigint;
  /** The end of the holder's lock-up; null when none is running. */
  lockedUntil: Date | null;
}

/** alpha-3 ↔ the contract's bytes3. */
export const countryBytes = (code: string): Hex => toHex(code, { size: 3 });
const countryCode = (bytes: Hex): string => hexToString(bytes, { size: 3 });

const KINDS: readonly AssetTokenKind[] = ['ERC20', 'ERC721', 'ERC1155'];
/** The one fungible id of AssetToken1155. */
export const ERC1155_TOKEN_ID = 1n;

/** The 32-byte reference PaymentRecorder stores a payment under, from the portal's own id. */
export const paymentRef = (reference: string): Hex => keccak256(stringToHex(reference));

/**
 * The asset tokens, the listing escrow and the payment recorder, as the issuer, marketplace and
 * purchase services use them. Every write goes through the keyed sender: call it again with the
 * same key (a job re-run after a crash) and it returns the same transaction, mined, never a second
 * one. Reverts and missing ETH surface as ChainSendError with the contract's custom error name.
 */
export class AssetContracts {
  constructor(
    private readonly chain: ChainPort,
    private readonly sender: KeyedSender,
  ) {}

  get escrowAddress(): Address {
    return this.chain.contractAddress('listingEscrow');
  }

  get complianceAddress(): Address {
    return this.chain.contractAddress('compliance');
  }

  get paymentRecorderAddress(): Address {
    return this.chain.contractAddress('paymentRecorder');
  }

  /** Deploys an issuer's token from `from` (its vault, so the issuer is the real deployer). */
  async deployAssetToken(
    kind: AssetTokenKind,
    params: AssetTokenParams,
    key: string,
    from: EvmSigner,
  ): Promise<{ address: Address; txHash: Hash }> {
    const { name, symbol, decimals, supply, treasury, baseUri } = params;
    const compliance = this.complianceAddress;
    const data =
      kind === 'ERC20'
        ? encodeDeployData({
            abi: assetToken20Abi,
            bytecode: assetToken20Bytecode,
            args: [name, symbol, decimals, supply, treasury, compliance],
          })
        : kind === 'ERC721'
          ? encodeDeployData({
              abi: assetToken721Abi,
              bytecode: assetToken721Bytecode,
              args: [name, symbol, supply, treasury, baseUri, compliance],
            })
          : encodeDeployData({
              abi: assetToken1155Abi,
              bytecode: assetToken1155Bytecode,
              args: [name, symbol, supply, treasury, baseUri, compliance],
            });
    const { receipt, txHash } = await this.write({ key, from, data });
    if (!receipt.contractAddress) throw new Error(`Deployment ${txHash} created no contract`);
    return { address: getAddress(receipt.contractAddress), txHash };
  }

  /**
   * Approves the escrow (`${key}:approve`) and deposits the tokens into a new listing
   * (`${key}:create`), both from the seller's vault; `escrow` is the listing escrow unless the
   * secondary market's instance is named (ADR 75).
   */
  async createListing(
    listing: NewListing,
    key: string,
    from: EvmSigner,
    escrow: Address = this.escrowAddress,
  ): Promise<{ listingId: bigint; txHash: Hash; approveTxHash: Hash }> {
    const deadline = BigInt(Math.floor(listing.deadline.getTime() / 1000));
    const unit = listing.unit ?? 1n;
    const approve =
      listing.kind === 'ERC20'
        ? encodeFunctionData({
            abi: assetToken20Abi,
            functionName: 'approve',
            args: [escrow, listing.amount * unit],
          })
        : encodeFunctionData({
            abi: assetToken721Abi,
            functionName: 'setApprovalForAll',
            args: [escrow, true],
          });
    const approved = await this.write({ key: `${key}:approve`, from, to: listing.token, data: approve });

    const create =
      listing.kind === 'ERC20'
        ? encodeFunctionData({
            abi: listingEscrowAbi,
            functionName: 'createListingERC20',
            args: [listing.token, listing.amount, unit, listing.price, deadline],
          })
        : listing.kind === 'ERC721'
          ? encodeFunctionData({
              abi: listingEscrowAbi,
              functionName: 'createListingERC721',
              args: [listing.token, listing.itemIds ?? [], listing.price, deadline],
            })
          : encodeFunctionData({
              abi: listingEscrowAbi,
              functionName: 'createListingERC1155',
              args: [listing.token, ERC1155_TOKEN_ID, listing.amount, listing.price, deadline],
            });
    const { receipt, txHash } = await this.write({ key: `${key}:create`, from, to: escrow, data: create });
    const [created] = parseEventLogs({
      abi: listingEscrowAbi,
      eventName: 'ListingCreated',
      logs: receipt.logs,
    });
    if (!created) throw new Error(`Listing transaction ${txHash} created no listing`);
    return { listingId: created.args.listingId, txHash, approveTxHash: approved.txHash };
  }

  /**
   * Buys `amount` tokens of a listing from the buyer's vault for `recipient`, paying
   * amount × the listing's price. For ERC-721, `itemIds` are the items delivered.
   */
  async buy(
    input: { listingId: bigint; amount: bigint; recipient: Address },
    key: string,
    from: EvmSigner,
    escrow: Address = this.escrowAddress,
  ): Promise<{ txHash: Hash; paid: bigint; itemIds: bigint[] }> {
    const listing = await this.listing(input.listingId, escrow);
    const data = encodeFunctionData({
      abi: listingEscrowAbi,
      functionName: 'buy',
      args: [input.listingId, input.amount, input.recipient],
    });
    const { receipt, txHash } = await this.write({
      key,
      from,
      to: escrow,
      data,
      value: input.amount * listing.price,
    });
    const [purchased] = parseEventLogs({ abi: listingEscrowAbi, eventName: 'Purchased', logs: receipt.logs });
    if (!purchased) throw new Error(`Purchase transaction ${txHash} bought nothing`);
    const itemIds =
      listing.kind === 'ERC721'
        ? parseEventLogs({ abi: assetToken721Abi, eventName: 'Transfer', logs: receipt.logs })
            .filter((log) => getAddress(log.address) === listing.token)
            .map((log) => log.args.tokenId)
        : [];
    return { txHash, paid: purchased.args.paid, itemIds };
  }

  /** Cancels a listing from the seller's vault; the unsold tokens go back to it. */
  async cancelListing(
    listingId: bigint,
    key: string,
    from: EvmSigner,
    escrow: Address = this.escrowAddress,
  ): Promise<{ txHash: Hash; returned: bigint }> {
    const data = encodeFunctionData({ abi: listingEscrowAbi, functionName: 'cancel', args: [listingId] });
    const { receipt, txHash } = await this.write({ key, from, to: escrow, data });
    const [cancelled] = parseEventLogs({
      abi: listingEscrowAbi,
      eventName: 'ListingCancelled',
      logs: receipt.logs,
    });
    return { txHash, returned: cancelled?.args.returned ?? 0n };
  }

  /** Pays `amount` wei to `payee` through PaymentRecorder under `ref` (see paymentRef), once. */
  async recordPayment(
    input: { ref: Hex; payee: Address; amount: bigint },
    key: string,
    from: EvmSigner,
  ): Promise<{ txHash: Hash }> {
    const data = encodeFunctionData({
      abi: paymentRecorderAbi,
      functionName: 'pay',
      args: [input.ref, input.payee],
    });
    const { txHash } = await this.write({
      key,
      from,
      to: this.paymentRecorderAddress,
      data,
      value: input.amount,
    });
    return { txHash };
  }

  /** The payment recorded under `ref`, or undefined. */
  async payment(ref: Hex): Promise<{ payer: Address; payee: Address; amount: bigint } | undefined> {
    const [payer, payee, amount] = await this.chain.publicClient.readContract({
      address: this.paymentRecorderAddress,
      abi: paymentRecorderAbi,
      functionName: 'payments',
      args: [ref],
    });
    return amount === 0n ? undefined : { payer, payee, amount };
  }

  paid(ref: Hex): Promise<boolean> {
    return this.chain.publicClient.readContract({
      address: this.paymentRecorderAddress,
      abi: paymentRecorderAbi,
      functionName: 'paid',
      args: [ref],
    });
  }

  /** A listing of the listing escrow, or of `escrow` (the secondary market's instance, ADR 75). */
  async listing(listingId: bigint, escrow: Address = this.escrowAddress): Promise<EscrowListing> {
    const contract = { address: escrow, abi: listingEscrowAbi } as const;
    const [listing, remaining] = await Promise.all([
      this.chain.publicClient.readContract({ ...contract, functionName: 'getListing', args: [listingId] }),
      this.chain.publicClient.readContract({ ...contract, functionName: 'remaining', args: [listingId] }),
    ]);
    return {
      listingId,
      seller: listing.seller,
      token: listing.token,
      kind: KINDS[listing.kind]!,
      tokenId: listing.tokenId,
      unit: listing.unit,
      price: listing.price,
      amount: listing.amount,
      sold: listing.sold,
      remaining,
      cancelled: listing.cancelled,
      deadline: new Date(Number(listing.deadline) * 1000),
    };
  }

  /** The ERC-721 ids a buy of `amount` would deliver now. */
  nextItemIds(listingId: bigint, amount: bigint): Promise<readonly bigint[]> {
    return this.chain.publicClient.readContract({
      address: this.escrowAddress,
      abi: listingEscrowAbi,
      functionName: 'nextItemIds',
      args: [listingId, amount],
    });
  }

  /** ERC-20: base units; ERC-721: items held; ERC-1155: amount of the fungible id. */
  balanceOf(kind: AssetTokenKind, token: Address, owner: Address): Promise<bigint> {
    const { publicClient } = this.chain;
    if (kind === 'ERC1155') {
      return publicClient.readContract({
        address: token,
        abi: assetToken1155Abi,
        functionName: 'balanceOf',
        args: [owner, ERC1155_TOKEN_ID],
      });
    }
    return publicClient.readContract({
      address: token,
      abi: kind === 'ERC20' ? assetToken20Abi : assetToken721Abi,
      functionName: 'balanceOf',
      args: [owner],
    });
  }

  ownerOf(token: Address, itemId: bigint): Promise<Address> {
    return this.chain.publicClient.readContract({
      address: token,
      abi: assetToken721Abi,
      functionName: 'ownerOf',
      args: [itemId],
    });
  }

  /** Replaces a token's rules; `from` is its issuer's vault (or the platform). */
  async setRules(token: Address, rules: ChainRules, key: string, from: EvmSigner): Promise<{ txHash: Hash }> {
    const data = encodeFunctionData({
      abi: complianceAbi,
      functionName: 'setRules',
      args: [
        token,
        {
          allowedCountries: rules.allowedCountries.map(countryBytes),
          blockedCountries: rules.blockedCountries.map(countryBytes),
          accreditedOnly: rules.accreditedOnly,
          maxHolders: rules.maxHolders,
          maxBalance: rules.maxBalance,
          minAcquisition: rules.minAcquisition,
          maxAcquisition: rules.maxAcquisition,
          lockupSeconds: BigInt(rules.lockupSeconds),
          supplyCap: rules.supplyCap,
        },
      ],
    });
    return this.writeHash({ key, from, to: this.complianceAddress, data });
  }

  /** Pauses (or resumes) every ordinary transfer of a token. */
  setPaused(token: Address, paused: boolean, key: string, from: EvmSigner): Promise<{ txHash: Hash }> {
    const data = encodeFunctionData({ abi: complianceAbi, functionName: 'setPaused', args: [token, paused] });
    return this.writeHash({ key, from, to: this.complianceAddress, data });
  }

  /**
   * ERC-20 and ERC-1155: sets the holder's frozen amount to `amountOrItemId` (`frozen` false sets
   * it to 0). ERC-721: freezes or unfreezes the item `amountOrItemId`.
   */
  setFrozen(
    kind: AssetTokenKind,
    token: Address,
    account: Address,
    amountOrItemId: bigint,
    frozen: boolean,
    key: string,
    from: EvmSigner,
  ): Promise<{ txHash: Hash }> {
    const amount = frozen ? amountOrItemId : 0n;
    const data =
      kind === 'ERC20'
        ? encodeFunctionData({
            abi: assetToken20Abi,
            functionName: 'setFrozenTokens',
            args: [account, amount],
          })
        : kind === 'ERC721'
          ? encodeFunctionData({
              abi: assetToken721Abi,
              functionName: 'setFrozenTokens',
              args: [account, amountOrItemId, frozen],
            })
          : encodeFunctionData({
              abi: assetToken1155Abi,
              functionName: 'setFrozenTokens',
              args: [account, ERC1155_TOKEN_ID, amount],
            });
    return this.writeHash({ key, from, to: token, data });
  }

  /**
   * Moves tokens (ERC-721: the item `amountOrItemId`) whatever the rules; the receiver must be
   * verified or exempt. Frozen tokens go last, and the frozen amount drops only by what had to go.
   */
  forcedTransfer(
    kind: AssetTokenKind,
    token: Address,
    holder: Address,
    to: Address,
    amountOrItemId: bigint,
    key: string,
    signer: EvmSigner,
  ): Promise<{ txHash: Hash }> {
    const data =
      kind === 'ERC20'
        ? encodeFunctionData({
            abi: assetToken20Abi,
            functionName: 'forcedTransfer',
            args: [holder, to, amountOrItemId],
          })
        : kind === 'ERC721'
          ? encodeFunctionData({
              abi: assetToken721Abi,
              functionName: 'forcedTransfer',
              args: [holder, to, amountOrItemId],
            })
          : encodeFunctionData({
              abi: assetToken1155Abi,
              functionName: 'forcedTransfer',
              args: [holder, to, ERC1155_TOKEN_ID, amountOrItemId],
            });
    return this.writeHash({ key, from: signer, to: token, data });
  }

  /**
   * Moves everything a lost wallet holds (its frozen part and lock-up too) to another wallet of the
   * same identity in the registry. ERC-721: `itemIds` are the items it holds; without them they
   * are read from the token's Transfer logs.
   */
  async recoverWallet(
    kind: AssetTokenKind,
    token: Address,
    lost: Address,
    replacement: Address,
    key: string,
    signer: EvmSigner,
    itemIds?: readonly bigint[],
  ): Promise<{ txHash: Hash }> {
    const data =
      kind === 'ERC20'
        ? encodeFunctionData({
            abi: assetToken20Abi,
            functionName: 'recoverWallet',
            args: [lost, replacement],
          })
        : kind === 'ERC721'
          ? encodeFunctionData({
              abi: assetToken721Abi,
              functionName: 'recoverWallet',
              args: [lost, replacement, itemIds ?? (await this.itemsHeld(token, lost))],
            })
          : encodeFunctionData({
              abi: assetToken1155Abi,
              functionName: 'recoverWallet',
              args: [lost, replacement],
            });
    return this.writeHash({ key, from: signer, to: token, data });
  }

  /** The ERC-721 items `owner` holds now: those it received (an investor only ever receives by Transfer). */
  private async itemsHeld(token: Address, owner: Address): Promise<bigint[]> {
    const logs = await this.chain.publicClient.getContractEvents({
      address: token,
      abi: assetToken721Abi,
      eventName: 'Transfer',
      args: { to: owner },
      fromBlock: 0n,
    });
    const received = [...new Set(logs.map((log) => log.args.tokenId!))];
    const owners = await Promise.all(received.map((id) => this.ownerOf(token, id)));
    return received.filter((_, index) => owners[index] === getAddress(owner));
  }

  /** The rules' answer for an ordinary transfer now: 0 allowed, else the reason code (ELIGIBILITY_REASONS). */
  check(token: Address, from: Address, to: Address, amount: bigint): Promise<number> {
    return this.compliance('check', [token, from, to, amount]);
  }

  async holding(kind: AssetTokenKind, token: Address, account: Address): Promise<ChainHolding> {
    const [[balance, frozen], lockedUntil, now] = await Promise.all([
      this.chain.publicClient.readContract({
        address: token,
        abi: kind === 'ERC20' ? assetToken20Abi : kind === 'ERC721' ? assetToken721Abi : assetToken1155Abi,
        functionName: 'holdingOf',
        args: [account],
      }),
      this.compliance('lockedUntil', [token, account]),
      this.chain.publicClient.getBlock().then((block) => block.timestamp),
    ]);
    return { balance, frozen, lockedUntil: lockedUntil > now ? new Date(Number(lockedUntil) * 1000) : null };
  }

  async holderCount(token: Address): Promise<number> {
    return Number(await this.compliance('holderCount', [token]));
  }

  async rulesOf(token: Address): Promise<ChainRules> {
    const rules = await this.compliance('rulesOf', [token]);
    return {
      allowedCountries: rules.allowedCountries.map(countryCode),
      blockedCountries: rules.blockedCountries.map(countryCode),
      accreditedOnly: rules.accreditedOnly,
      maxHolders: rules.maxHolders,
      maxBalance: rules.maxBalance,
      minAcquisition: rules.minAcquisition,
      maxAcquisition: rules.maxAcquisition,
      lockupSeconds: Number(rules.lockupSeconds),
      supplyCap: rules.supplyCap,
    };
  }

  paused(token: Address): Promise<boolean> {
    return this.compliance('paused', [token]);
  }

  private compliance<const F extends 'check' | 'lockedUntil' | 'holderCount' | 'rulesOf' | 'paused'>(
    functionName: F,
    args: ContractFunctionArgs<typeof complianceAbi, 'view', F>,
  ): Promise<ContractFunctionReturnType<typeof complianceAbi, 'view', F>> {
    return this.chain.publicClient.readContract({
      address: this.complianceAddress,
      abi: complianceAbi,
      functionName,
      args,
    } as never) as Promise<ContractFunctionReturnType<typeof complianceAbi, 'view', F>>;
  }

  private async writeHash(request: Parameters<AssetContracts['write']>[0]): Promise<{ txHash: Hash }> {
    return { txHash: (await this.write(request)).txHash };
  }

  /** Sends through the keyed sender and waits until mined; reverts decode against every asset ABI. */
  private async write(request: {
    key: string;
    from: EvmSigner;
    to?: Address;
    data: Hex;
    value?: bigint;
  }): Promise<{ receipt: TransactionReceipt; txHash: Hash }> {
    const { hash } = await this.sender.send({ ...request, abi: errorsAbi });
    return { receipt: await this.sender.confirm(hash, errorsAbi), txHash: hash };
  }
}

/** Every custom error the asset contracts can raise, wherever in a call it comes from. */
const errorsAbi = [
  ...listingEscrowAbi,
  ...complianceAbi,
  ...paymentRecorderAbi,
  ...assetToken20Abi,
  ...assetToken721Abi,
  ...assetToken1155Abi,
].filter((item) => item.type === 'error');
