import { convertStringToHex, decodeAccountID } from 'xrpl';
import {
  XrplSendRejectedError,
  XrplTransactionFailedError,
  mptIssuanceId,
  type XrplNode,
  type XrplSigner,
} from '../../providers/xrpl/xrpl.js';
import { topUp } from '../../providers/ledger-journal/send-journal.js';
import {
  SettlementError,
  type LedgerToken,
  type Party,
  type SentTransaction,
  type TokenLedger,
} from './ledger.js';
import { AccountLedger, type LedgerHolders } from './ledger.accounts.js';

/** The custody vaults as XRPL signers, and who may hold a token. */
export type XrplHolders = LedgerHolders<XrplSigner>;

// MPTokenIssuanceCreate flags (XLS-33): the platform can lock and claw back (freeze and forced
// transfer), holders need its authorisation, and holders may pay each other (escrow → buyer).
const TF_MPT_CAN_LOCK = 0x02;
const TF_MPT_REQUIRE_AUTH = 0x04;
const TF_MPT_CAN_TRANSFER = 0x20;
const TF_MPT_CAN_CLAWBACK = 0x40;
const TF_MPT_LOCK = 0x01;
const TF_MPT_UNLOCK = 0x02;
/** MaximumAmount is a 63-bit integer. */
const MAX_MPT_AMOUNT = 0x7fff_ffff_ffff_ffffn;
/** Fees an account the platform funds can pay before it needs funding again (10 drops each). */
const FEE_HEADROOM_DROPS = 100_000n;

/**
 * Tokens on the XRP Ledger as Multi-Purpose Tokens (docs/decisions/0066-xrpl-and-stellar.md). The
 * issuer's vault XRP account is the issuer: its unissued amount is the treasury (MaximumAmount −
 * OutstandingAmount), a payment from it issues. Each escrow listing has its own account, keyed
 * from the platform seed. Before a holder receives anything, the platform funds its reserve, the
 * holder's vault opts in (MPTokenAuthorize) and the issuer authorises it — only when the holder
 * is eligible. Every send is keyed through the XrplNode journal: a re-run never moves tokens twice.
 */
export class XrplLedger extends AccountLedger<XrplSigner> implements TokenLedger {
  readonly family = 'ripple' as const;

  constructor(
    private readonly node: XrplNode,
    holders: XrplHolders,
  ) {
    super(holders);
  }

  async deployToken(token: LedgerToken, issuer: Party, key: string) {
    if (token.totalSupply <= 0n || token.totalSupply > MAX_MPT_AMOUNT) {
      throw new SettlementError(
        'rejected',
        'An XRP Ledger token supply must be between 1 and 2^63 − 1 base units',
      );
    }
    return this.settle(async () => {
      await this.fund(issuer.address, 1, `${key}:fund`);
      const sent = await this.node.send(`${key}:create`, await this.holders.signer(issuer.address), {
        TransactionType: 'MPTokenIssuanceCreate',
        Flags: TF_MPT_CAN_LOCK | TF_MPT_REQUIRE_AUTH | TF_MPT_CAN_TRANSFER | TF_MPT_CAN_CLAWBACK,
        AssetScale: token.decimals,
        MaximumAmount: token.totalSupply.toString(),
        MPTokenMetadata: convertStringToHex(JSON.stringify({ ticker: token.symbol, name: token.name })),
      });
      return {
        contractAddress: mptIssuanceId(sent.sequence, decodeAccountID(issuer.address)),
        hash: sent.hash,
      };
    });
  }

  protected escrowOf(listingId: string): XrplSigner {
    return this.node.escrow(listingId);
  }

  protected async held(token: LedgerToken, holder: string): Promise<bigint> {
    return (await this.node.holding(issuanceOf(token), holder))?.amount ?? 0n;
  }

  protected sendRecord(key: string) {
    return this.node.sendRecord(key);
  }

  protected finalResult(error: unknown): string | undefined {
    return error instanceof XrplTransactionFailedError || error instanceof XrplSendRejectedError
      ? error.result
      : undefined;
  }

  /** A holder's balance; the issuer's is what it has not issued yet (its treasury). */
  async balanceOf(token: LedgerToken, owner: string): Promise<bigint> {
    const issuance = await this.node.issuance(issuanceOf(token));
    if (!issuance) return 0n;
    if (owner === issuance.issuer) return (issuance.maximum ?? MAX_MPT_AMOUNT) - issuance.outstanding;
    return (await this.node.holding(issuanceOf(token), owner))?.amount ?? 0n;
  }

  /** Freezes a holder: the issuer locks its MPToken (it can neither send nor receive). */
  lockHolder(token: LedgerToken, holder: string, key: string): Promise<SentTransaction> {
    return this.setLock(token, holder, TF_MPT_LOCK, key);
  }

  unlockHolder(token: LedgerToken, holder: string, key: string): Promise<SentTransaction> {
    return this.setLock(token, holder, TF_MPT_UNLOCK, key);
  }

  /** Takes `amount` back from a holder into the issuer's unissued supply (locked or not). */
  async clawback(token: LedgerToken, holder: string, amount: bigint, key: string): Promise<SentTransaction> {
    return this.settle(async () => {
      const issuer = await this.issuerSigner(token);
      const sent = await this.node.send(key, issuer, {
        TransactionType: 'Clawback',
        Amount: { mpt_issuance_id: issuanceOf(token), value: amount.toString() },
        Holder: holder,
      });
      return { hash: sent.hash };
    }, 'The XRP Ledger refused the clawback');
  }

  private async setLock(token: LedgerToken, holder: string, flag: number, key: string) {
    return this.settle(async () => {
      const sent = await this.node.send(key, await this.issuerSigner(token), {
        TransactionType: 'MPTokenIssuanceSet',
        MPTokenIssuanceID: issuanceOf(token),
        Holder: holder,
        Flags: flag,
      });
      return { hash: sent.hash };
    }, 'The XRP Ledger refused to change the lock');
  }

  /**
   * Makes `holder` able to receive: its account funded for one more owned object, its MPToken
   * made (signed by the holder) and authorised (signed by the issuer). Steps already done on the
   * ledger are skipped; each is keyed, so a re-run repeats none.
   */
  protected async authorise(token: LedgerToken, holder: XrplSigner, key: string): Promise<void> {
    const id = issuanceOf(token);
    const holding = await this.node.holding(id, holder.address);
    if (holding?.authorized) return;
    if (!holding) {
      await this.fund(holder.address, 1, `${key}:fund`);
      await this.node.send(`${key}:opt-in`, holder, {
        TransactionType: 'MPTokenAuthorize',
        MPTokenIssuanceID: id,
      });
    }
    await this.node.send(`${key}:issuer`, await this.issuerSigner(token), {
      TransactionType: 'MPTokenAuthorize',
      MPTokenIssuanceID: id,
      Holder: holder.address,
    });
  }

  /**
   * The platform pays the reserve of `address` (created when missing) for `more` owned objects
   * beyond those it has, plus fees: the issuer and the buyers hold no XRP of their own.
   */
  private async fund(address: string, more: number, key: string): Promise<void> {
    const [state, account] = await Promise.all([this.node.serverState(), this.node.account(address)]);
    const owned = BigInt((account?.ownerCount ?? 0) + more);
    const needed = state.reserveBase + state.reserveIncrement * owned + FEE_HEADROOM_DROPS;
    const amount = topUp(needed, account?.balance ?? 0n, Boolean(await this.node.sendRecord(key)));
    if (amount === undefined) return;
    await this.node.send(key, this.node.platform, {
      TransactionType: 'Payment',
      Destination: address,
      Amount: amount.toString(),
    });
  }

  protected async pay(token: LedgerToken, from: XrplSigner, to: string, amount: bigint, key: string) {
    return this.node.send(key, from, {
      TransactionType: 'Payment',
      Destination: to,
      Amount: { mpt_issuance_id: issuanceOf(token), value: amount.toString() },
    });
  }

  private async issuerSigner(token: LedgerToken): Promise<XrplSigner> {
    const issuance = await this.node.issuance(issuanceOf(token));
    if (!issuance) throw new Error(`MPT issuance ${token.contractAddress} not found on the XRP Ledger`);
    return this.holders.signer(issuance.issuer);
  }
}

function issuanceOf(token: LedgerToken): string {
  if (!token.contractAddress) throw new Error(`Token ${token.id} is not deployed`);
  return token.contractAddress;
}
