import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CUSTODY_ASSET_IDS, CustodyAssetIdSchema, type CustodyAssetId } from '@portal/shared/vault';
import { FAULT_POINTS, type FaultPoint } from './fault-points.js';

/**
 * The only module that reads the environment (DESIGN §7). Every variable is validated once at
 * boot; an invalid or unknown value stops the process with a message naming the variable.
 */

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const int = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));
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
const oneOf = <T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.preprocess(
    emptyToUndefined,
    z.enum(values, { error: `expected one of ${values.join(', ')}` }).default(fallback as never),
  );

const EnvSchema = z.object({
  NODE_ENV: oneOf(['development', 'production', 'test'] as const, 'development'),
  PORT: int(3000, 0, 65535),
  HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  PUBLIC_URL: url(['http:', 'https:']),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(false|\d{1,2}|[0-9a-fA-F.:/,\s]+)$/, {
        error: 'expected false, a hop count, or a comma-separated list of proxy addresses',
      })
      .default('false'),
  ),
  BODY_LIMIT: int(256 * 1024, 1024, 50 * 1024 * 1024),
  MASTER_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, { error: 'expected 32 bytes, base64-encoded' })
      .optional(),
  ),
  MASTER_KEY_FILE: optionalString,
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z.string().default('Investor Portal <no-reply@portal.localhost>'),
  ),
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
  CUSTODY_PROVIDER: oneOf(['local', 'fireblocks'] as const, 'local'),
  FIREBLOCKS_API_KEY: optionalString,
  FIREBLOCKS_SECRET_KEY: optionalString,
  FIREBLOCKS_SECRET_KEY_FILE: optionalString,
  FIREBLOCKS_BASE_URL: url(['https:', 'http:']),
  FIREBLOCKS_WEBHOOK_JWKS_URL: url(['https:', 'http:']),
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
  KYC_PROVIDER: oneOf(['sandbox', 'sumsub'] as const, 'sandbox'),
  // No default here: production must choose (see loadConfig); elsewhere it defaults to true.
  KYC_SANDBOX_AUTO_APPROVE: z.preprocess(
    emptyToUndefined,
    z.enum(['true', 'false'], { error: 'expected one of true, false' }).optional(),
  ),
  SUMSUB_APP_TOKEN: optionalString,
  SUMSUB_SECRET_KEY: optionalString,
  SUMSUB_BASE_URL: url(['https:', 'http:']),
  SUMSUB_LEVEL_NAME: z.preprocess(emptyToUndefined, z.string().max(200).default('basic-kyc-level')),
  SUMSUB_WEBHOOK_SECRET: optionalString,
  // HMAC_SHA1_HEX is refused: the algorithm is pinned here, never taken from the request.
  SUMSUB_WEBHOOK_ALG: oneOf(['HMAC_SHA256_HEX', 'HMAC_SHA512_HEX'] as const, 'HMAC_SHA256_HEX'),
  SUMSUB_WEBSDK_URL: url(['https:', 'http:']),
  CHAIN: oneOf(['embedded', 'rpc'] as const, 'embedded'),
  SEED_DEMO: oneOf(['true', 'false'] as const, 'true'),
  // false: this API process runs no jobs; `npm run worker` processes do (several processes, ADR 44).
  RUN_JOBS: oneOf(['true', 'false'] as const, 'true'),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, { error: 'expected at least 16 characters' }).max(200).optional(),
  ),
  MARKETPLACE_CACHE_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(60_000).default(1000),
  ),
  CHAIN_RPC_URL: url(['https:', 'http:']),
  CHAIN_ID: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(1)
      .max(2 ** 32)
      .optional(),
  ),
  PLATFORM_PRIVATE_KEY: optionalString,
  PLATFORM_PRIVATE_KEY_FILE: optionalString,
  EXPLORER_URL: url(['https:', 'http:']),
  FAUCET_AMOUNT_WEI: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{1,30}$/, { error: 'expected an amount in wei (digits only)' })
      .transform(BigInt)
      .optional(),
  ),
  CHAIN_REPLACE_AFTER_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(86_400).default(120),
  ),
  SOLANA: oneOf(['embedded', 'rpc'] as const, 'embedded'),
  SOLANA_RPC_URL: url(['https:', 'http:']),
  SOLANA_EXPLORER_URL: url(['https:', 'http:']),
  IPFS_PROVIDER: oneOf(['embedded', 'kubo', 'pinata'] as const, 'embedded'),
  KUBO_API_URL: url(['https:', 'http:']),
  PINATA_JWT: optionalString,
  PINATA_UPLOAD_URL: url(['https:', 'http:']),
  IPFS_GATEWAY_URL: url(['https:', 'http:']),
  // Google sign-in (OpenID Connect, ADR 45): on only when the client id and secret are both set.
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_CLIENT_SECRET_FILE: optionalString,
  GOOGLE_ISSUER: url(['https:', 'http:']),
  // Crash tests only (fault-points.ts): the process kills itself (SIGKILL) at this point.
  FAULT_AT: z.preprocess(emptyToUndefined, z.enum(FAULT_POINTS).optional()),
});

export type Env = Record<string, string | undefined>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  trustProxy: boolean | number | string[];
  bodyLimit: number;
  masterKey: { base64: string | undefined; file: string | undefined };
  mail: { smtpUrl: string | undefined; from: string };
  session: { idleMinutes: number; absoluteHours: number; accessTokenSeconds: number };
  rateLimits: {
    apiPerMinute: number;
    loginFailuresPerHour: number;
    loginBackoffAfter: number;
    loginIpFailuresPerHour: number;
    registerPerIpPerHour: number;
    forgotPerAccountPerHour: number;
    forgotPerIpPerHour: number;
    credentialVerifyPerMinute: number;
    twoFactorPerMinute: number;
    googlePerMinute: number;
  };
  custody: CustodyConfig;
  webDistDir: string;
  /** Seed the demo issuer and its market on an empty database. */
  seedDemo: boolean;
  /** Whether this API process runs the job workers (RUN_JOBS); a worker process always does. */
  runJobs: boolean;
  /** The bearer token that reads GET /metrics; unset, the route answers 404. */
  metricsToken: string | undefined;
  /** How long a marketplace page may be served from memory (changes here clear it at once). */
  marketplaceCacheMs: number;
  kyc: KycConfig;
  chain: ChainConfig;
  solana: SolanaConfig;
  ipfs: IpfsConfig;
  /** Google sign-in and registration; undefined (off, buttons hidden) unless configured. */
  google: GoogleConfig | undefined;
  /** Where a crash test wants this process killed (fault-points.ts); never set in production. */
  faultAt: FaultPoint | undefined;
}

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** The OpenID issuer whose discovery document is read (Google's, or a local provider in tests). */
  issuer: string;
  /** Registered with Google as the authorized redirect URI: `${PUBLIC_URL}/api/auth/google/callback`. */
  redirectUri: string;
}

export type ChainConfig = {
  /** Where explorer links point: `${explorerUrl}/tx/<hash>`, `${explorerUrl}/address/<address>`. */
  explorerUrl: string;
  /** Auto-fuel tops new vault ETH addresses up to this balance; 0 turns it off. */
  faucetAmountWei: bigint;
  /** A platform transaction still pending this long is sent again with higher fees (ADR 38). */
  replaceAfterMs: number;
} & (
  | { kind: 'embedded'; chainId: number }
  | {
      kind: 'rpc';
      rpcUrl: string;
      /** Checked against the node's eth_chainId at boot when set. */
      expectedChainId: number | undefined;
      platformPrivateKey: `0x${string}`;
    }
);

export type SolanaConfig = {
  /**
   * Explorer links: `/tx/<signature>` and `/address/<address>` are appended to its path; its
   * query (e.g. `?cluster=devnet`) is kept.
   */
  explorerUrl: string;
} & ({ kind: 'embedded' } | { kind: 'rpc'; rpcUrl: string });

export type IpfsConfig = {
  /** Public base of document links: `${gatewayUrl}/<cid>`. */
  gatewayUrl: string;
} & (
  | { provider: 'embedded' }
  | { provider: 'kubo'; kuboApiUrl: string }
  | { provider: 'pinata'; pinataJwt: string; pinataUploadUrl: string }
);

export interface SumsubConfig {
  appToken: string;
  secretKey: string;
  baseUrl: string;
  levelName: string;
  webhookSecret: string;
  webhookAlg: 'HMAC_SHA256_HEX' | 'HMAC_SHA512_HEX';
  /** Origin of the WebSDK iframe (allowed in frame-src). */
  websdkUrl: string;
}

export interface KycConfig {
  provider: 'sandbox' | 'sumsub';
  sandboxAutoApprove: boolean;
  /** The sandbox's verification page (apps/web/public/websdk), served by the API. */
  websdkDir: string;
  /** Set exactly when provider is sumsub. */
  sumsub: SumsubConfig | undefined;
}

export interface FireblocksConfig {
  apiKey: string;
  /** The API user's RSA private key, PEM. */
  secretKey: string;
  baseUrl: string;
  webhookJwksUrl: string;
  assets: CustodyAssetId[];
}

export type CustodyConfig = { provider: 'local' } | { provider: 'fireblocks'; fireblocks: FireblocksConfig };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Provider endpoints are https; plain http is accepted only for a server on this machine. */
function secureUrl(name: string, value: string, problems: string[]): string {
  const { protocol, hostname } = new URL(value);
  if (protocol !== 'https:' && !['127.0.0.1', 'localhost', '[::1]'].includes(hostname)) {
    problems.push(`${name}: expected an https URL (http only for a local server)`);
  }
  return value.replace(/\/+$/, '');
}

/** Sumsub needs its keys; a missing one fails the boot naming the variable. */
function sumsubConfig(e: z.infer<typeof EnvSchema>, problems: string[]): SumsubConfig | undefined {
  const required = (name: string, value: string | undefined) => {
    if (!value) problems.push(`${name}: required when KYC_PROVIDER=sumsub`);
    return value ?? '';
  };
  const secure = (name: string, value: string) => secureUrl(name, value, problems);
  return {
    appToken: required('SUMSUB_APP_TOKEN', e.SUMSUB_APP_TOKEN),
    secretKey: required('SUMSUB_SECRET_KEY', e.SUMSUB_SECRET_KEY),
    webhookSecret: required('SUMSUB_WEBHOOK_SECRET', e.SUMSUB_WEBHOOK_SECRET),
    baseUrl: secure('SUMSUB_BASE_URL', e.SUMSUB_BASE_URL ?? 'https://api.sumsub.com'),
    websdkUrl: secure('SUMSUB_WEBSDK_URL', e.SUMSUB_WEBSDK_URL ?? 'https://in.sumsub.com'),
    levelName: e.SUMSUB_LEVEL_NAME,
    webhookAlg: e.SUMSUB_WEBHOOK_ALG,
  };
}

/** Fireblocks needs its API key and RSA secret key; a missing one fails the boot naming the variable. */
function fireblocksConfig(e: z.infer<typeof EnvSchema>, problems: string[]): FireblocksConfig | undefined {
  if (!e.FIREBLOCKS_API_KEY) problems.push('FIREBLOCKS_API_KEY: required when CUSTODY_PROVIDER=fireblocks');
  let secretKey = e.FIREBLOCKS_SECRET_KEY;
  const keyVariable = secretKey ? 'FIREBLOCKS_SECRET_KEY' : 'FIREBLOCKS_SECRET_KEY_FILE';
  if (e.FIREBLOCKS_SECRET_KEY && e.FIREBLOCKS_SECRET_KEY_FILE) {
    problems.push(
      'FIREBLOCKS_SECRET_KEY_FILE: set either FIREBLOCKS_SECRET_KEY or FIREBLOCKS_SECRET_KEY_FILE',
    );
  } else if (!secretKey && e.FIREBLOCKS_SECRET_KEY_FILE) {
    try {
      secretKey = readFileSync(e.FIREBLOCKS_SECRET_KEY_FILE, 'utf8');
    } catch {
      problems.push(`FIREBLOCKS_SECRET_KEY_FILE: cannot read ${e.FIREBLOCKS_SECRET_KEY_FILE}`);
    }
  } else if (!secretKey) {
    problems.push(
      'FIREBLOCKS_SECRET_KEY: required when CUSTODY_PROVIDER=fireblocks (or set FIREBLOCKS_SECRET_KEY_FILE)',
    );
  }
  if (secretKey) {
    // Env files often carry the PEM with literal \n; the key itself is never echoed back.
    secretKey = secretKey.replace(/\\n/g, '\n');
    try {
      if (createPrivateKey(secretKey).asymmetricKeyType !== 'rsa') throw new Error('not RSA');
    } catch {
      problems.push(`${keyVariable}: expected the API user's RSA private key in PEM format`);
    }
  }
  const baseUrl = secureUrl(
    'FIREBLOCKS_BASE_URL',
    e.FIREBLOCKS_BASE_URL ?? 'https://sandbox-api.fireblocks.io/v1',
    problems,
  );
  const webhookJwksUrl = secureUrl(
    'FIREBLOCKS_WEBHOOK_JWKS_URL',
    e.FIREBLOCKS_WEBHOOK_JWKS_URL ?? 'https://sandbox-keys.fireblocks.io/.well-known/jwks.json',
    problems,
  );
  if (!e.FIREBLOCKS_API_KEY || !secretKey) return undefined;
  return {
    apiKey: e.FIREBLOCKS_API_KEY,
    secretKey,
    baseUrl,
    webhookJwksUrl,
    assets: e.FIREBLOCKS_ASSETS,
  };
}

const PRIVATE_KEY = /^0x[0-9a-fA-F]{64}$/;

/** CHAIN=rpc needs a node URL and a funded platform key (inline or from a file, never both). */
function chainConfig(e: z.infer<typeof EnvSchema>, publicUrl: string, problems: string[]): ChainConfig {
  if (e.CHAIN === 'embedded') {
    return {
      kind: 'embedded',
      chainId: e.CHAIN_ID ?? 31337,
      explorerUrl: (e.EXPLORER_URL ?? `${publicUrl}/explorer`).replace(/\/+$/, ''),
      faucetAmountWei: e.FAUCET_AMOUNT_WEI ?? 10n ** 17n,
      replaceAfterMs: e.CHAIN_REPLACE_AFTER_SECONDS * 1000,
    };
  }
  if (!e.CHAIN_RPC_URL) problems.push('CHAIN_RPC_URL: required when CHAIN=rpc');
  let key = e.PLATFORM_PRIVATE_KEY;
  const keyVariable = key ? 'PLATFORM_PRIVATE_KEY' : 'PLATFORM_PRIVATE_KEY_FILE';
  if (e.PLATFORM_PRIVATE_KEY && e.PLATFORM_PRIVATE_KEY_FILE) {
    problems.push('PLATFORM_PRIVATE_KEY_FILE: set either PLATFORM_PRIVATE_KEY or PLATFORM_PRIVATE_KEY_FILE');
  } else if (!key && e.PLATFORM_PRIVATE_KEY_FILE) {
    try {
      key = readFileSync(e.PLATFORM_PRIVATE_KEY_FILE, 'utf8').trim();
    } catch {
      problems.push(`PLATFORM_PRIVATE_KEY_FILE: cannot read ${e.PLATFORM_PRIVATE_KEY_FILE}`);
    }
  } else if (!key) {
    problems.push('PLATFORM_PRIVATE_KEY: required when CHAIN=rpc (or set PLATFORM_PRIVATE_KEY_FILE)');
  }
  if (key && !PRIVATE_KEY.test(key)) problems.push(`${keyVariable}: expected 0x followed by 64 hex digits`);
  return {
    kind: 'rpc',
    rpcUrl: e.CHAIN_RPC_URL ?? '',
    expectedChainId: e.CHAIN_ID,
    platformPrivateKey: (key ?? '0x') as `0x${string}`,
    explorerUrl: (e.EXPLORER_URL ?? 'https://sepolia.etherscan.io').replace(/\/+$/, ''),
    // Real testnet ETH is scarce: auto-fuel from the platform key is opt-in on a remote chain.
    faucetAmountWei: e.FAUCET_AMOUNT_WEI ?? 0n,
    replaceAfterMs: e.CHAIN_REPLACE_AFTER_SECONDS * 1000,
  };
}

/** SOLANA=rpc needs a node URL (https, or http on this machine); devnet's explorer by default. */
function solanaConfig(e: z.infer<typeof EnvSchema>, publicUrl: string, problems: string[]): SolanaConfig {
  if (e.SOLANA === 'embedded') {
    return { kind: 'embedded', explorerUrl: e.SOLANA_EXPLORER_URL ?? `${publicUrl}/explorer/solana` };
  }
  if (!e.SOLANA_RPC_URL) problems.push('SOLANA_RPC_URL: required when SOLANA=rpc');
  return {
    kind: 'rpc',
    rpcUrl: e.SOLANA_RPC_URL ? secureUrl('SOLANA_RPC_URL', e.SOLANA_RPC_URL, problems) : '',
    explorerUrl: e.SOLANA_EXPLORER_URL ?? 'https://explorer.solana.com/?cluster=devnet',
  };
}

/** A remote IPFS service needs its endpoint or token; pinning there is opt-in (IPFS cannot forget). */
function ipfsConfig(e: z.infer<typeof EnvSchema>, publicUrl: string, problems: string[]): IpfsConfig {
  const gatewayUrl = (e.IPFS_GATEWAY_URL ?? `${publicUrl}/ipfs`).replace(/\/+$/, '');
  switch (e.IPFS_PROVIDER) {
    case 'embedded':
      return { provider: 'embedded', gatewayUrl };
    case 'kubo':
      if (!e.KUBO_API_URL) problems.push('KUBO_API_URL: required when IPFS_PROVIDER=kubo');
      return { provider: 'kubo', gatewayUrl, kuboApiUrl: (e.KUBO_API_URL ?? '').replace(/\/+$/, '') };
    case 'pinata':
      if (!e.PINATA_JWT) problems.push('PINATA_JWT: required when IPFS_PROVIDER=pinata');
      return {
        provider: 'pinata',
        gatewayUrl,
        pinataJwt: e.PINATA_JWT ?? '',
        pinataUploadUrl: secureUrl(
          'PINATA_UPLOAD_URL',
          e.PINATA_UPLOAD_URL ?? 'https://uploads.pinata.cloud/v3/files',
          problems,
        ),
      };
  }
}

/** Google needs both its client id and secret (inline or from a file); neither leaves it off. */
function googleConfig(
  e: z.infer<typeof EnvSchema>,
  publicUrl: string,
  problems: string[],
): GoogleConfig | undefined {
  let secret = e.GOOGLE_CLIENT_SECRET;
  if (e.GOOGLE_CLIENT_SECRET && e.GOOGLE_CLIENT_SECRET_FILE) {
    problems.push('GOOGLE_CLIENT_SECRET_FILE: set either GOOGLE_CLIENT_SECRET or GOOGLE_CLIENT_SECRET_FILE');
  } else if (!secret && e.GOOGLE_CLIENT_SECRET_FILE) {
    try {
      secret = readFileSync(e.GOOGLE_CLIENT_SECRET_FILE, 'utf8').trim();
    } catch {
      problems.push(`GOOGLE_CLIENT_SECRET_FILE: cannot read ${e.GOOGLE_CLIENT_SECRET_FILE}`);
    }
  }
  const issuer = secureUrl('GOOGLE_ISSUER', e.GOOGLE_ISSUER ?? 'https://accounts.google.com', problems);
  if (!e.GOOGLE_CLIENT_ID && !secret) return undefined;
  if (!e.GOOGLE_CLIENT_ID) problems.push('GOOGLE_CLIENT_ID: required when a Google client secret is set');
  if (!secret) {
    problems.push(
      'GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set (or set GOOGLE_CLIENT_SECRET_FILE)',
    );
  }
  if (!e.GOOGLE_CLIENT_ID || !secret) return undefined;
  return {
    clientId: e.GOOGLE_CLIENT_ID,
    clientSecret: secret,
    issuer,
    redirectUri: `${publicUrl}/api/auth/google/callback`,
  };
}

/**
 * Processes that split the work (APIs without jobs, workers) must share every backend: one
 * PostgreSQL, and chains they all reach. The embedded chains live inside one process.
 */
function sharedBackendProblems(
  e: Pick<z.infer<typeof EnvSchema>, 'DATABASE_URL' | 'CHAIN' | 'SOLANA'>,
  reason: string,
): string[] {
  const problems: string[] = [];
  if (!e.DATABASE_URL)
    problems.push(`DATABASE_URL: required with ${reason} (processes share one PostgreSQL)`);
  if (e.CHAIN !== 'rpc')
    problems.push(`CHAIN: must be rpc with ${reason} (the embedded chain lives in one process)`);
  if (e.SOLANA !== 'rpc') {
    problems.push(`SOLANA: must be rpc with ${reason} (the embedded Solana VM lives in one process)`);
  }
  return problems;
}

/** The configuration of a worker process (`npm run worker`): the API's, on shared backends. */
export function loadWorkerConfig(env: Env = process.env): Config {
  const config = loadConfig({ ...env, RUN_JOBS: 'true' });
  const problems = sharedBackendProblems(
    {
      DATABASE_URL: config.databaseUrl,
      CHAIN: config.chain.kind,
      SOLANA: config.solana.kind,
    },
    'npm run worker',
  );
  if (problems.length) throw new ConfigError(problems);
  return config;
}

export function loadConfig(env: Env = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.MASTER_KEY && e.MASTER_KEY_FILE)
    problems.push('MASTER_KEY_FILE: set either MASTER_KEY or MASTER_KEY_FILE');
  if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.MASTER_KEY && !e.MASTER_KEY_FILE) {
    // Several processes share one database, so a key generated on one host would lock the others out.
    problems.push('MASTER_KEY: required in production with DATABASE_URL (or set MASTER_KEY_FILE)');
  }
  if (e.NODE_ENV === 'production' && e.KYC_PROVIDER === 'sandbox' && !e.KYC_SANDBOX_AUTO_APPROVE) {
    // Safe defaults: a production portal must never approve every applicant by accident.
    problems.push(
      'KYC_SANDBOX_AUTO_APPROVE: must be set explicitly in production with the KYC sandbox ' +
        '(false: a reviewer decides every application; true: everyone is approved), or use KYC_PROVIDER=sumsub',
    );
  }
  const sumsub = e.KYC_PROVIDER === 'sumsub' ? sumsubConfig(e, problems) : undefined;
  const fireblocks = e.CUSTODY_PROVIDER === 'fireblocks' ? fireblocksConfig(e, problems) : undefined;
  const publicHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  const publicUrl = (
    e.PUBLIC_URL ?? `http://${publicHost.includes(':') ? `[${publicHost}]` : publicHost}:${e.PORT}`
  ).replace(/\/+$/, '');
  const chain = chainConfig(e, publicUrl, problems);
  const solana = solanaConfig(e, publicUrl, problems);
  const ipfs = ipfsConfig(e, publicUrl, problems);
  const google = googleConfig(e, publicUrl, problems);
  if (e.RUN_JOBS === 'false') problems.push(...sharedBackendProblems(e, 'RUN_JOBS=false'));
  if (e.NODE_ENV === 'production' && e.FAULT_AT)
    problems.push('FAULT_AT: crash tests only, not in production');
  if (problems.length) throw new ConfigError(problems);

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    bodyLimit: e.BODY_LIMIT,
    masterKey: { base64: e.MASTER_KEY, file: e.MASTER_KEY_FILE },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
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
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(here, '../../web/dist')),
    seedDemo: e.SEED_DEMO === 'true',
    runJobs: e.RUN_JOBS === 'true',
    metricsToken: e.METRICS_TOKEN,
    marketplaceCacheMs: e.MARKETPLACE_CACHE_MS,
    custody: fireblocks ? { provider: 'fireblocks', fireblocks } : { provider: 'local' },
    kyc: {
      provider: e.KYC_PROVIDER,
      sandboxAutoApprove: (e.KYC_SANDBOX_AUTO_APPROVE ?? 'true') === 'true',
      websdkDir: path.join(here, '../../web/public/websdk'),
      sumsub,
    },
    chain,
    solana,
    ipfs,
    google,
    faultAt: e.FAULT_AT,
  };
}
