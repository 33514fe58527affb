import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import {
  Fireblocks,
  FireblocksError,
  TransactionOperation,
  TransferPeerPathType,
  type FireblocksResponse,
  type TransactionResponse,
  type VaultAccount,
} from '@fireblocks/ts-sdk';
import {
  isAddressEqual,
  keccak256,
  recoverTransactionAddress,
  serializeTransaction,
  type TransactionSerializable,
} from 'viem';
import { assetChain, type CustodyAssetId, type Wallet } from '@portal/shared/vault';
import { CustodyError, type CreateCustodyVault, type CustodyPort, type CustodyVault } from './custody.js';

export interface FireblocksOptions {
  apiKey: string;
  /** The API user's RSA private key (PEM); the SDK signs every request's JWT with it. */
  secretKey: string;
  baseUrl: string;
  assets: readonly CustodyAssetId[];
  requestTimeoutMs?: number;
  signing?: { pollIntervalMs: number; timeoutMs: number };
}

const PAGE_LIMIT = 500;
const TERMINAL_FAILURES = new Set(['FAILED', 'REJECTED', 'CANCELLED', 'BLOCKED', 'TIMEOUT']);

const hex = (value: string): `0x${string}` =>
  (value.startsWith('0x') ? value : `0x${value}`).toLowerCase() as `0x${string}`;

/**
 * Fireblocks custody over `@fireblocks/ts-sdk`: the SDK authenticates every call (API key header
 * plus an RS256 JWT over the URI and body hash). Errors are reduced to a CustodyError message, since
 * the SDK's error carries the raw request, credentials included.
 */
export class FireblocksCustody implements CustodyPort {
  readonly name = 'fireblocks' as const;
  private readonly client: Fireblocks;
  private readonly evmAsset: CustodyAssetId | undefined;
  private readonly solanaAsset: CustodyAssetId | undefined;
  private readonly signing: { pollIntervalMs: number; timeoutMs: number };

  constructor(private readonly options: FireblocksOptions) {
    this.client = new Fireblocks({
      apiKey: options.apiKey,
      secretKey: options.secretKey,
      basePath: options.baseUrl,
      additionalOptions: { baseOptions: { timeout: options.requestTimeoutMs ?? 30_000 } },
    });
    this.evmAsset = options.assets.find((asset) => assetChain(asset) === 'ethereum');
    this.solanaAsset = options.assets.find((asset) => assetChain(asset) === 'solana');
    this.signing = options.signing ?? { pollIntervalMs: 1_000, timeoutMs: 5 * 60_000 };
  }

  async createVault(input: CreateCustodyVault): Promise<CustodyVault> {
    // Idempotency keys (valid 24 h at Fireblocks) make a retried create return the same account.
    const created = await this.call('create vault account', () =>
      this.client.vaults.createVaultAccount({
        createVaultAccountRequest: {
          name: input.name,
          customerRefId: input.customerRefId,
          autoFuel: input.autoFuel,
          hiddenOnUI: true,
        },
        idempotencyKey: `portal-vault-${input.customerRefId}`,
      }),
    );
    if (!created.id) throw new CustodyError('Fireblocks created a vault account without an id');
    // A retry may find some wallets already made; only the missing ones are created.
    const account = await this.call('get vault account', () =>
      this.client.vaults.getVaultAccount({ vaultAccountId: created.id! }),
    );
    const existing = new Set((account.assets ?? []).map((asset) => asset.id));
    const wallets: Wallet[] = [];
    for (const assetId of this.options.assets) {
      let address: string | undefined;
      if (!existing.has(assetId)) {
        const wallet = await this.call(`create ${assetId} wallet`, () =>
          this.client.vaults.createVaultAccountAsset({
            vaultAccountId: created.id!,
            assetId,
            idempotencyKey: `portal-wallet-${input.customerRefId}-${assetId}`,
          }),
        );
        address = wallet.address;
      }
      wallets.push({ assetId, address: address || (await this.depositAddress(created.id, assetId)) });
    }
    return this.toVault(account, wallets);
  }

  async getVault(vaultId: string): Promise<CustodyVault | undefined> {
    let account: VaultAccount;
    try {
      account = await this.call('get vault account', () =>
        this.client.vaults.getVaultAccount({ vaultAccountId: vaultId }),
      );
    } catch (error) {
      if (error instanceof CustodyError && error.status === 404) return undefined;
      throw error;
    }
    const held = new Set((account.assets ?? []).map((asset) => asset.id));
    const wallets: Wallet[] = [];
    for (const assetId of this.options.assets.filter((asset) => held.has(asset))) {
      wallets.push({ assetId, address: await this.depositAddress(vaultId, assetId) });
    }
    return this.toVault(account, wallets);
  }

  /** There is no total in the API: page through `paging.after` and add up. */
  async countVaults(): Promise<number> {
    let total = 0;
    let after: string | undefined;
    do {
      const page = await this.call('list vault accounts', () =>
        this.client.vaults.getPagedVaultAccounts({ limit: PAGE_LIMIT, ...(after ? { after } : {}) }),
      );
      total += page.accounts?.length ?? 0;
      after = page.paging?.after;
    } while (after);
    return total;
  }

  /**
   * Fireblocks signs the transaction's keccak hash as a RAW message with the vault's ETH key; we put
   * the signature on the transaction and check it recovers to the vault's address before using it.
   */
  async signEvmTransaction(vaultId: string, transaction: TransactionSerializable): Promise<`0x${string}`> {
    const assetId = this.evmAsset;
    if (!assetId) throw new CustodyError('No Ethereum asset is configured in FIREBLOCKS_ASSETS');
    const digest = keccak256(serializeTransaction(transaction));
    const signed = await this.signRaw(vaultId, assetId, digest.slice(2), 'Investor portal EVM transaction');
    const { r, s, v } = signed?.signature ?? {};
    if (!r || !s || v === undefined) throw new CustodyError('Fireblocks completed without a signature');
    const serialized = serializeTransaction(transaction, {
      r: hex(r),
      s: hex(s),
      yParity: v >= 27 ? v - 27 : v,
    });
    const signer = await recoverTransactionAddress({ serializedTransaction: serialized as never });
    const expected = await this.depositAddress(vaultId, assetId);
    if (!isAddressEqual(signer, expected as `0x${string}`)) {
      throw new CustodyError(`Fireblocks signed with ${signer}, not the vault's address ${expected}`);
    }
    return serialized;
  }

  /**
   * Fireblocks signs the message bytes themselves (EdDSA RAW signing) with the vault's SOL key;
   * the signature is checked against the vault's deposit address, which must be `address`.
   */
  async signEd25519(vaultId: string, input: { address: string; message: Uint8Array }): Promise<Uint8Array> {
    const assetId = this.solanaAsset;
    if (!assetId) throw new CustodyError('No Solana asset is configured in FIREBLOCKS_ASSETS');
    const expected = await this.depositAddress(vaultId, assetId);
    if (expected !== input.address) {
      throw new CustodyError(`Fireblocks vault ${vaultId}'s SOL key does not control ${input.address}`);
    }
    const content = Buffer.from(input.message).toString('hex');
    const signed = await this.signRaw(vaultId, assetId, content, 'Investor portal Solana transaction');
    const fullSig = signed?.signature?.fullSig;
    const signature = fullSig && /^[0-9a-f]{128}$/i.test(fullSig) ? Buffer.from(fullSig, 'hex') : undefined;
    if (!signature || !ed25519.verify(signature, input.message, base58.decode(expected))) {
      throw new CustodyError(`Fireblocks returned no valid ed25519 signature by ${expected}`);
    }
    return new Uint8Array(signature);
  }

  /**
   * Not yet: Fireblocks signs XRP transactions it builds itself, not ones the portal built
   * (docs/decisions/0066-xrpl-and-stellar.md). Tokens on the XRP Ledger need local custody.
   */
  signXrplTransaction(): Promise<{ blob: string; hash: string }> {
    return Promise.reject(
      new CustodyError('Fireblocks custody does not sign XRP Ledger transactions built by the portal'),
    );
  }

  signStellarTransaction(): Promise<{ envelopeXdr: string; hash: string }> {
    return Promise.reject(
      new CustodyError('Fireblocks custody does not sign Stellar transactions built by the portal'),
    );
  }

  /** One RAW signing transaction for `content` (hex), awaited; its signed message, if any. */
  private async signRaw(vaultId: string, assetId: CustodyAssetId, content: string, note: string) {
    const created = await this.call('create signing transaction', () =>
      this.client.transactions.createTransaction({
        transactionRequest: {
          operation: TransactionOperation.Raw,
          assetId,
          source: { type: TransferPeerPathType.VaultAccount, id: vaultId },
          note,
          extraParameters: { rawMessageData: { messages: [{ content }] } },
        },
        // A Solana message can be long; its hash keeps the key short and unique.
        idempotencyKey: `portal-sign-${vaultId}-${content.length <= 64 ? content : createHash('sha256').update(content).digest('hex')}`,
      }),
    );
    if (!created.id) throw new CustodyError('Fireblocks created a signing transaction without an id');
    const completed = await this.waitForSignature(created.id);
    return completed.signedMessages?.find(
      (message) => message.content?.toLowerCase() === content.toLowerCase(),
    );
  }

  private async waitForSignature(txId: string): Promise<TransactionResponse> {
    const deadline = Date.now() + this.signing.timeoutMs;
    for (;;) {
      const tx = await this.call('get signing transaction', () =>
        this.client.transactions.getTransaction({ txId }),
      );
      if (tx.status === 'COMPLETED') return tx;
      if (tx.status && TERMINAL_FAILURES.has(tx.status)) {
        throw new CustodyError(
          `Fireblocks signing transaction ${txId} ${tx.status} (${tx.subStatus ?? 'no reason'})`,
        );
      }
      if (Date.now() >= deadline) throw new CustodyError(`Fireblocks signing transaction ${txId} timed out`);
      await sleep(this.signing.pollIntervalMs);
    }
  }

  /** The wallet's first (permanent) deposit address, read through the paginated endpoint. */
  private async depositAddress(vaultId: string, assetId: CustodyAssetId): Promise<string> {
    const page = await this.call(`read ${assetId} deposit addresses`, () =>
      this.client.vaults.getVaultAccountAssetAddressesPaginated({
        vaultAccountId: vaultId,
        assetId,
        limit: 1,
      }),
    );
    const address = page.addresses?.[0]?.address;
    if (!address) throw new CustodyError(`Fireblocks vault ${vaultId} has no ${assetId} deposit address`);
    return address;
  }

  private toVault(account: VaultAccount, wallets: Wallet[]): CustodyVault {
    return { id: account.id!, name: account.name ?? '', autoFuel: account.autoFuel ?? false, wallets };
  }

  private async call<T>(what: string, request: () => Promise<FireblocksResponse<T>>): Promise<T> {
    try {
      return (await request()).data;
    } catch (error) {
      if (error instanceof FireblocksError) {
        const status = error.response?.statusCode;
        const body = error.response?.data as { message?: string; code?: number } | undefined;
        const detail = body?.message ?? error.message;
        throw new CustodyError(
          `Fireblocks ${what} failed${status ? ` (HTTP ${status}${body?.code ? `, code ${body.code}` : ''})` : ''}: ${detail}`,
          status,
        );
      }
      throw new CustodyError(
        `Fireblocks ${what} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
