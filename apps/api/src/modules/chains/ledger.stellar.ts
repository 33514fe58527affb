import {
  Asset,
  AuthClawbackEnabledFlag,
  AuthRequiredFlag,
  AuthRevocableFlag,
  Operation,
  type AuthFlag,
} from '@stellar/stellar-sdk';
import { STELLAR_MAX_STROOPS } from '@portal/shared/issuer';
import { topUp } from '../../providers/ledger-journal/send-journal.js';
import {
  StellarSendRejectedError,
  StellarTransactionFailedError,
  stellarAmount,
  stellarAssetId,
  stellarAssetOf,
  type StellarNode,
  type StellarSigner,
} from '../../providers/stellar/stellar.js';
import {
  SettlementError,
  type LedgerToken,
  type Party,
  type SentTransaction,
  type TokenLedger,
} from './ledger.js';
import { AccountLedger, type LedgerHolders } from './ledger.accounts.js';

/** The custody vaults as Stellar signers, and who may hold a token. */
export type StellarHolders = LedgerHolders<StellarSigner>;

/** A Stellar asset code: 1 to 12 letters or digits. */
const ASSET_CODE = /^[A-Za-z0-9]{1,12}$/;
/** Stellar amounts have 7 decimal places. */
const STELLAR_DECIMALS = 7;
/** Fees an account the platform funds can pay before it needs funding again (100 stroops each). */
const FEE_HEADROOM_STROOPS = 1_000_000n;

/**
 * Tokens on Stellar as classic assets (docs/decisions/0066-xrpl-and-stellar.md): the code is the
 * token symbol, the issuer the issuer's vault XLM account, which sets AUTH_REQUIRED |
 * AUTH_REVOCABLE | AUTH_CLAWBACK_ENABLED before anything is issued. A payment from the issuer
 * issues and one back burns; the books cap what is issued at the token's supply and the ledger
 * refuses to issue past it, so the issuer's treasury is the supply less what holders have. A
 * holder opens a trust line (ChangeTrust, its own vault signs) and the issuer authorises it
 * (SetTrustLineFlags) — only when the holder is eligible; freeze is deauthorisation and a forced
 * transfer to the treasury a Clawback. The platform account creates and funds every account.
 */
export class StellarLedger extends AccountLedger<StellarSigner> implements TokenLedger {
  readonly family = 'stellar' as const;

  constructor(
    private readonly node: StellarNode,
    holders: StellarHolders,
  ) {
    super(holders);
  }

  async deployToken(token: LedgerToken, issuer: Party, key: string) {
    if (!ASSET_CODE.test(token.symbol)) {
      throw new SettlementError('rejected', 'A Stellar asset code is 1 to 12 letters or digits');
    }
    if (token.decimals > STELLAR_DECIMALS) {
      throw new SettlementError('rejected', 'A Stellar token has at most 7 decimals');
    }
    const supply = toStroops(token, token.totalSupply);
    if (supply <= 0n || supply > STELLAR_MAX_STROOPS) {
      throw new SettlementError('rejected', 'A Stellar token supply must be between 1 and 2^63 − 1 stroops');
    }
    return this.settle(async () => {
      await this.fund(issuer.address, 0, `${key}:fund`);
      // Set before any trust line exists: clawback reaches only lines opened after it.
      const sent = await this.node.send(`${key}:flags`, await this.holders.signer(issuer.address), [
        // setFlags is a bit mask on the ledger; the SDK's type names one flag at a time.
        Operation.setOptions({
          setFlags: (AuthRequiredFlag | AuthRevocableFlag | AuthClawbackEnabledFlag) as AuthFlag,
        }),
      ]);
      return { contractAddress: stellarAssetId(token.symbol, issuer.address), hash: sent.hash };
    });
  }

  /** A holder's balance; the issuer's is what it has not issued yet (its treasury). */
  async balanceOf(token: LedgerToken, owner: string): Promise<bigint> {
    const asset = assetOf(token);
    if (owner === asset.getIssuer()) {
      return token.totalSupply - fromStroops(token, await this.node.issued(asset));
    }
    return this.held(token, owner);
  }

  /** Freezes a holder: the issuer deauthorises its trust line (it can neither send nor receive). */
  lockHolder(token: LedgerToken, holder: string, key: string): Promise<SentTransaction> {
    return this.setAuthorized(token, holder, false, key);
  }

  unlockHolder(token: LedgerToken, holder: string, key: string): Promise<SentTransaction> {
    return this.setAuthorized(token, holder, true, key);
  }

  /** Takes `amount` back from a holder into the issuer's unissued supply (authorised or not). */
  async clawback(token: LedgerToken, holder: string, amount: bigint, key: string): Promise<SentTransaction> {
    return this.settle(async () => {
      const asset = assetOf(token);
      return this.node.send(key, await this.holders.signer(asset.getIssuer()), [
        Operation.clawback({ asset, from: holder, amount: stellarAmount(toStroops(token, amount)) }),
      ]);
    }, 'The Stellar network refused the clawback');
  }

  protected escrowOf(listingId: string): StellarSigner {
    return this.node.escrow(listingId);
  }

  protected async held(token: LedgerToken, holder: string): Promise<bigint> {
    return fromStroops(token, (await this.node.trustLine(assetOf(token), holder))?.balance ?? 0n);
  }

  protected sendRecord(key: string) {
    return this.node.sendRecord(key);
  }

  protected finalResult(error: unknown): string | undefined {
    return error instanceof StellarTransactionFailedError || error instanceof StellarSendRejectedError
      ? error.result
      : undefined;
  }

  /**
   * Makes `holder` able to receive: its account created or funded for one more subentry, its
   * trust line opened (signed by the holder) and authorised (signed by the issuer). Steps already
   * on the ledger are skipped; each is keyed, so a re-run repeats none. A frozen holder's line
   * stays as the issuer left it.
   */
  protected async authorise(token: LedgerToken, holder: StellarSigner, key: string): Promise<void> {
    const asset = assetOf(token);
    const line = await this.node.trustLine(asset, holder.address);
    if (line?.authorized) return;
    if (!line) {
      await this.fund(holder.address, 1, `${key}:fund`);
      await this.node.send(`${key}:trust`, holder, [Operation.changeTrust({ asset })]);
    } else if (!(await this.node.sendRecord(`${key}:trust`))) {
      // A line opened earlier and not authorised now was deauthorised by the issuer (a freeze):
      // only unlockHolder lifts that, so the payment goes to the ledger, which refuses it.
      return;
    }
    await this.node.send(`${key}:issuer`, await this.holders.signer(asset.getIssuer()), [
      Operation.setTrustLineFlags({ trustor: holder.address, asset, flags: { authorized: true } }),
    ]);
  }

  /** Pays the token; from the issuer it issues, never past the supply the books record. */
  protected async pay(token: LedgerToken, from: StellarSigner, to: string, amount: bigint, key: string) {
    const asset = assetOf(token);
    const stroops = toStroops(token, amount);
    if (from.address === asset.getIssuer() && !(await this.node.sendRecord(key))) {
      const issued = await this.node.issued(asset);
      if (issued + stroops > toStroops(token, token.totalSupply)) {
        throw new SettlementError('rejected', `Issuing ${amount} would exceed the supply of ${token.symbol}`);
      }
    }
    return this.node.send(key, from, [
      Operation.payment({ destination: to, asset, amount: stellarAmount(stroops) }),
    ]);
  }

  private setAuthorized(token: LedgerToken, holder: string, authorized: boolean, key: string) {
    return this.settle(async () => {
      const asset = assetOf(token);
      return this.node.send(key, await this.holders.signer(asset.getIssuer()), [
        Operation.setTrustLineFlags({ trustor: holder, asset, flags: { authorized } }),
      ]);
    }, 'The Stellar network refused to change the authorisation');
  }

  /**
   * The platform creates `address` (CreateAccount) or tops it up (a lumen Payment) so it holds the
   * minimum balance for its subentries and `more`, plus fee headroom: issuers, escrows and buyers
   * hold no lumens of their own.
   */
  private async fund(address: string, more: number, key: string): Promise<void> {
    const [state, account] = await Promise.all([this.node.state(), this.node.account(address)]);
    const needed =
      (2n + BigInt((account?.subentries ?? 0) + more)) * state.baseReserve + FEE_HEADROOM_STROOPS;
    const amount = topUp(needed, account?.balance ?? 0n, Boolean(await this.node.sendRecord(key)));
    if (amount === undefined) return;
    await this.node.send(key, this.node.platform, [
      account
        ? Operation.payment({ destination: address, asset: Asset.native(), amount: stellarAmount(amount) })
        : Operation.createAccount({ destination: address, startingBalance: stellarAmount(amount) }),
    ]);
  }
}

function assetOf(token: LedgerToken): Asset {
  if (!token.contractAddress) throw new Error(`Token ${token.id} is not deployed`);
  return stellarAssetOf(token.contractAddress);
}

/** Base units at the token's decimals → stroops (10^-7), exactly. */
function toStroops(token: LedgerToken, units: bigint): bigint {
  return units * 10n ** BigInt(STELLAR_DECIMALS - token.decimals);
}

/** Stroops → base units; a remainder (only someone else's payment could leave one) is not the portal's. */
function fromStroops(token: LedgerToken, stroops: bigint): bigint {
  return stroops / 10n ** BigInt(STELLAR_DECIMALS - token.decimals);
}
