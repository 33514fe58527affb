import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Networks, StrKey } from '@stellar/stellar-sdk';
import { z } from 'zod';
import { CUSTODY_ASSET_IDS, CustodyAssetIdSchema } from '@portal/shared/vault';
import { FAULT_POINTS } from './fault-points.js';

/**
 * The only module that reads the environment (docs/architecture.md). Each variable is declared
 * once, in EnvSchema (how it is read, its default); the Config type is what loadConfig builds from
 * the parsed values. An invalid or unknown value stops the process with a message naming the
 * variable. Adapters are chosen with `<PORT>_PROVIDER=embedded|<vendor>` (ADR 53).
 */

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const text = (fallback: string) => z.preprocess(emptyToUndefined, z.string().default(fallback));
const whole = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const int = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(emptyToUndefined, whole(min, max).default(fallback));
const url = (protocols: string[]) =>
  z.preprocess(
    emptyToUndefined,
    z
      .url({ error: 'expected a URL' })
      .refine((u) => URL.canParse(u) && protocols.includes(new URL(u).protocol), {
        error: `expected a ${protocols.map((p) => p.replace(':', '')).join(' or ')} URL`,
      })
      .optional(),
  );
const remote = url(['https:', 'http:']);
const oneOf = <T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.preprocess(
    emptyToUndefined,
    z.enum(values, { error: `expected one of ${values.join(', ')}` }).default(fallback as never),
  );
const flag = (fallback: 'true' | 'false') =>
  oneOf(['true', 'false'] as const, fallback).transform((v) => v === 'true');
/** An adapter choice: the built-in one is always named `embedded` (ADR 53). */
const provider = <T extends readonly [string, ...string[]]>(vendors: T) =>
  oneOf(['embedded', ...vendors] as const, 'embedded');
/** NAME and NAME_FILE, the path of a mounted secret that holds the value; read with `fromFile`. */
const withFile = <N extends string, S extends z.ZodType>(name: N, schema: S) =>
  ({ [name]: schema, [`${name}_FILE`]: optionalString }) as Record<N, S> &
    Record<`${N}_FILE`, typeof optionalString>;

function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Every variable the portal reads, each once. README.md's configuration table is checked against it. */
export const EnvSchema = z.object({
  NODE_ENV: oneOf(['development', 'production', 'test'] as const, 'development'),
  PORT: int(3000, 0, 65535),
  HOST: text('127.0.0.1'),
  PUBLIC_URL: url(['http:', 'https:']),
  DATA_DIR: text('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(false|\d{1,2}|[0-9a-fA-F.:/,\s]+)$/, {
        error: 'expected false, a hop count, or a comma-separated list of proxy addresses',
      })
      .default('false')
      .transform(parseTrustProxy),
  ),
  BODY_LIMIT: int(256 * 1024, 1024, 50 * 1024 * 1024),
  ...withFile(
    'MASTER_KEY',
    z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((v) => Buffer.from(v, 'base64').length === 32, { error: 'expected 32 bytes, base64-encoded' })
        .optional(),
    ),
  ),
  MAIL_PROVIDER: provider(['smtp'] as const),
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: text('Investor Portal <no-reply@portal.localhost>'),
  SESSION_IDLE_MINUTES: int(30, 1, 60 * 24 * 30),
  SESSION_ABSOLUTE_HOURS: int(12, 1, 24 * 90),
  RATE_LIMIT_API_PER_MINUTE: int(600, 1),
  RATE_LIMIT_LOGIN_FAILURES_PER_HOUR: int(100, 1, 100),
  RATE_LIMIT_LOGIN_BACKOFF_AFTER: int(5, 1),
  RATE_LIMIT_LOGIN_IP_FAILURES_PER_HOUR: int(100, 1),
  RATE_LIMIT_REGISTER_PER_IP_PER_HOUR: int(10, 1),
  RATE_LIMIT_FORGOT_PER_ACCOUNT_PER_HOUR: int(3, 1),
  RATE_LIMIT_FORGOT_PER_IP_PER_HOUR: int(20, 1),
  RATE_LIMIT_CREDENTIAL_VERIFY_PER_MINUTE: int(60, 1),
  // Second-factor codes per client address a minute (each sign-in ticket also allows only five).
  RATE_LIMIT_TWO_FACTOR_PER_MINUTE: int(10, 1),
  // Google sign-in starts and callbacks per client address a minute (ADR 45).
  RATE_LIMIT_GOOGLE_PER_MINUTE: int(20, 1),
  WEB_DIST_DIR: optionalString,
  CUSTODY_PROVIDER: provider(['fireblocks'] as const),
  FIREBLOCKS_API_KEY: optionalString,
  ...withFile('FIREBLOCKS_SECRET_KEY', optionalString),
  FIREBLOCKS_BASE_URL: remote,
  FIREBLOCKS_WEBHOOK_JWKS_URL: remote,
  FIREBLOCKS_ASSETS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default(CUSTODY_ASSET_IDS.join(','))
      .transform((list) => list.split(',').map((asset) => asset.trim()))
      .pipe(
        z
          .array(CustodyAssetIdSchema, {
            error: `expected a comma-separated list of ${CUSTODY_ASSET_IDS.join(', ')}`,
          })
          .min(1),
      ),
  ),
  KYC_PROVIDER: provider(['sumsub'] as const),
  // No default here: production must choose (see load); elsewhere it defaults to true.
  KYC_SANDBOX_AUTO_APPROVE: z.preprocess(
    emptyToUndefined,
    z.enum(['true', 'false'], { error: 'expected one of true, false' }).optional(),
  ),
  SUMSUB_APP_TOKEN: optionalString,
  SUMSUB_SECRET_KEY: optionalString,
  SUMSUB_BASE_URL: remote,
  SUMSUB_LEVEL_NAME: z.preprocess(emptyToUndefined, z.string().max(200).default('basic-kyc-level')),
  SUMSUB_WEBHOOK_SECRET: optionalString,
  // HMAC_SHA1_HEX is refused: the algorithm is pinned here, never taken from the request.
  SUMSUB_WEBHOOK_ALG: oneOf(['HMAC_SHA256_HEX', 'HMAC_SHA512_HEX'] as const, 'HMAC_SHA256_HEX'),
  SUMSUB_WEBSDK_URL: remote,
  CHAIN_PROVIDER: provider(['rpc'] as const),
  CHAIN_RPC_URL: remote,
  CHAIN_ID: z.preprocess(emptyToUndefined, whole(1, 2 ** 32).optional()),
  ...withFile('PLATFORM_PRIVATE_KEY', optionalString),
  EXPLORER_URL: remote,
  FAUCET_AMOUNT_WEI: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{1,30}$/, { error: 'expected an amount in wei (digits only)' })
      .transform(BigInt)
      .optional(),
  ),
  CHAIN_REPLACE_AFTER_SECONDS: int(120, 1, 86_400),
  // The test stablecoin on a remote chain (ADR 70), e.g. Sepolia USDC; unset there: no stablecoin.
  STABLECOIN_ADDRESS: optionalString,
  STABLECOIN_MINT: optionalString,
  // Where the web sends users for test coins when the chain is remote (ADR 70).
  ETH_PUBLIC_FAUCET_URL: remote,
  SOLANA_PUBLIC_FAUCET_URL: remote,
  SOLANA_PROVIDER: provider(['rpc'] as const),
  SOLANA_RPC_URL: remote,
  SOLANA_EXPLORER_URL: remote,
  // The XRP Ledger has no embedded engine (ADR 66): tokens there need a node and a funded account.
  XRPL_URL: url(['wss:', 'ws:']),
  ...withFile('XRPL_PLATFORM_SEED', optionalString),
  XRPL_EXPLORER_URL: remote,
  // Stellar likewise (ADR 66): a Horizon server and a funded platform account.
  STELLAR_HORIZON_URL: remote,
  ...withFile('STELLAR_PLATFORM_SECRET', optionalString),
  STELLAR_NETWORK_PASSPHRASE: optionalString,
  STELLAR_EXPLORER_URL: remote,
  IPFS_PROVIDER: provider(['kubo', 'pinata'] as const),
  KUBO_API_URL: remote,
  PINATA_JWT: optionalString,
  PINATA_UPLOAD_URL: remote,
  IPFS_GATEWAY_URL: remote,
  SEED_DEMO: flag('true'),
  // false: this API process runs no jobs; `npm run worker` processes do (several processes, ADR 44).
  RUN_JOBS: flag('true'),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, { error: 'expected at least 16 characters' }).max(200).optional(),
  ),
  MARKETPLACE_CACHE_MS: int(1000, 0, 60_000),
  // Google sign-in (OpenID Connect, ADR 45): on only when the client id and secret are both set.
  GOOGLE_CLIENT_ID: optionalString,
  ...withFile('GOOGLE_CLIENT_SECRET', optionalString),
  GOOGLE_ISSUER: remote,
  // Crash tests only (fault-points.ts): the process kills itself (SIGKILL) at this point.
  FAULT_AT: z.preprocess(emptyToUndefined, z.enum(FAULT_POINTS).optional()),
});

type Parsed = z.infer<typeof EnvSchema>;
/** The variables declared `withFile`: NAME for each NAME_FILE. */
type FileVariable = {
  [K in keyof Parsed]-?: K extends `${infer Name}_FILE` ? Name & keyof Parsed : never;
}[keyof Parsed];

/** Names from before the one adapter convention (ADR 53): still read, with a warning at boot. */
export const FORMER_NAMES = { CHAIN: 'CHAIN_PROVIDER', SOLANA: 'SOLANA_PROVIDER' } as const;
/** Former names of the embedded adapters, likewise. */
const FORMER_VALUES: Record<string, Record<string, string>> = {
  CUSTODY_PROVIDER: { local: 'embedded' },
  KYC_PROVIDER: { sandbox: 'embedded' },
};

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** What a section builder reports to: its problems stop the boot, each naming a variable. */
interface Report {
  problems: string[];
  /** The name the operator used for a variable (a former name, if that is what they set). */
  said: (name: string) => string;
}

/**
 * Rewrites former names and values to the convention, one warning each. Problems then name the
 * variable as the operator wrote it, so the message matches their environment.
 */
function adoptFormerNames(env: Env): { env: Env; warnings: string[]; report: Report } {
  const current: Env = { ...env };
  const warnings: string[] = [];
  const problems: string[] = [];
  const formerOf = new Map<string, string>();
  for (const [former, name] of Object.entries(FORMER_NAMES)) {
    const value = emptyToUndefined(env[former]) as string | undefined;
    if (value === undefined) continue;
    if (emptyToUndefined(env[name]) !== undefined) {
      problems.push(`${former}: set only ${name} (${former} is its former name)`);
      continue;
    }
    current[name] = value;
    formerOf.set(name, former);
    warnings.push(`${former} is a former name: set ${name}=${value} instead`);
  }
  for (const [name, values] of Object.entries(FORMER_VALUES)) {
    const now = values[current[name] ?? ''];
    if (!now) continue;
    warnings.push(`${name}=${current[name]} is a former value: set ${name}=${now} instead`);
    current[name] = now;
  }
  if (emptyToUndefined(current.SMTP_URL)) {
    if (!emptyToUndefined(current.MAIL_PROVIDER)) {
      // Mail used to go over SMTP whenever SMTP_URL was set; it still does.
      current.MAIL_PROVIDER = 'smtp';
      warnings.push('SMTP_URL without MAIL_PROVIDER: set MAIL_PROVIDER=smtp');
    } else if (current.MAIL_PROVIDER === 'embedded') {
      warnings.push('SMTP_URL is ignored with MAIL_PROVIDER=embedded: mail stays in the admin outbox');
    }
  }
  return { env: current, warnings, report: { problems, said: (name) => formerOf.get(name) ?? name } };
}

/**
 * NAME or NAME_FILE, never both: the value (read from the file when that is the one set, unless
 * `read` is false) and the variable it came from, for later problems to name. `required` says
 * when one of them must be set.
 */
function fromFile(
  e: Parsed,
  name: FileVariable,
  { problems }: Report,
  { required, read = true }: { required?: string | undefined; read?: boolean } = {},
): { value: string | undefined; variable: string } {
  const inline = e[name];
  const file = e[`${name}_FILE`];
  if (inline && file) problems.push(`${name}_FILE: set either ${name} or ${name}_FILE`);
  if (inline || !file || !read) {
    if (!inline && !file && required) problems.push(`${name}: required ${required} (or set ${name}_FILE)`);
    return { value: inline, variable: name };
  }
  const variable = `${name}_FILE`;
  try {
    const value = readFileSync(file, 'utf8');
    if (value.trim()) return { value, variable };
    problems.push(`${variable}: ${file} is empty`);
  } catch {
    problems.push(`${variable}: cannot read ${file}`);
  }
  return { value: undefined, variable };
}

const trimSlashes = (value: string) => value.replace(/\/+$/, '');

/** Provider endpoints are https; plain http is accepted only for a server on this machine. */
function secureUrl(name: string, value: string, { problems }: Report): string {
  const { protocol, hostname } = new URL(value);
  if (protocol !== 'https:' && !['127.0.0.1', 'localhost', '[::1]'].includes(hostname)) {
    problems.push(`${name}: expected an https URL (http only for a local server)`);
  }
  return trimSlashes(value);
}

/** A missing value the chosen adapter needs fails the boot naming the variable. */
function need(name: keyof Parsed, e: Parsed, report: Report, when: string): string {
  const value = e[name];
  if (!value) report.problems.push(`${name}: required when ${when}`);
  return typeof value === 'string' ? value : '';
}

/** Sumsub needs its keys; a missing one fails the boot naming the variable. */
function sumsubConfig(e: Parsed, report: Report) {
  const when = 'KYC_PROVIDER=sumsub';
  return {
    appToken: need('SUMSUB_APP_TOKEN', e, report, when),
    secretKey: need('SUMSUB_SECRET_KEY', e, report, when),
    webhookSecret: need('SUMSUB_WEBHOOK_SECRET', e, report, when),
    baseUrl: secureUrl('SUMSUB_BASE_URL', e.SUMSUB_BASE_URL ?? 'https://api.sumsub.com', report),
    /** Origin of the WebSDK iframe (allowed in frame-src). */
    websdkUrl: secureUrl('SUMSUB_WEBSDK_URL', e.SUMSUB_WEBSDK_URL ?? 'https://in.sumsub.com', report),
    levelName: e.SUMSUB_LEVEL_NAME,
    webhookAlg: e.SUMSUB_WEBHOOK_ALG,
  };
}

/** Fireblocks needs its API key and RSA secret key; a missing one fails the boot naming the variable. */
function fireblocksConfig(e: Parsed, report: Report) {
  const when = 'CUSTODY_PROVIDER=fireblocks';
  const apiKey = need('FIREBLOCKS_API_KEY', e, report, when);
  const key = fromFile(e, 'FIREBLOCKS_SECRET_KEY', report, { required: `when ${when}` });
  // Env files often carry the PEM with literal \n; the key itself is never echoed back.
  const secretKey = key.value?.replace(/\\n/g, '\n');
  if (secretKey) {
    try {
      if (createPrivateKey(secretKey).asymmetricKeyType !== 'rsa') throw new Error('not RSA');
    } catch {
      report.problems.push(`${key.variable}: expected the API user's RSA private key in PEM format`);
    }
  }
  const baseUrl = secureUrl(
    'FIREBLOCKS_BASE_URL',
    e.FIREBLOCKS_BASE_URL ?? 'https://sandbox-api.fireblocks.io/v1',
    report,
  );
  const webhookJwksUrl = secureUrl(
    'FIREBLOCKS_WEBHOOK_JWKS_URL',
    e.FIREBLOCKS_WEBHOOK_JWKS_URL ?? 'https://sandbox-keys.fireblocks.io/.well-known/jwks.json',
    report,
  );
  if (!apiKey || !secretKey) return undefined;
  /** secretKey: the API user's RSA private key, PEM. */
  return { apiKey, secretKey, baseUrl, webhookJwksUrl, assets: e.FIREBLOCKS_ASSETS };
}

const PRIVATE_KEY = /^0x[0-9a-fA-F]{64}$/;

/** A node needs its URL and a funded platform key (inline or from a file, never both). */
function chainConfig(e: Parsed, publicUrl: string, report: Report) {
  const common = {
    /** A platform transaction still pending this long is sent again with higher fees (ADR 38). */
    replaceAfterMs: e.CHAIN_REPLACE_AFTER_SECONDS * 1000,
  };
  if (e.CHAIN_PROVIDER === 'embedded') {
    return {
      kind: 'embedded' as const,
      chainId: e.CHAIN_ID ?? 31337,
      /** Where explorer links point: `${explorerUrl}/tx/<hash>`, `${explorerUrl}/address/<address>`. */
      explorerUrl: trimSlashes(e.EXPLORER_URL ?? `${publicUrl}/explorer`),
      /** Auto-fuel tops new vault ETH addresses up to this balance; 0 turns it off. */
      faucetAmountWei: e.FAUCET_AMOUNT_WEI ?? 10n ** 17n,
      ...common,
    };
  }
  const when = `${report.said('CHAIN_PROVIDER')}=rpc`;
  const rpcUrl = need('CHAIN_RPC_URL', e, report, when);
  const key = fromFile(e, 'PLATFORM_PRIVATE_KEY', report, { required: `when ${when}` });
  const platformPrivateKey = key.value?.trim();
  if (platformPrivateKey && !PRIVATE_KEY.test(platformPrivateKey)) {
    report.problems.push(`${key.variable}: expected 0x followed by 64 hex digits`);
  }
  return {
    kind: 'rpc' as const,
    rpcUrl,
    /** Checked against the node's eth_chainId at boot when set. */
    expectedChainId: e.CHAIN_ID,
    platformPrivateKey: (platformPrivateKey ?? '0x') as `0x${string}`,
    explorerUrl: trimSlashes(e.EXPLORER_URL ?? 'https://sepolia.etherscan.io'),
    // Real testnet ETH is scarce: auto-fuel from the platform key is opt-in on a remote chain.
    faucetAmountWei: e.FAUCET_AMOUNT_WEI ?? 0n,
    ...common,
  };
}

/** A Solana node needs its URL (https, or http on this machine); devnet's explorer by default. */
function solanaConfig(e: Parsed, publicUrl: string, report: Report) {
  if (e.SOLANA_PROVIDER === 'embedded') {
    return {
      kind: 'embedded' as const,
      /**
       * Explorer links: `/tx/<signature>` and `/address/<address>` are appended to its path; its
       * query (e.g. `?cluster=devnet`) is kept.
       */
      explorerUrl: e.SOLANA_EXPLORER_URL ?? `${publicUrl}/explorer/solana`,
    };
  }
  const rpcUrl = need('SOLANA_RPC_URL', e, report, `${report.said('SOLANA_PROVIDER')}=rpc`);
  return {
    kind: 'rpc' as const,
    rpcUrl: rpcUrl && secureUrl('SOLANA_RPC_URL', rpcUrl, report),
    explorerUrl: e.SOLANA_EXPLORER_URL ?? 'https://explorer.solana.com/?cluster=devnet',
  };
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * The stablecoin on remote chains and the public faucets (ADR 70). The embedded chains deploy
 * their own Test USD, so the addresses are read only under rpc and refused otherwise.
 */
function faucetConfig(e: Parsed, report: Report) {
  const { problems } = report;
  if (e.STABLECOIN_ADDRESS !== undefined) {
    if (e.CHAIN_PROVIDER !== 'rpc') {
      problems.push(
        `STABLECOIN_ADDRESS: only with ${report.said('CHAIN_PROVIDER')}=rpc (the embedded chain deploys Test USD)`,
      );
    } else if (!EVM_ADDRESS.test(e.STABLECOIN_ADDRESS)) {
      problems.push('STABLECOIN_ADDRESS: expected 0x followed by 40 hex digits');
    }
  }
  if (e.STABLECOIN_MINT !== undefined) {
    if (e.SOLANA_PROVIDER !== 'rpc') {
      problems.push(
        `STABLECOIN_MINT: only with ${report.said('SOLANA_PROVIDER')}=rpc (the embedded Solana creates Test USD)`,
      );
    } else if (!SOLANA_ADDRESS.test(e.STABLECOIN_MINT)) {
      problems.push('STABLECOIN_MINT: expected a base58 Solana address');
    }
  }
  return {
    /** The configured ERC-20 under CHAIN=rpc; undefined on the embedded chain (Test USD) or when unset. */
    stablecoinAddress:
      e.CHAIN_PROVIDER === 'rpc' ? (e.STABLECOIN_ADDRESS as `0x${string}` | undefined) : undefined,
    /** The configured mint under SOLANA=rpc; undefined otherwise. */
    stablecoinMint: e.SOLANA_PROVIDER === 'rpc' ? e.STABLECOIN_MINT : undefined,
    publicFaucets: {
      ethereum: trimSlashes(e.ETH_PUBLIC_FAUCET_URL ?? 'https://sepoliafaucet.com'),
      solana: trimSlashes(e.SOLANA_PUBLIC_FAUCET_URL ?? 'https://faucet.solana.com'),
    },
  };
}

const XRPL_SEED = /^s[1-9A-HJ-NP-Za-km-z]{24,34}$/;

/**
 * The XRP Ledger, when an operator points the portal at a node (wss, or ws on this machine) with
 * a funded platform account; undefined (no Ripple tokens) when XRPL_URL is unset.
 */
function xrplConfig(e: Parsed, report: Report) {
  const seed = fromFile(e, 'XRPL_PLATFORM_SEED', report, {
    required: e.XRPL_URL ? 'when XRPL_URL is set' : undefined,
  });
  const platformSeed = seed.value?.trim();
  if (!e.XRPL_URL) {
    if (platformSeed) report.problems.push('XRPL_URL: required when an XRPL platform seed is set');
    return undefined;
  }
  const { protocol, hostname } = new URL(e.XRPL_URL);
  if (protocol !== 'wss:' && !['127.0.0.1', 'localhost', '[::1]'].includes(hostname)) {
    report.problems.push('XRPL_URL: expected a wss URL (ws only for a local node)');
  }
  if (platformSeed && !XRPL_SEED.test(platformSeed)) {
    report.problems.push(`${seed.variable}: expected an XRPL family seed (s…)`);
  }
  if (!platformSeed) return undefined;
  return {
    url: e.XRPL_URL,
    platformSeed,
    /** Explorer links: `${explorerUrl}/transactions/<hash>`, `${explorerUrl}/accounts/<address>`. */
    explorerUrl: trimSlashes(e.XRPL_EXPLORER_URL ?? 'https://testnet.xrpl.org'),
  };
}

/**
 * Stellar, when an operator points the portal at a Horizon server (https, or http on this
 * machine) with a funded platform account; undefined (no Stellar tokens) when
 * STELLAR_HORIZON_URL is unset. The network defaults to the public testnet's.
 */
function stellarConfig(e: Parsed, report: Report) {
  const secret = fromFile(e, 'STELLAR_PLATFORM_SECRET', report, {
    required: e.STELLAR_HORIZON_URL ? 'when STELLAR_HORIZON_URL is set' : undefined,
  });
  const platformSecret = secret.value?.trim();
  if (!e.STELLAR_HORIZON_URL) {
    if (platformSecret) {
      report.problems.push('STELLAR_HORIZON_URL: required when a Stellar platform secret is set');
    }
    return undefined;
  }
  const horizonUrl = secureUrl('STELLAR_HORIZON_URL', e.STELLAR_HORIZON_URL, report);
  if (platformSecret && !StrKey.isValidEd25519SecretSeed(platformSecret)) {
    report.problems.push(`${secret.variable}: expected a Stellar secret seed (S…)`);
  }
  if (!platformSecret) return undefined;
  return {
    horizonUrl,
    platformSecret,
    networkPassphrase: e.STELLAR_NETWORK_PASSPHRASE ?? Networks.TESTNET,
    /** Explorer links: `${explorerUrl}/tx/<hash>`, `/account/<G…>`, `/asset/<CODE>-<issuer>`. */
    explorerUrl: trimSlashes(e.STELLAR_EXPLORER_URL ?? 'https://stellar.expert/explorer/testnet'),
  };
}

/** A remote IPFS service needs its endpoint or token; pinning there is opt-in (IPFS cannot forget). */
function ipfsConfig(e: Parsed, publicUrl: string, report: Report) {
  /** Public base of document links: `${gatewayUrl}/<cid>`. */
  const gatewayUrl = trimSlashes(e.IPFS_GATEWAY_URL ?? `${publicUrl}/ipfs`);
  switch (e.IPFS_PROVIDER) {
    case 'embedded':
      return { provider: 'embedded' as const, gatewayUrl };
    case 'kubo':
      return {
        provider: 'kubo' as const,
        gatewayUrl,
        kuboApiUrl: trimSlashes(need('KUBO_API_URL', e, report, 'IPFS_PROVIDER=kubo')),
      };
    case 'pinata':
      return {
        provider: 'pinata' as const,
        gatewayUrl,
        pinataJwt: need('PINATA_JWT', e, report, 'IPFS_PROVIDER=pinata'),
        pinataUploadUrl: secureUrl(
          'PINATA_UPLOAD_URL',
          e.PINATA_UPLOAD_URL ?? 'https://uploads.pinata.cloud/v3/files',
          report,
        ),
      };
  }
}

/** Google needs both its client id and secret (inline or from a file); neither leaves it off. */
function googleConfig(e: Parsed, publicUrl: string, report: Report) {
  const secret = fromFile(e, 'GOOGLE_CLIENT_SECRET', report, {
    required: e.GOOGLE_CLIENT_ID ? 'when GOOGLE_CLIENT_ID is set' : undefined,
  }).value?.trim();
  /** The OpenID issuer whose discovery document is read (Google's, or a local provider in tests). */
  const issuer = secureUrl('GOOGLE_ISSUER', e.GOOGLE_ISSUER ?? 'https://accounts.google.com', report);
  if (secret && !e.GOOGLE_CLIENT_ID) {
    report.problems.push('GOOGLE_CLIENT_ID: required when a Google client secret is set');
  }
  if (!e.GOOGLE_CLIENT_ID || !secret) return undefined;
  return {
    clientId: e.GOOGLE_CLIENT_ID,
    clientSecret: secret,
    issuer,
    /** Registered with Google as the authorized redirect URI: `${PUBLIC_URL}/api/auth/google/callback`. */
    redirectUri: `${publicUrl}/api/auth/google/callback`,
  };
}

/**
 * Processes that split the work (APIs without jobs, workers) must share every backend: one
 * PostgreSQL, and chains they all reach. The embedded chains live inside one process.
 */
function sharedBackendProblems(e: Parsed, reason: string, { problems, said }: Report): void {
  if (!e.DATABASE_URL)
    problems.push(`DATABASE_URL: required with ${reason} (processes share one PostgreSQL)`);
  if (e.CHAIN_PROVIDER !== 'rpc') {
    problems.push(
      `${said('CHAIN_PROVIDER')}: must be rpc with ${reason} (the embedded chain lives in one process)`,
    );
  }
  if (e.SOLANA_PROVIDER !== 'rpc') {
    problems.push(
      `${said('SOLANA_PROVIDER')}: must be rpc with ${reason} (the embedded Solana VM lives in one process)`,
    );
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** `split`: why this process must share its backends with others (a worker), if it must. */
function load(env: Env, split?: string) {
  const adopted = adoptFormerNames(env);
  const { report } = adopted;
  const parsed = EnvSchema.safeParse(adopted.env);
  if (!parsed.success) {
    throw new ConfigError([
      ...report.problems,
      ...parsed.error.issues.map((issue) => `${report.said(issue.path.join('.'))}: ${issue.message}`),
    ]);
  }
  const e = parsed.data;
  const { problems } = report;
  const production = e.NODE_ENV === 'production';
  // The key file is read (or generated) by secrets/master-key.ts. Several processes share one
  // database, so a key generated on one host would lock the others out.
  fromFile(e, 'MASTER_KEY', report, {
    read: false,
    required: production && e.DATABASE_URL ? 'in production with DATABASE_URL' : undefined,
  });
  if (production && e.KYC_PROVIDER === 'embedded' && !e.KYC_SANDBOX_AUTO_APPROVE) {
    // Safe defaults: a production portal must never approve every applicant by accident.
    problems.push(
      'KYC_SANDBOX_AUTO_APPROVE: must be set explicitly in production with the KYC sandbox ' +
        '(false: a reviewer decides every application; true: everyone is approved), or use KYC_PROVIDER=sumsub',
    );
  }
  const mailWhen = 'MAIL_PROVIDER=smtp';
  const smtpUrl = e.MAIL_PROVIDER === 'smtp' ? need('SMTP_URL', e, report, mailWhen) : undefined;
  const sumsub = e.KYC_PROVIDER === 'sumsub' ? sumsubConfig(e, report) : undefined;
  const fireblocks = e.CUSTODY_PROVIDER === 'fireblocks' ? fireblocksConfig(e, report) : undefined;
  const publicHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  const publicUrl = trimSlashes(
    e.PUBLIC_URL ?? `http://${publicHost.includes(':') ? `[${publicHost}]` : publicHost}:${e.PORT}`,
  );
  const chain = chainConfig(e, publicUrl, report);
  const solana = solanaConfig(e, publicUrl, report);
  const xrpl = xrplConfig(e, report);
  const stellar = stellarConfig(e, report);
  const ipfs = ipfsConfig(e, publicUrl, report);
  const google = googleConfig(e, publicUrl, report);
  const faucet = faucetConfig(e, report);
  const splitBy = split ?? (e.RUN_JOBS ? undefined : 'RUN_JOBS=false');
  if (splitBy) sharedBackendProblems(e, splitBy, report);
  if (production && e.FAULT_AT) problems.push('FAULT_AT: crash tests only, not in production');
  if (problems.length) throw new ConfigError(problems);

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL as string,
    trustProxy: e.TRUST_PROXY,
    bodyLimit: e.BODY_LIMIT,
    masterKey: { base64: e.MASTER_KEY, file: e.MASTER_KEY_FILE },
    /** smtpUrl is set exactly when mail goes over SMTP; otherwise it stays in the admin outbox. */
    mail: { smtpUrl, from: e.MAIL_FROM },
    session: {
      idleMinutes: e.SESSION_IDLE_MINUTES,
      absoluteHours: e.SESSION_ABSOLUTE_HOURS,
      accessTokenSeconds: 15 * 60,
    },
    rateLimits: {
      apiPerMinute: e.RATE_LIMIT_API_PER_MINUTE,
      loginFailuresPerHour: e.RATE_LIMIT_LOGIN_FAILURES_PER_HOUR,
      loginBackoffAfter: e.RATE_LIMIT_LOGIN_BACKOFF_AFTER,
      loginIpFailuresPerHour: e.RATE_LIMIT_LOGIN_IP_FAILURES_PER_HOUR,
      registerPerIpPerHour: e.RATE_LIMIT_REGISTER_PER_IP_PER_HOUR,
      forgotPerAccountPerHour: e.RATE_LIMIT_FORGOT_PER_ACCOUNT_PER_HOUR,
      forgotPerIpPerHour: e.RATE_LIMIT_FORGOT_PER_IP_PER_HOUR,
      credentialVerifyPerMinute: e.RATE_LIMIT_CREDENTIAL_VERIFY_PER_MINUTE,
      twoFactorPerMinute: e.RATE_LIMIT_TWO_FACTOR_PER_MINUTE,
      googlePerMinute: e.RATE_LIMIT_GOOGLE_PER_MINUTE,
    },
    custody: fireblocks
      ? { provider: 'fireblocks' as const, fireblocks }
      : // The embedded adapter keeps its recorded name: vaults store and answer `local`.
        { provider: 'local' as const },
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(here, '../../web/dist')),
    /** Seed the demo issuer and its market on an empty database. */
    seedDemo: e.SEED_DEMO,
    /** Whether this API process runs the job workers (RUN_JOBS); a worker process always does. */
    runJobs: e.RUN_JOBS,
    /** The bearer token that reads GET /metrics; unset, the route answers 404. */
    metricsToken: e.METRICS_TOKEN,
    /** How long a marketplace page may be served from memory (changes here clear it at once). */
    marketplaceCacheMs: e.MARKETPLACE_CACHE_MS,
    kyc: {
      // The embedded adapter keeps its recorded name: applications store `sandbox`.
      provider: e.KYC_PROVIDER === 'embedded' ? ('sandbox' as const) : ('sumsub' as const),
      sandboxAutoApprove: (e.KYC_SANDBOX_AUTO_APPROVE ?? 'true') === 'true',
      /** The sandbox's verification page (apps/web/public/websdk), served by the API. */
      websdkDir: path.join(here, '../../web/public/websdk'),
      /** Set exactly when provider is sumsub. */
      sumsub,
    },
    chain,
    solana,
    /** The XRP Ledger node and platform account; undefined when not configured (no Ripple tokens). */
    xrpl,
    /** The Horizon server, network and platform account; undefined when not configured (no Stellar tokens). */
    stellar,
    ipfs,
    /** Google sign-in and registration; undefined (off, buttons hidden) unless configured. */
    google,
    /** The test stablecoin on remote chains and the public faucets linked there (ADR 70). */
    faucet,
    /** Where a crash test wants this process killed (fault-points.ts); never set in production. */
    faultAt: e.FAULT_AT,
    /** Former names and values in use (ADR 53): logged as warnings at boot. */
    warnings: adopted.warnings,
  };
}

export type Config = ReturnType<typeof load>;
export type ChainConfig = Config['chain'];
export type SolanaConfig = Config['solana'];
export type XrplConfig = NonNullable<Config['xrpl']>;
export type StellarConfig = NonNullable<Config['stellar']>;
export type IpfsConfig = Config['ipfs'];
export type KycConfig = Config['kyc'];
export type SumsubConfig = NonNullable<KycConfig['sumsub']>;
export type CustodyConfig = Config['custody'];
export type FireblocksConfig = NonNullable<ReturnType<typeof fireblocksConfig>>;
export type GoogleConfig = NonNullable<Config['google']>;
export type FaucetConfig = Config['faucet'];

export function loadConfig(env: Env = process.env): Config {
  return load(env);
}

/** The configuration of a worker process (`npm run worker`): the API's, on shared backends. */
export function loadWorkerConfig(env: Env = process.env): Config {
  return load({ ...env, RUN_JOBS: 'true' }, 'npm run worker');
}
