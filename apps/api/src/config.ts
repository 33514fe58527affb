import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
  WEB_DIST_DIR: optionalString,
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
  };
  webDistDir: string;
}

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
  if (problems.length) throw new ConfigError(problems);

  const publicHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (
      e.PUBLIC_URL ?? `http://${publicHost.includes(':') ? `[${publicHost}]` : publicHost}:${e.PORT}`
    ).replace(/\/+$/, ''),
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
    },
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(here, '../../web/dist')),
  };
}
