import { setTimeout as sleep } from 'node:timers/promises';
import { ed25519 } from '@noble/curves/ed25519.js';
import {
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getAddressEncoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isAddress,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
  type SignatureBytes,
  type TransactionSigner,
} from '@solana/kit';
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system';
import {
  AccountState,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getFreezeAccountInstruction,
  getInitializeMint2Instruction,
  getMintToCheckedInstruction,
  getThawAccountInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token';
import type { CustodyPort } from '../custody/custody.js';
import type { Logger } from 'pino';
import type { DbOrTx } from '../../db/client.js';
import type { SecretStore } from '../../secrets/secrets.repo.js';
import { newPlatformSeed, PlatformKeys, SOLANA_PLATFORM_SEED } from './platform-keys.js';
import {
  SolanaInputError,
  SolanaSendRejectedError,
  SolanaTransactionFailedError,
  type SignatureStatus,
  type SolanaAccount,
  type SolanaAccountState,
  type SolanaMinted,
  type SolanaPort,
  type SolanaSendRecord,
  type SolanaSent,
  type SolanaSigner,
  type SolanaStateChange,
} from './solana.js';
import { SolanaRepo, type NewSolanaSend, type SolanaSendRow } from './solana.repo.js';
import {
  decodeMint,
  decodeTokenAccount,
  ENFORCED_MINT_SIZE,
  initializeDefaultFrozenInstruction,
  initializePermanentDelegateInstruction,
  PROGRAM_ADDRESSES,
  TOKEN_2022_PROGRAM_ADDRESS,
  type MintState,
} from './token-programs.js';

export interface Lifetime {
  blockhash: Blockhash;
  lastValidBlockHeight: bigint;
}

export type NodeAccount = SolanaAccount;

/** The node refused a transaction before running it; nothing happened on chain. */
export class NodeRejection extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'NodeRejection';
  }
}

/** What the engine needs from a cluster: the embedded VM or a JSON-RPC node. */
export interface SolanaNode {
  readonly kind: 'embedded' | 'rpc';
  latestBlockhash(): Promise<Lifetime>;
  /** False once a transaction with this lifetime can no longer land. */
  isBlockhashValid(lifetime: Lifetime): Promise<boolean>;
  /** Submits signed wire bytes (base64); throws NodeRejection when refused up front. */
  send(wireTx: string, signature: string): Promise<void>;
  status(signature: string): Promise<SignatureStatus>;
  account(address: string): Promise<NodeAccount | undefined>;
  rentExemption(size: number): Promise<bigint>;
  /** 0 when a send has landed by the time it returns (the embedded VM); else the polling pace. */
  readonly pollIntervalMs: number;
  /** Runs build-sign-send sequences one at a time where the node needs it (the embedded VM). */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const U64_MAX = 2n ** 64n - 1n;
/** SPL Memo v2: with no signer accounts it only logs its UTF-8 data. */
export const MEMO_PROGRAM_ADDRESS = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
const MAX_KEY_LENGTH = 200;
/** How many times a dead transaction is replaced before the caller is told to try later. */
const MAX_RESIGNS = 5;

function explorerLink(base: string, path: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  return url.toString();
}

function checkAddress(value: string, what: string): Address {
  if (!isAddress(value)) throw new SolanaInputError(`${what} is not a Solana address: ${value}`);
  return address(value);
}

function checkAmount(amount: bigint): void {
  if (amount <= 0n || amount > U64_MAX) {
    throw new SolanaInputError(`Amount must be a whole number of base units from 1 to ${U64_MAX}`);
  }
}

function checkKey(key: string): void {
  if (!key || key.length > MAX_KEY_LENGTH) {
    throw new SolanaInputError(`An idempotency key of 1 to ${MAX_KEY_LENGTH} characters is required`);
  }
}

/** A mint the engine writes to, with its token program's address for the instructions. */
type KnownMint = MintState & { address: Address; programAddress: Address };

/**
 * SolanaPort over any SolanaNode: builds token program instructions, signs them (platform keys here,
 * vault keys in custody), stores each signed transaction under its key before sending it, and
 * resolves a key to exactly one transaction that landed.
 */
export class SolanaEngine implements SolanaPort {
  readonly kind: 'embedded' | 'rpc';
  private readonly inflight = new Map<string, Promise<SolanaSendRow | null>>();

  constructor(
    private readonly deps: {
      node: SolanaNode;
      repo: SolanaRepo;
      keys: PlatformKeys;
      feePayer: KeyPairSigner;
      custody: Pick<CustodyPort, 'signEd25519'>;
      explorerUrl: string;
    },
  ) {
    this.kind = deps.node.kind;
  }

  get feePayer(): string {
    return this.deps.feePayer.address;
  }

  explorerTxUrl(signature: string): string {
    return explorerLink(this.deps.explorerUrl, `/tx/${signature}`);
  }

  explorerAddressUrl(account: string): string {
    return explorerLink(this.deps.explorerUrl, `/address/${account}`);
  }

  async escrowOwner(escrowId: string): Promise<string> {
    if (!escrowId) throw new SolanaInputError('An escrow id is required');
    return (await this.deps.keys.escrow(escrowId)).address;
  }

  async tokenAccount(mint: string, owner: string): Promise<string> {
    const known = await this.requireMint(checkAddress(mint, 'The mint'));
    return this.ataOf(known, checkAddress(owner, 'The owner'));
  }

  async createMint(input: {
    key: string;
    decimals: number;
    mintAuthority: SolanaSigner;
  }): Promise<SolanaMinted> {
    if (!Number.isInteger(input.decimals) || input.decimals < 0 || input.decimals > 18) {
      throw new SolanaInputError('Decimals must be a whole number from 0 to 18');
    }
    const mint = await this.deps.keys.mint(input.key);
    const authority = await this.addressOf(input.mintAuthority);
    const platform = this.deps.feePayer.address;
    const sent = await this.submit(input.key, async () => [
      getCreateAccountInstruction({
        payer: this.deps.feePayer,
        newAccount: mint,
        lamports: await this.deps.node.rentExemption(ENFORCED_MINT_SIZE),
        space: ENFORCED_MINT_SIZE,
        programAddress: TOKEN_2022_PROGRAM_ADDRESS,
      }),
      // Extensions are initialised before the mint itself, as Token-2022 requires.
      initializePermanentDelegateInstruction(mint.address, platform),
      initializeDefaultFrozenInstruction(mint.address),
      getInitializeMint2Instruction(
        { mint: mint.address, decimals: input.decimals, mintAuthority: authority, freezeAuthority: platform },
        { programAddress: TOKEN_2022_PROGRAM_ADDRESS },
      ),
    ]);
    return { ...sent, mint: mint.address };
  }

  async mintTo(input: {
    key: string;
    mint: string;
    owner: string;
    amount: bigint;
    mintAuthority: SolanaSigner;
  }): Promise<SolanaSent> {
    checkAmount(input.amount);
    const mint = checkAddress(input.mint, 'The mint');
    const owner = checkAddress(input.owner, 'The owner');
    return this.submit(input.key, async () => {
      const known = await this.requireMint(mint);
      const token = await this.tokenAccountOpened(known, owner);
      return [
        token.create,
        getMintToCheckedInstruction(
          {
            mint,
            token: token.ata,
            mintAuthority: await this.signerFor(input.mintAuthority),
            amount: input.amount,
            decimals: known.decimals,
          },
          { programAddress: known.programAddress },
        ),
      ];
    });
  }

  async transferLamports(input: { key: string; to: string; amount: bigint }): Promise<SolanaSent> {
    checkAmount(input.amount);
    const to = checkAddress(input.to, 'The recipient');
    return this.submit(input.key, async () => [
      getTransferSolInstruction({ source: this.deps.feePayer, destination: to, amount: input.amount }),
    ]);
  }

  async transfer(input: {
    key: string;
    mint: string;
    from: SolanaSigner;
    toOwner: string;
    amount: bigint;
  }): Promise<SolanaSent> {
    checkAmount(input.amount);
    const mint = checkAddress(input.mint, 'The mint');
    const toOwner = checkAddress(input.toOwner, 'The recipient');
    return this.submit(input.key, async () => {
      const known = await this.requireMint(mint);
      const authority = await this.signerFor(input.from);
      const source = await this.ataOf(known, authority.address);
      const destination = await this.tokenAccountOpened(known, toOwner);
      return [
        destination.create,
        getTransferCheckedInstruction(
          {
            source,
            mint,
            destination: destination.ata,
            authority,
            amount: input.amount,
            decimals: known.decimals,
          },
          { programAddress: known.programAddress },
        ),
      ];
    });
  }

  thaw(input: { key: string; mint: string; owner: string }): Promise<SolanaStateChange> {
    return this.setFrozen(input, false);
  }

  freeze(input: { key: string; mint: string; owner: string }): Promise<SolanaStateChange> {
    return this.setFrozen(input, true);
  }

  async forceTransfer(input: {
    key: string;
    mint: string;
    fromOwner: string;
    toOwner: string;
    amount: bigint;
  }): Promise<SolanaSent> {
    checkAmount(input.amount);
    const mint = checkAddress(input.mint, 'The mint');
    const fromOwner = checkAddress(input.fromOwner, 'The holder');
    const toOwner = checkAddress(input.toOwner, 'The recipient');
    if (fromOwner === toOwner) throw new SolanaInputError('A forced transfer needs two different holders');
    return this.submit(input.key, async () => {
      const known = await this.requireMint(mint);
      if (known.permanentDelegate !== this.deps.feePayer.address) {
        throw new SolanaInputError(
          `The platform is not the permanent delegate of ${mint}: its tokens cannot be moved by force`,
        );
      }
      const source = await this.accountOf(known, fromOwner);
      if (!source.exists) throw new SolanaInputError(`${fromOwner} holds no account of ${mint}`);
      const destination = await this.accountOf(known, toOwner);
      // Token-2022 refuses to move tokens out of or into a frozen account, even for the permanent
      // delegate: a frozen side is thawed and frozen again around the transfer, all in this one
      // transaction, so no account is ever left thawed (ADR 62).
      const frozen = [source, destination].filter((side) => side.frozen);
      const platform = this.deps.feePayer;
      const config = { programAddress: known.programAddress };
      return [
        ...(destination.exists ? [] : [destination.create]),
        ...frozen.map((side) =>
          getThawAccountInstruction({ account: side.ata, mint, owner: platform }, config),
        ),
        getTransferCheckedInstruction(
          {
            source: source.ata,
            mint,
            destination: destination.ata,
            authority: platform,
            amount: input.amount,
            decimals: known.decimals,
          },
          config,
        ),
        ...frozen.map((side) =>
          getFreezeAccountInstruction({ account: side.ata, mint, owner: platform }, config),
        ),
      ];
    });
  }

  async balance(mint: string, owner: string): Promise<bigint> {
    return (await this.accountState(mint, owner)).amount;
  }

  async accountState(mint: string, owner: string): Promise<SolanaAccountState> {
    const known = await this.mintAt(checkAddress(mint, 'The mint'));
    if (!known) return { exists: false, frozen: false, amount: 0n };
    const { exists, frozen, amount } = await this.accountOf(known, checkAddress(owner, 'The owner'));
    // A missing account holds nothing and is frozen by nothing (until it is made).
    return { exists, frozen: exists && frozen, amount };
  }

  async lamports(account: string): Promise<bigint> {
    return (await this.deps.node.account(checkAddress(account, 'The account')))?.lamports ?? 0n;
  }

  account(account: string): Promise<SolanaAccount | undefined> {
    return this.deps.node.account(checkAddress(account, 'The account'));
  }

  async mintInfo(mint: string): Promise<MintState | undefined> {
    const known = await this.mintAt(checkAddress(mint, 'The mint'));
    if (!known) return undefined;
    const { address: _address, programAddress: _program, ...state } = known;
    return state;
  }

  signatureStatus(signature: string): Promise<SignatureStatus> {
    return this.deps.node.status(signature);
  }

  async sendRecord(key: string): Promise<SolanaSendRecord | undefined> {
    const row = await this.deps.repo.findSend(key);
    return (
      row && {
        key: row.key,
        signature: row.signature,
        status: row.status as SolanaSendRecord['status'],
        error: row.error,
      }
    );
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.inflight.values()]);
    await this.deps.node.close();
  }

  /**
   * Brings the owner's account to `frozen`, creating it if missing (born frozen on a Token-2022
   * mint). The state is read when the transaction is signed; an account already there sends nothing.
   */
  private async setFrozen(
    input: { key: string; mint: string; owner: string },
    frozen: boolean,
  ): Promise<SolanaStateChange> {
    const mint = checkAddress(input.mint, 'The mint');
    const owner = checkAddress(input.owner, 'The owner');
    const signature = await this.submitIfNeeded(input.key, async () => {
      const known = await this.requireMint(mint);
      const account = await this.accountOf(known, owner);
      if (account.exists && account.frozen === frozen) return null;
      const change: Instruction[] = [];
      if (account.frozen !== frozen) {
        if (known.freezeAuthority !== this.deps.feePayer.address) {
          throw new SolanaInputError(`The platform is not the freeze authority of ${mint}: it cannot freeze`);
        }
        const accounts = { account: account.ata, mint, owner: this.deps.feePayer };
        const config = { programAddress: known.programAddress };
        change.push(
          frozen
            ? getFreezeAccountInstruction(accounts, config)
            : getThawAccountInstruction(accounts, config),
        );
      }
      return account.exists ? change : [account.create, ...change];
    });
    return { key: input.key, signature };
  }

  /** The owner's account of a mint as it is now; a missing one as it would be born. */
  private async accountOf(known: KnownMint, owner: Address) {
    const opened = await this.tokenAccountOpened(known, owner);
    const found = await this.deps.node.account(opened.ata);
    const token = found && decodeTokenAccount(found);
    if (!token) return { ...opened, exists: false, frozen: known.frozenByDefault, amount: 0n };
    return { ...opened, exists: true, frozen: token.state === AccountState.Frozen, amount: token.amount };
  }

  private async ataOf(known: KnownMint, owner: Address): Promise<Address> {
    const [ata] = await findAssociatedTokenPda({
      mint: known.address,
      owner,
      tokenProgram: known.programAddress,
    });
    return ata;
  }

  /** The owner's token account, and the instruction that creates it if missing (the platform pays). */
  private async tokenAccountOpened(known: KnownMint, owner: Address) {
    const ata = await this.ataOf(known, owner);
    return {
      ata,
      create: getCreateAssociatedTokenIdempotentInstruction({
        payer: this.deps.feePayer,
        ata,
        owner,
        mint: known.address,
        tokenProgram: known.programAddress,
      }),
    };
  }

  private async mintAt(mint: Address): Promise<KnownMint | undefined> {
    const account = await this.deps.node.account(mint);
    const state = account && decodeMint(account);
    return state && { ...state, address: mint, programAddress: PROGRAM_ADDRESSES[state.program] };
  }

  private async requireMint(mint: Address): Promise<KnownMint> {
    const known = await this.mintAt(mint);
    if (!known) throw new SolanaInputError(`There is no SPL mint at ${mint}`);
    return known;
  }

  private async addressOf(signer: SolanaSigner): Promise<Address> {
    switch (signer.kind) {
      case 'platform':
        return this.deps.feePayer.address;
      case 'escrow':
        return (await this.deps.keys.escrow(signer.escrowId)).address;
      case 'vault':
        return checkAddress(signer.address, "The vault's SOL address");
    }
  }

  private async signerFor(signer: SolanaSigner): Promise<TransactionSigner> {
    switch (signer.kind) {
      case 'platform':
        return this.deps.feePayer;
      case 'escrow':
        if (!signer.escrowId) throw new SolanaInputError('An escrow id is required');
        return this.deps.keys.escrow(signer.escrowId);
      case 'vault':
        return this.custodySigner(signer.vaultId, checkAddress(signer.address, "The vault's SOL address"));
    }
  }

  /** A partial signer whose key lives in custody; its signature is verified before use. */
  private custodySigner(vaultId: string, owner: Address): TransactionSigner {
    const publicKey = getAddressEncoder().encode(owner);
    return {
      address: owner,
      signTransactions: (transactions) =>
        Promise.all(
          transactions.map(async (transaction) => {
            const message = new Uint8Array(transaction.messageBytes);
            const signature = await this.deps.custody.signEd25519(vaultId, { address: owner, message });
            if (!ed25519.verify(signature, message, new Uint8Array(publicKey))) {
              throw new Error(`Custody returned a signature that does not verify for ${owner}`);
            }
            return { [owner]: signature as SignatureBytes };
          }),
        ),
    };
  }

  private async submit(key: string, instructions: () => Promise<Instruction[]>): Promise<SolanaSent> {
    // A builder that always has instructions always leaves a transaction under the key.
    return { key, signature: (await this.submitIfNeeded(key, instructions))! };
  }

  /**
   * One transaction per key: in-process duplicates share the call, other processes the row. A
   * builder answering null (nothing to change) sends nothing and stores nothing: the signature is
   * null, and a later call with the key looks at the chain again.
   */
  private async submitIfNeeded(
    key: string,
    instructions: () => Promise<Instruction[] | null>,
  ): Promise<string | null> {
    checkKey(key);
    let running = this.inflight.get(key);
    if (!running) {
      running = this.deps.node
        .exclusive(() => this.resolve(key, instructions))
        .finally(() => this.inflight.delete(key));
      this.inflight.set(key, running);
    }
    return (await running)?.signature ?? null;
  }

  private async resolve(
    key: string,
    instructions: () => Promise<Instruction[] | null>,
  ): Promise<SolanaSendRow | null> {
    let row = await this.deps.repo.findSend(key);
    if (!row) {
      const signed = await this.sign(key, instructions);
      if (!signed) return null;
      // A lost insert race leaves the other process's transaction in the row: that one is followed.
      await this.deps.repo.insertSend(signed).catch(async (error: unknown) => {
        if (!(await this.deps.repo.findSend(key))) throw error;
      });
      row = await this.deps.repo.findSend(key);
      if (!row) throw new Error(`The Solana send ${key} vanished`);
    }
    for (let resigns = 0; ;) {
      if (row.status === 'confirmed') return row;
      if (row.status === 'failed')
        throw new SolanaTransactionFailedError(key, row.signature, row.error ?? '');
      const status = await this.deliver(row);
      if (status.state !== 'not-found') {
        const error = status.state === 'failed' ? status.error : null;
        await this.deps.repo.settle(key, row.signature, error);
        row = { ...row, status: error === null ? 'confirmed' : 'failed', error };
        continue;
      }
      // Proven dead (its blockhash expired and it is not on chain): only now may it be replaced.
      if (++resigns > MAX_RESIGNS) {
        throw new SolanaSendRejectedError(key, `no transaction landed after ${MAX_RESIGNS} attempts`);
      }
      const signed = await this.sign(key, instructions);
      // The dead transaction's change was made by another since: nothing is left to send.
      if (!signed) return null;
      await this.deps.repo.replaceSend(row.signature, signed);
      row = await this.deps.repo.findSend(key);
      if (!row) throw new Error(`The Solana send ${key} vanished`);
    }
  }

  /**
   * Brings a stored transaction to a verdict: its status on chain, or not-found once its
   * blockhash has expired (it can never land). While it can still land, the SAME bytes are sent.
   */
  private async deliver(row: SolanaSendRow): Promise<SignatureStatus> {
    const { node } = this.deps;
    const lifetime = {
      blockhash: row.blockhash as Blockhash,
      lastValidBlockHeight: row.lastValidBlockHeight,
    };
    for (let polls = 0; ; polls++) {
      const status = await node.status(row.signature);
      if (status.state !== 'not-found') return status;
      if (!(await node.isBlockhashValid(lifetime))) {
        // It may have landed just before the blockhash expired.
        return node.status(row.signature);
      }
      // Re-sent on the first look and then now and again: a dropped packet must not cost the sale.
      if (polls % 10 === 0) {
        try {
          await node.send(row.wireTx, row.signature);
        } catch (error) {
          if (!(error instanceof NodeRejection)) throw error;
          const after = await node.status(row.signature);
          if (after.state !== 'not-found') return after;
          if (!(await node.isBlockhashValid(lifetime))) return after;
          throw new SolanaSendRejectedError(row.key, error.reason);
        }
      }
      if (node.pollIntervalMs > 0) await sleep(node.pollIntervalMs);
    }
  }

  private async sign(
    key: string,
    instructions: () => Promise<Instruction[] | null>,
  ): Promise<NewSolanaSend | null> {
    const change = await instructions();
    if (!change) return null;
    const lifetime = await this.deps.node.latestBlockhash();
    // The key as a memo makes every key's transaction distinct: two equal transfers (same buyer,
    // amount and blockhash) for two purchases would otherwise be one and the same transaction.
    const memo: Instruction = { programAddress: MEMO_PROGRAM_ADDRESS, data: new TextEncoder().encode(key) };
    const built = [memo, ...change];
    const transaction = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(this.deps.feePayer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
        (m) => appendTransactionMessageInstructions(built, m),
      ),
    );
    return {
      key,
      signature: getSignatureFromTransaction(transaction),
      wireTx: getBase64EncodedWireTransaction(transaction),
      blockhash: lifetime.blockhash,
      lastValidBlockHeight: lifetime.lastValidBlockHeight,
    };
  }
}

/** What opening Solana needs from the composition root. */
export interface SolanaDeps {
  db: DbOrTx;
  secrets: SecretStore;
  custody: Pick<CustodyPort, 'signEd25519'>;
  log: Logger;
}

/**
 * The engine on a node: the platform keys come from a seed kept encrypted in the secret store,
 * and the node is opened knowing the fee payer (the embedded VM funds it at genesis).
 */
export async function openSolanaEngine<N extends SolanaNode>(
  openNode: (context: { feePayer: string; repo: SolanaRepo }) => Promise<N>,
  deps: SolanaDeps & { explorerUrl: string },
): Promise<{ solana: SolanaEngine; node: N }> {
  const keys = new PlatformKeys(await deps.secrets.getOrCreate(SOLANA_PLATFORM_SEED, newPlatformSeed));
  const feePayer = await keys.feePayer();
  const repo = new SolanaRepo(deps.db);
  const node = await openNode({ feePayer: feePayer.address, repo });
  const solana = new SolanaEngine({
    node,
    repo,
    keys,
    feePayer,
    custody: deps.custody,
    explorerUrl: deps.explorerUrl,
  });
  return { solana, node };
}
