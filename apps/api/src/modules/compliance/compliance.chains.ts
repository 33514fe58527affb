import { getAddress, type Hex } from 'viem';
import type { ChainFamily } from '@portal/shared/chain-families';
import { messages } from '@portal/shared/messages';
import { SettlementError } from '../chains/chains.module.js';
import type { AssetContracts, AssetTokenKind, ChainRules } from '../chains/asset-contracts.js';
import type { ComplianceContracts } from '../chains/compliance-contracts.js';
import type { TokenLedger } from '../chains/ledger.js';
import type { SplLedger } from '../chains/ledger.spl.js';
import type { StellarLedger } from '../chains/ledger.stellar.js';
import type { XrplLedger } from '../chains/ledger.xrpl.js';
import type { Networks } from '../chains/networks.js';
import type { TokenRow } from '../issuer/issuer.repo.js';
import { ledgerToken } from '../issuer/issuer.module.js';
import type { VaultService } from '../vault/vault.service.js';
import type { RuleSet } from './compliance.rules.js';
import type { EnforcementPort, RegistryEntry } from './compliance.service.js';

/** What the issuer does to one holder where a ledger has no per-token rules (XRP Ledger, Stellar). */
type HolderLocks = Pick<XrplLedger | StellarLedger, 'lockHolder' | 'unlockHolder' | 'clawback'>;
/** Whether the token's chain freezes by locking a holder and moves only by clawback (ADR 66). */
const locksHolders = (token: TokenRow) => token.blockchain === 'ripple' || token.blockchain === 'stellar';

/**
 * Enforcement on each chain (ADR 61). Ethereum: the identity registry and each token's rules live
 * in the Compliance contract, and the issuer's vault signs the token's own enforcement calls.
 * Solana: Token-2022 accounts are frozen unless the holder is eligible; the platform, as freeze
 * authority and permanent delegate, freezes, thaws and moves; the rules themselves are the API's,
 * checked before the platform thaws or delivers, so a rule change or a pause writes nothing there.
 */
export class ChainEnforcement implements EnforcementPort {
  constructor(
    private readonly deps: {
      assets: AssetContracts;
      registry: ComplianceContracts;
      spl: SplLedger;
      /** Every chain's token ledger (balances on chains without enforcement here). */
      ledgers: Map<ChainFamily, TokenLedger>;
      vault: Pick<VaultService, 'evmSigner'>;
      networks: Networks;
    },
  ) {}

  async writeIdentity(entry: RegistryEntry, wallets: readonly string[], key: string): Promise<void> {
    const { registry } = this.deps;
    await registry.setIdentity(
      entry.identityKey as Hex,
      { country: entry.country, validUntil: entry.validUntil, accredited: entry.accredited },
      `${key}:identity`,
    );
    for (const wallet of wallets)
      await registry.addWallet(getAddress(wallet), entry.identityKey as Hex, `${key}:wallet:${wallet}`);
  }

  async setRules(token: TokenRow, rules: RuleSet, key: string): Promise<string | null> {
    if (!this.evm(token)) return null;
    const chainRules: ChainRules = {
      allowedCountries: [...rules.allowedCountries],
      blockedCountries: [...rules.blockedCountries],
      accreditedOnly: rules.accreditedOnly,
      maxHolders: rules.maxHolders,
      maxBalance: rules.maxBalance,
      minAcquisition: rules.minAcquisition,
      maxAcquisition: rules.maxAcquisition,
      lockupSeconds: rules.lockupSeconds,
      supplyCap: rules.supplyCap,
    };
    const sent = await this.deps.assets.setRules(
      this.address(token),
      chainRules,
      key,
      await this.issuer(token),
    );
    return sent.txHash;
  }

  async setPaused(token: TokenRow, paused: boolean, key: string): Promise<string | null> {
    if (!this.evm(token)) return null;
    const sent = await this.deps.assets.setPaused(this.address(token), paused, key, await this.issuer(token));
    return sent.txHash;
  }

  async setFrozen(token: TokenRow, holder: string, amount: bigint, key: string): Promise<string | null> {
    // The XRP Ledger locks a whole MPToken and Stellar deauthorises a whole trust line, like
    // Token-2022 freezes a whole account.
    if (locksHolders(token)) return this.lock(token, holder, amount > 0n, key);
    if (!this.evm(token)) {
      // Token-2022 has no partial freeze: the account stays frozen while any amount is (ADR 61).
      const sent =
        amount > 0n
          ? await this.splFor(token).freezeHolder(ledgerToken(token), holder, key)
          : await this.splFor(token).thawHolder(ledgerToken(token), holder, key);
      return sent.hash;
    }
    const sent = await this.deps.assets.setFrozen(
      this.kind(token),
      this.address(token),
      getAddress(holder),
      amount,
      amount > 0n,
      key,
      await this.issuer(token),
    );
    return sent.txHash;
  }

  async forcedTransfer(token: TokenRow, from: string, to: string, amount: bigint, key: string) {
    // The XRP Ledger's and Stellar's clawback return tokens to the issuer: a forced transfer to
    // the treasury. Moves between holders are refused below (splFor) with a clear message.
    if (locksHolders(token) && to === token.treasuryAddress)
      return (await this.locksFor(token).clawback(ledgerToken(token), from, amount, key)).hash;
    if (!this.evm(token)) {
      return (await this.splFor(token).forcedTransfer(ledgerToken(token), from, to, amount, key)).hash;
    }
    const sent = await this.deps.assets.forcedTransfer(
      this.kind(token),
      this.address(token),
      getAddress(from),
      getAddress(to),
      amount,
      key,
      await this.issuer(token),
    );
    return sent.txHash;
  }

  async recover(token: TokenRow, lost: string, replacement: string, key: string) {
    if (!this.evm(token)) {
      const spl = this.splFor(token);
      const state = await spl.holderState(ledgerToken(token), lost);
      // forcedTransfer refuses classic mints from before Token-2022 (a final SettlementError).
      return (await spl.forcedTransfer(ledgerToken(token), lost, replacement, state.amount, key)).hash;
    }
    const sent = await this.deps.assets.recoverWallet(
      this.kind(token),
      this.address(token),
      getAddress(lost),
      getAddress(replacement),
      key,
      await this.issuer(token),
    );
    return sent.txHash;
  }

  async setEligible(token: TokenRow, holder: string, eligible: boolean, key: string): Promise<string | null> {
    // On Ethereum the registry entry already decides; nothing per token to write.
    if (this.evm(token)) return null;
    if (locksHolders(token)) return this.lock(token, holder, !eligible, key);
    const ledger = ledgerToken(token);
    const sent = eligible
      ? await this.splFor(token).thawHolder(ledger, holder, key)
      : await this.splFor(token).freezeHolder(ledger, holder, key);
    return sent.hash;
  }

  async readIdentity(wallet: string): Promise<RegistryEntry | null> {
    const entry = await this.deps.registry.investorOf(getAddress(wallet));
    return { ...entry, identityKey: entry.identity };
  }

  async readHolding(token: TokenRow, holder: string) {
    if (!this.evm(token) && token.blockchain !== 'solana') {
      const ledger = this.deps.ledgers.get(token.blockchain as ChainFamily);
      const balance = ledger ? await ledger.balanceOf(ledgerToken(token), holder) : 0n;
      return { balance, frozen: null, accountFrozen: null };
    }
    if (!this.evm(token)) {
      const state = await this.splFor(token).holderState(ledgerToken(token), holder);
      return { balance: state.amount, frozen: null, accountFrozen: state.enforced ? state.frozen : null };
    }
    const held = await this.deps.assets.holding(this.kind(token), this.address(token), getAddress(holder));
    return { balance: held.balance, frozen: held.frozen, accountFrozen: null };
  }

  async readRules(token: TokenRow): Promise<RuleSet | null> {
    if (!this.evm(token)) return null;
    const address = this.address(token);
    const [rules, paused] = await Promise.all([
      this.deps.assets.rulesOf(address),
      this.deps.assets.paused(address),
    ]);
    return { paused, ...rules };
  }

  async readHolderCount(token: TokenRow): Promise<number | null> {
    return this.evm(token) ? this.deps.assets.holderCount(this.address(token)) : null;
  }

  explorerTxUrl(token: TokenRow, hash: string | null): string | null {
    return this.deps.networks.explorerTxUrl(token.blockchain as ChainFamily, hash);
  }

  private async lock(token: TokenRow, holder: string, locked: boolean, key: string): Promise<string> {
    const ledger = this.locksFor(token);
    const sent = locked
      ? await ledger.lockHolder(ledgerToken(token), holder, key)
      : await ledger.unlockHolder(ledgerToken(token), holder, key);
    return sent.hash;
  }

  /** The XRP Ledger's or Stellar's engine: the issuer locks, unlocks and claws back there. */
  private locksFor(token: TokenRow): HolderLocks {
    const ledger = this.deps.ledgers.get(token.blockchain as ChainFamily);
    if (!ledger || !('clawback' in ledger))
      throw new SettlementError('rejected', messages.complianceChainUnsupported);
    return ledger as unknown as HolderLocks;
  }

  /** Solana's ledger; other chains' moves between holders are not offered yet (ADR 61). */
  private splFor(token: TokenRow): SplLedger {
    if (token.blockchain !== 'solana')
      throw new SettlementError('rejected', messages.complianceChainUnsupported);
    return this.deps.spl;
  }

  private evm(token: TokenRow): boolean {
    return token.blockchain === 'ethereum';
  }

  private kind(token: TokenRow): AssetTokenKind {
    const kind = token.tokenType;
    if (kind !== 'ERC20' && kind !== 'ERC721' && kind !== 'ERC1155')
      throw new Error(`${kind} tokens do not live on the EVM`);
    return kind;
  }

  private address(token: TokenRow) {
    if (!token.contractAddress) throw new Error(`Token ${token.id} is not deployed`);
    return getAddress(token.contractAddress);
  }

  private issuer(token: TokenRow) {
    return this.deps.vault.evmSigner(token.issuerId);
  }
}
