import { encodeFunctionData, getAddress, parseEventLogs, type Address, type Hash } from 'viem';
import { assetToken1155Abi } from '@portal/contracts/asset-token1155';
import { assetToken20Abi } from '@portal/contracts/asset-token20';
import { assetToken721Abi } from '@portal/contracts/asset-token721';
import { complianceAbi } from '@portal/contracts/compliance';
import type { ChainPort, EvmSigner } from '../../providers/chain/chain.js';
import { ERC1155_TOKEN_ID, type KeyedSender } from '../chains/chains.module.js';
import type { TokenRow } from '../issuer/issuer.repo.js';

/** The kinds of token a transfer moves on the EVM (ADR 76). */
export const TRANSFERABLE_KINDS = new Set<TokenRow['tokenType']>(['ERC20', 'ERC1155', 'ERC721']);

const errorsAbi = [...assetToken20Abi, ...assetToken1155Abi, ...assetToken721Abi, ...complianceAbi].filter(
  (item) => item.type === 'error',
);

/**
 * The chain side of transfers on the EVM (ADR 76): an ordinary transfer signed by the sender's
 * vault, so the token's Compliance contract checks it like any other (pause, lock-up, freeze,
 * eligibility of the receiver; ADR 61). Every send is keyed (ADR 17): a job re-run after a crash
 * gets the first transaction back, never a second one.
 */
export class TransferChain {
  constructor(
    private readonly deps: {
      chain: Pick<ChainPort, 'publicClient' | 'explorerTxUrl'>;
      sender: Pick<KeyedSender, 'send' | 'confirm'>;
    },
  ) {}

  /** Sends `amount` base units (ERC-20, ERC-1155) or the item `itemId` (ERC-721) from the vault. */
  async send(
    token: TokenRow,
    from: EvmSigner,
    to: string,
    amount: bigint,
    itemId: bigint | null,
    key: string,
  ): Promise<Hash> {
    const receiver = getAddress(to);
    const data =
      token.tokenType === 'ERC20'
        ? encodeFunctionData({ abi: assetToken20Abi, functionName: 'transfer', args: [receiver, amount] })
        : token.tokenType === 'ERC1155'
          ? encodeFunctionData({
              abi: assetToken1155Abi,
              functionName: 'safeTransferFrom',
              args: [from.address, receiver, ERC1155_TOKEN_ID, amount, '0x'],
            })
          : encodeFunctionData({
              abi: assetToken721Abi,
              functionName: 'transferFrom',
              args: [from.address, receiver, itemId!],
            });
    const { hash } = await this.deps.sender.send({
      key,
      from,
      to: getAddress(token.contractAddress!),
      data,
      abi: errorsAbi,
    });
    await this.deps.sender.confirm(hash, errorsAbi);
    return hash;
  }

  /**
   * An ERC-721 item `owner` holds now and that is not frozen, or null: read from the token's
   * Transfer events to the owner, newest first, each confirmed by `ownerOf`.
   */
  async freeItem(token: TokenRow, owner: string): Promise<bigint | null> {
    const address = getAddress(token.contractAddress!);
    const holder = getAddress(owner);
    const { publicClient } = this.deps.chain;
    const received = await publicClient.getContractEvents({
      address,
      abi: assetToken721Abi,
      eventName: 'Transfer',
      args: { to: holder },
      fromBlock: 'earliest',
    });
    const seen = new Set<bigint>();
    for (const event of received.reverse()) {
      const id = event.args.tokenId!;
      if (seen.has(id)) continue;
      seen.add(id);
      const [current, frozen] = await Promise.all([
        publicClient.readContract({ address, abi: assetToken721Abi, functionName: 'ownerOf', args: [id] }),
        publicClient.readContract({
          address,
          abi: assetToken721Abi,
          functionName: 'getFrozenTokens',
          args: [holder, id],
        }),
      ]);
      if (getAddress(current) === holder && !frozen) return id;
    }
    return null;
  }

  /**
   * What the transaction `hash` moved of the token from `from` to `to` (base units, or items), or
   * null when it is not a successful transaction on chain (`npm run reconcile`).
   */
  async moved(token: TokenRow, hash: string, from: string, to: string): Promise<bigint | null> {
    const receipt = await this.deps.chain.publicClient
      .getTransactionReceipt({ hash: hash as Hash })
      .catch(() => undefined);
    if (receipt?.status !== 'success') return null;
    const contract = getAddress(token.contractAddress!);
    const logs = receipt.logs.filter((log) => getAddress(log.address) === contract);
    const between = (sender: Address, receiver: Address) =>
      getAddress(sender) === getAddress(from) && getAddress(receiver) === getAddress(to);
    if (token.tokenType === 'ERC20')
      return parseEventLogs({ abi: assetToken20Abi, eventName: 'Transfer', logs })
        .filter((log) => between(log.args.from, log.args.to))
        .reduce((sum, log) => sum + log.args.value, 0n);
    if (token.tokenType === 'ERC1155')
      return parseEventLogs({ abi: assetToken1155Abi, eventName: 'TransferSingle', logs })
        .filter((log) => between(log.args.from, log.args.to))
        .reduce((sum, log) => sum + log.args.value, 0n);
    return BigInt(
      parseEventLogs({ abi: assetToken721Abi, eventName: 'Transfer', logs }).filter((log) =>
        between(log.args.from, log.args.to),
      ).length,
    );
  }

  /** What `owner` holds of the token on chain now (base units, or items). */
  async balanceOf(token: TokenRow, owner: string): Promise<bigint> {
    const address = getAddress(token.contractAddress!);
    const holder = getAddress(owner);
    const { publicClient } = this.deps.chain;
    if (token.tokenType === 'ERC1155')
      return publicClient.readContract({
        address,
        abi: assetToken1155Abi,
        functionName: 'balanceOf',
        args: [holder, ERC1155_TOKEN_ID],
      });
    return publicClient.readContract({
      address,
      abi: token.tokenType === 'ERC20' ? assetToken20Abi : assetToken721Abi,
      functionName: 'balanceOf',
      args: [holder],
    });
  }

  explorerUrl(hash: string): string {
    return this.deps.chain.explorerTxUrl(hash as Hash);
  }
}
