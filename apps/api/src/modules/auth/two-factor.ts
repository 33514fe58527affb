import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { messages } from '@portal/shared/messages';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors.js';
import type { MasterKey } from '../../secrets/envelope.js';
import type { UsersRepo } from '../users/users.repo.js';
import { verifyPassword } from './passwords.js';
import type { TwoFactorRepo } from './two-factor.repo.js';

export interface TwoFactorDeps {
  db: Db;
  repo: TwoFactorRepo;
  users: UsersRepo;
  masterKey: MasterKey;
  clock: Clock;
}

const ISSUER = 'Investor Portal';
const PERIOD = 30;
/** One step either side absorbs clock drift between server and phone (RFC 6238 §5.2). */
const WINDOW = 1;
const RECOVERY_CODES = 10;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const secretAad = (userId: string) => `two_factor|${userId}`;
/** Recovery codes are typed by people: case, spaces and dashes do not matter. */
const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** A six-digit code is a TOTP; anything else is tried as a recovery code. */
export const isRecoveryCode = (code: string) => !/^\d{6}$/.test(code.replace(/\s/g, ''));

function totpFor(secret: Secret, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret });
}

/** TOTP (RFC 6238) enrolment and verification; secrets sealed at rest, recovery codes hashed. */
export class TwoFactorService {
  constructor(private readonly deps: TwoFactorDeps) {}

  isEnabled(userId: string): Promise<boolean> {
    return this.deps.repo.isEnabled(userId);
  }

  /** Starts (or restarts) an enrolment: a new secret the user scans as a QR code. */
  async setup(userId: string): Promise<{ secret: string; otpauthUrl: string }> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw new DomainError('UNAUTHENTICATED', messages.unauthenticated);
    const secret = new Secret({ size: 20 });
    const sealed = this.deps.masterKey.sealToString(Buffer.from(secret.base32), secretAad(userId));
    if (!(await this.deps.repo.startEnrolment(userId, sealed, this.deps.clock.now())))
      throw new DomainError('CONFLICT', messages.twoFactorAlreadyEnabled);
    return { secret: secret.base32, otpauthUrl: totpFor(secret, user.email).toString() };
  }

  /** Confirms the enrolment with a first code; returns the recovery codes, shown this once. */
  async enable(userId: string, code: string): Promise<string[]> {
    const row = await this.deps.repo.find(userId);
    if (!row) throw new DomainError('BAD_REQUEST', messages.twoFactorNotStarted);
    if (row.confirmedAt) throw new DomainError('CONFLICT', messages.twoFactorAlreadyEnabled);
    const step = this.matchingStep(row.secretSealed, userId, code);
    if (step === undefined) throw invalidCode();
    const codes = Array.from({ length: RECOVERY_CODES }, () => {
      const raw = randomBytes(5).toString('hex');
      return `${raw.slice(0, 5)}-${raw.slice(5)}`;
    });
    await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.with(tx);
      await repo.confirm(userId, step, this.deps.clock.now());
      await repo.replaceRecoveryCodes(
        userId,
        codes.map((c) => sha256(normalizeRecovery(c))),
      );
    });
    return codes;
  }

  async disable(userId: string, password: string): Promise<void> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw new DomainError('UNAUTHENTICATED', messages.unauthenticated);
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new DomainError('VALIDATION_ERROR', messages.currentPasswordWrong, {
        fields: { password: messages.currentPasswordWrong },
      });
    }
    await this.deps.db.transaction(async (tx) => this.deps.repo.with(tx).disable(userId));
  }

  /**
   * The second factor at sign-in: a current TOTP code, accepted once (a replayed code fails), or
   * an unused recovery code, spent.
   */
  async verify(userId: string, code: string): Promise<boolean> {
    const row = await this.deps.repo.find(userId);
    if (!row?.confirmedAt) return false;
    if (!isRecoveryCode(code)) {
      const step = this.matchingStep(row.secretSealed, userId, code);
      return step !== undefined && (await this.deps.repo.useStep(userId, step));
    }
    return this.deps.repo.spendRecoveryCode(userId, sha256(normalizeRecovery(code)), this.deps.clock.now());
  }

  /** The time step the code belongs to, within the drift window, or undefined. */
  private matchingStep(sealed: string, userId: string, code: string): number | undefined {
    const trimmed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(trimmed)) return undefined;
    const secret = Secret.fromBase32(this.deps.masterKey.openString(sealed, secretAad(userId)).toString());
    const timestamp = this.deps.clock.now().getTime();
    const delta = totpFor(secret, userId).validate({ token: trimmed, timestamp, window: WINDOW });
    return delta === null ? undefined : Math.floor(timestamp / 1000 / PERIOD) + delta;
  }
}

const invalidCode = () =>
  new DomainError('VALIDATION_ERROR', messages.twoFactorCodeInvalid, {
    fields: { code: messages.twoFactorCodeInvalid },
  });
