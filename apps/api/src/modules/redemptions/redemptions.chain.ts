import { encodeFunctionData, getAddress, parseEventLogs, type Address, type Hash } from 'viem';
import { assetToken1155Abi } from '@portal/contracts/asset-token1155';
import { assetToken20Abi } from '@portal/contracts/asset-token20';
import { complianceAbi } from '@portal/contracts/compliance';
import { testStablecoinAbi } from '@portal/contracts/test-stablecoin';
import type { RedemptionCurrency } from '@portal/shared/redemptions';
import type { ChainPort, EvmSigner } from '../../providers/chain/chain.js';
import type { AssetContracts } from '../chains/asset-contracts.js';
import { ERC1155_TOKEN_ID, type KeyedSender } from '../chains/chains.module.js';
import type { TokenRow } from '../issuer/issuer.repo.js';

/** The kinds of token a redemption can move on the EVM (ADR 72). */
export const REDEEMABLE_KINDS = new Set<TokenRow['tokenType']>(['ERC20', 'ERC1155']);

const errorsAbi = [...assetToken20Abi, ...assetToken1155Abi, ...complianceAbi, ...testStablecoinAbi].filter(
  (item) => item.type === 'error',
);

/**
 * The chain side of redemptions on the EVM (ADR 72). The redemption hold is the platform's own
 * account, made a Compliance agent account (exempt, like the listing escrow) once. Every write is a
 * keyed send: a job re-run after a crash gets the first transaction back, never a second one.
 */
export class RedemptionChain {
  constructor(
    private readonly deps: {
      chain: Pick<ChainPort, 'platformSigner' | 'contractAddress' | 'publicClient' | 'explorerTxUrl'>;
      sender: Pick<KeyedSender, 'send' | 'confirm'>;
      assets: Pick<AssetContracts, 'forcedTransfer'>;
      stablecoin: () => Address | undefined;
    },
  ) {}

  hasStablecoin(): boolean {
    return this.deps.stablecoin() !== undefined;
  }

  get hold(): Address {
    return getAddress(this.deps.chain.platformSigner.address);
  }

  /** Makes the hold exempt on every token (idempotent on chain; one transaction ever). */
  async ensureHold(): Promise<void> {
    const compliance = this.deps.chain.contractAddress('compliance');
    const agent = await this.deps.chain.publicClient.readContract({
      address: compliance,
      abi: complianceAbi,
      functionName: 'isAgentAccount',
      args: [this.hold],
    });
    if (agent) return;
    await this.write({
      key: 'redemptions:hold-agent',
      from: this.deps.chain.platformSigner,
      to: compliance,
      data: encodeFunctionData({
        abi: complianceAbi,
        functionName: 'setAgentAccount',
        args: [this.hold, true],
      }),
    });
  }

  /**
   * The holder's vault sends `amount` base units to the hold by an ordinary transfer, so the token's
   * rules decide on chain: paused, locked-up and frozen tokens cannot go (ADR 61).
   */
  lock(token: TokenRow, holder: EvmSigner, amount: bigint, key: string): Promise<Hash> {
    const data =
      token.tokenType === 'ERC20'
        ? encodeFunctionData({ abi: assetToken20Abi, functionName: 'transfer', args: [this.hold, amount] })
        : encodeFunctionData({
            abi: assetToken1155Abi,
            functionName: 'safeTransferFrom',
            args: [holder.address, this.hold, ERC1155_TOKEN_ID, amount, '0x'],
          });
    return this.write({ key, from: holder, to: getAddress(token.contractAddress!), data });
  }

  /** Moves held tokens out of the hold (back to the holder, or to the treasury) whatever the rules. */
  async release(token: TokenRow, to: string, amount: bigint, key: string): Promise<Hash> {
    const { txHash } = await this.deps.assets.forcedTransfer(
      token.tokenType as 'ERC20' | 'ERC1155',
      getAddress(token.contractAddress!),
      this.hold,
      getAddress(to),
      amount,
      key,
      this.deps.chain.platformSigner,
    );
    return txHash;
  }

  /** The treasury pays `amount` base units of ETH or Test USD to the holder's vault. */
  pay(currency: RedemptionCurrency, from: EvmSigner, to: string, amount: bigint, key: string): Promise<Hash> {
    const payee = getAddress(to);
    if (currency === 'ETH') return this.write({ key, from, to: payee, data: '0x', value: amount });
    const stablecoin = this.deps.stablecoin();
    if (!stablecoin) throw new Error('No test stablecoin on this network');
    return this.write({
      key,
      from,
      to: stablecoin,
      data: encodeFunctionData({ abi: testStablecoinAbi, functionName: 'transfer', args: [payee, amount] }),
    });
  }

  /** What the token's contract holds in the hold now (base units). */
  async held(token: TokenRow): Promise<bigint> {
    const address = getAddress(token.contractAddress!);
    if (token.tokenType === 'ERC20') {
      return this.deps.chain.publicClient.readContract({
        address,
        abi: assetToken20Abi,
        functionName: 'balanceOf',
        args: [this.hold],
      });
    }
    return this.deps.chain.publicClient.readContract({
      address,
      abi: assetToken1155Abi,
      functionName: 'balanceOf',
      args: [this.hold, ERC1155_TOKEN_ID],
    });
  }

  /** Whether `hash` is a successful transaction on chain. */
  async succeeded(hash: string): Promise<boolean> {
    const receipt = await this.deps.chain.publicClient
      .getTransactionReceipt({ hash: hash as Hash })
      .catch(() => undefined);
    return receipt?.status === 'success';
  }

  /** What the payment transaction paid `to` (base units of the currency; 0 when it did not land). */
  async paid(currency: RedemptionCurrency, hash: string, to: string): Promise<bigint> {
    const { publicClient } = this.deps.chain;
    const receipt = await publicClient.getTransactionReceipt({ hash: hash as Hash }).catch(() => undefined);
    if (receipt?.status !== 'success') return 0n;
    const payee = getAddress(to);
    if (currency === 'ETH') {
      const tx = await publicClient.getTransaction({ hash: hash as Hash });
      return tx.to && getAddress(tx.to) === payee ? tx.value : 0n;
    }
    const stablecoin = this.deps.stablecoin();
    return parseEventLogs({ abi: testStablecoinAbi, eventName: 'Transfer', logs: receipt.logs })
      .filter(
        (log) => stablecoin && getAddress(log.address) === stablecoin && getAddress(log.args.to) === payee,
      )
      .reduce((sum, log) => sum + log.args.value, 0n);
  }

  explorerUrl(hash: string): string {
    return this.deps.chain.explorerTxUrl(hash as Hash);
  }

  private async write(request: Parameters<KeyedSender['send']>[0]): Promise<Hash> {
    const { hash } = await this.deps.sender.send({ ...request, abi: errorsAbi });
    await this.deps.sender.confirm(hash, errorsAbi);
    return hash;
  }
}
