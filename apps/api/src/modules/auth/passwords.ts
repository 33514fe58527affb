import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1 (never library defaults). */
// `algorithm: 2` is Algorithm.Argon2id (an ambient const enum, which isolated modules cannot read).
export const ARGON2_POLICY = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_POLICY);
}

export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same work as a real check, so an unknown email is not revealed by response time. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** A stored hash weaker than today's policy is upgraded at the next successful sign-in. */
export function needsRehash(phc: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(phc);
  if (!match) return true;
  const [, m, t] = match.map(Number);
  return m! < ARGON2_POLICY.memoryCost || t! < ARGON2_POLICY.timeCost;
}

let common: Set<string> | undefined;

/**
 * OWASP Authentication Cheat Sheet / NIST 800-63B: a password found in a list of commonly used
 * or breached passwords is refused. The list (zxcvbn-ts, ~49,000 entries) ships with the package,
 * so the check runs offline; case is ignored, as attackers' lists vary it anyway.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}
