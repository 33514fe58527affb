import { ed25519 } from '@noble/curves/ed25519.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { base32nopad, base58, base58xrp, bech32 } from '@scure/base';
import { entropyToMnemonic, mnemonicToSeedWebcrypto } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { HDKey } from '@scure/bip32';
import { HDKey as Slip10Key } from 'micro-key-producer/slip10.js';
import { bytesToHex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import type { CustodyAssetId, Wallet } from '@portal/shared/vault';

/**
 * Address derivation for local HD custody: vault i owns BIP44 account i on every chain. The paths
 * follow each chain's common wallet convention, so the published test vectors apply (BIP84 for
 * Bitcoin testnet, SLIP-10 ed25519 for Solana, SEP-0005 for Stellar).
 */
export const derivationPath: Record<CustodyAssetId, (account: number) => string> = {
  ETH_TEST5: (i) => `m/44'/60'/${i}'/0/0`,
  BTC_TEST: (i) => `m/84'/1'/${i}'/0/0`,
  SOL_TEST: (i) => `m/44'/501'/${i}'/0'`,
  XRP_TEST: (i) => `m/44'/144'/${i}'/0/0`,
  XLM_TEST: (i) => `m/44'/148'/${i}'`,
};

const MAX_ACCOUNT = 2 ** 31 - 1;

/** The BIP39 seed of the stored entropy (the mnemonic is never kept). */
export async function seedFromEntropy(entropy: Uint8Array): Promise<Uint8Array> {
  return mnemonicToSeedWebcrypto(entropyToMnemonic(entropy, wordlist));
}

function assertAccount(account: number): void {
  if (!Number.isInteger(account) || account < 0 || account > MAX_ACCOUNT) {
    throw new RangeError(`Invalid account index ${account}`);
  }
}

/** Runs `use` with the secp256k1 private key at `path`, then wipes the derived key material. */
function withSecpKey<T>(seed: Uint8Array, path: string, use: (key: HDKey) => T): T {
  const root = HDKey.fromMasterSeed(seed);
  const node = root.derive(path);
  try {
    return use(node);
  } finally {
    node.wipePrivateData();
    root.wipePrivateData();
  }
}

function withEd25519Key<T>(seed: Uint8Array, path: string, use: (key: Slip10Key) => T): T {
  const node = Slip10Key.fromMasterSeed(seed).derive(path);
  try {
    return use(node);
  } finally {
    node.privateKey.fill(0);
  }
}

const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes));

function crc16Xmodem(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** Stellar StrKey: base32(version byte ‖ payload ‖ CRC16-XModem little-endian). */
function stellarStrKey(versionByte: number, payload: Uint8Array): string {
  const body = concatBytes(Uint8Array.of(versionByte), payload);
  const crc = crc16Xmodem(body);
  return base32nopad.encode(concatBytes(body, Uint8Array.of(crc & 0xff, crc >> 8)));
}

const STELLAR_ACCOUNT_ID = 6 << 3; // 'G…'

const addressOf: Record<CustodyAssetId, (seed: Uint8Array, account: number) => string> = {
  ETH_TEST5: (seed, i) =>
    withSecpKey(seed, derivationPath.ETH_TEST5(i), (key) => privateKeyToAddress(bytesToHex(key.privateKey!))),
  // P2WPKH (witness v0, bech32) on testnet: hrp 'tb'.
  BTC_TEST: (seed, i) =>
    withSecpKey(seed, derivationPath.BTC_TEST(i), (key) =>
      bech32.encode('tb', [0, ...bech32.toWords(hash160(key.publicKey!))]),
    ),
  SOL_TEST: (seed, i) =>
    withEd25519Key(seed, derivationPath.SOL_TEST(i), (key) => base58.encode(key.publicKeyRaw)),
  // XRP classic address: type prefix 0x00, account id, double-SHA256 checksum, XRP alphabet.
  XRP_TEST: (seed, i) =>
    withSecpKey(seed, derivationPath.XRP_TEST(i), (key) => {
      const payload = concatBytes(Uint8Array.of(0), hash160(key.publicKey!));
      return base58xrp.encode(concatBytes(payload, sha256(sha256(payload)).slice(0, 4)));
    }),
  XLM_TEST: (seed, i) =>
    withEd25519Key(seed, derivationPath.XLM_TEST(i), (key) =>
      stellarStrKey(STELLAR_ACCOUNT_ID, key.publicKeyRaw),
    ),
};

export function deriveWallets(
  seed: Uint8Array,
  account: number,
  assets: readonly CustodyAssetId[],
): Wallet[] {
  assertAccount(account);
  return assets.map((assetId) => ({ assetId, address: addressOf[assetId](seed, account) }));
}

/** Hands the vault's EVM private key to `use` and wipes it afterwards; it never leaves this call. */
export async function withEvmPrivateKey<T>(
  seed: Uint8Array,
  account: number,
  use: (privateKey: `0x${string}`) => Promise<T>,
): Promise<T> {
  assertAccount(account);
  const root = HDKey.fromMasterSeed(seed);
  const node = root.derive(derivationPath.ETH_TEST5(account));
  try {
    return await use(bytesToHex(node.privateKey!));
  } finally {
    node.wipePrivateData();
    root.wipePrivateData();
  }
}

/**
 * Signs `message` with the vault's Solana (SLIP-10 ed25519) key, after checking that the key's
 * address is `address` (the one stored for the vault): a wrong account index never signs.
 */
export function signWithSolanaKey(
  seed: Uint8Array,
  account: number,
  address: string,
  message: Uint8Array,
): Uint8Array | undefined {
  assertAccount(account);
  return withEd25519Key(seed, derivationPath.SOL_TEST(account), (key) =>
    base58.encode(key.publicKeyRaw) === address ? ed25519.sign(message, key.privateKey) : undefined,
  );
}

/**
 * Hands the vault's XRP (secp256k1) key pair, hex as the XRP Ledger libraries take it, to `use`
 * after checking that it controls `address`; undefined when it does not. The key is wiped after.
 */
export function withXrpKeyPair<T>(
  seed: Uint8Array,
  account: number,
  address: string,
  use: (keys: { publicKey: string; privateKey: string }) => T,
): T | undefined {
  assertAccount(account);
  return withSecpKey(seed, derivationPath.XRP_TEST(account), (key) => {
    if (addressOf.XRP_TEST(seed, account) !== address) return undefined;
    // ripple-keypairs marks a secp256k1 private key with a leading 00 byte.
    return use({
      publicKey: bytesToHex(key.publicKey!).slice(2).toUpperCase(),
      privateKey: `00${bytesToHex(key.privateKey!).slice(2).toUpperCase()}`,
    });
  });
}

/**
 * Hands the vault's Stellar (SEP-0005) ed25519 private key, the raw 32 bytes the Stellar SDK
 * takes, to `use` after checking that it controls `address`; undefined when it does not. The key
 * is wiped after.
 */
export function withStellarKey<T>(
  seed: Uint8Array,
  account: number,
  address: string,
  use: (rawSeed: Uint8Array) => T,
): T | undefined {
  assertAccount(account);
  return withEd25519Key(seed, derivationPath.XLM_TEST(account), (key) =>
    stellarStrKey(STELLAR_ACCOUNT_ID, key.publicKeyRaw) === address ? use(key.privateKey) : undefined,
  );
}
