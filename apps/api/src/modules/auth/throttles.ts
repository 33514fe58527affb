import { createHash, randomBytes } from 'node:crypto';
import { messages } from '@portal/shared/messages';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import { DomainError } from '../../errors.js';
import type { Bucket, ThrottleRepo } from './throttle.repo.js';

const HOUR = 60 * 60 * 1000;
const MAX_BACKOFF_MS = 15 * 60 * 1000;
/** Wrong second-factor codes in a row, across tickets and addresses, before the account backs off. */
export const SECOND_FACTOR_BACKOFF_AFTER = 5;
/** A mailed sign-in link lifts the account's hourly ceiling for one sign-in, for an hour. */
const UNLOCK_TTL_MS = HOUR;

/**
 * Brute-force and abuse limits for the auth endpoints (ASVS 2.2.1, OWASP Authentication Cheat
 * Sheet), so that nobody can lock a user out:
 * - failures back off per account *and source*: an attacker's failures slow down that attacker,
 *   while the owner signing in from elsewhere is not affected;
 * - failures per source, across accounts (password spraying);
 * - a high hourly ceiling per account from all sources together, the last resort against a
 *   distributed attack;
 * - a successful sign-in clears its source's back-off, a password reset the whole account's;
 * - the ceiling never shuts the owner out: a one-time link mailed to the account lifts it for
 *   one sign-in (the password and any second factor are still asked);
 * - wrong second-factor codes back off per account, across tickets and addresses, but a
 *   recovery code is always evaluated (ADR 54).
 * The source is the socket address unless a trusted proxy is configured, so a forged
 * X-Forwarded-For never opens a fresh bucket.
 */
export class AuthThrottles {
  constructor(
    private readonly repo: ThrottleRepo,
    private readonly limits: Config['rateLimits'],
    private readonly clock: Clock,
  ) {}

  /**
   * `unlock`: whether the mailed sign-in link the caller brought is valid (undefined: none); a
   * valid one lifts the account's ceiling, an expired one is said to be so.
   */
  async assertLoginAllowed(email: string, ip: string, unlock?: boolean): Promise<void> {
    const now = this.clock.now();
    const source = await this.repo.read(accountSourceKey(email, ip));
    if (source?.blockedUntil && source.blockedUntil > now) {
      throw tooMany(messages.tooManyLoginAttempts, source.blockedUntil.getTime() - now.getTime());
    }
    const perIp = await this.repo.read(ipKey(ip));
    if (perIp && overLimit(perIp, this.limits.loginIpFailuresPerHour, now))
      throw tooMany(messages.tooManyLoginAttempts, perIp.windowStart.getTime() + HOUR - now.getTime());
    const account = await this.repo.read(accountKey(email));
    if (unlock !== true && account && overLimit(account, this.limits.loginFailuresPerHour, now)) {
      const message = unlock === false ? messages.unlockLinkInvalid : messages.loginPausedForAccount;
      throw tooMany(message, account.windowStart.getTime() + HOUR - now.getTime());
    }
  }

  /** Counts a wrong password; true exactly when this failure reaches the account's hourly ceiling. */
  async recordLoginFailure(email: string, ip: string): Promise<{ ceilingReached: boolean }> {
    const now = this.clock.now();
    const source = await this.repo.hit(accountSourceKey(email, ip), now, HOUR, { consecutive: true });
    const account = await this.repo.hit(accountKey(email), now, HOUR);
    await this.repo.hit(ipKey(ip), now, HOUR);
    const over = source.consecutive - this.limits.loginBackoffAfter;
    if (over >= 0) {
      await this.repo.block(accountSourceKey(email, ip), new Date(now.getTime() + backoff(over)));
    }
    return { ceilingReached: account.count === this.limits.loginFailuresPerHour };
  }

  async recordLoginSuccess(email: string, ip: string): Promise<void> {
    await this.repo.clearConsecutive(accountSourceKey(email, ip));
  }

  /** After a password reset: every counter of the account, from every source, starts over. */
  async clearAccount(email: string): Promise<void> {
    await this.repo.remove(accountKey(email));
    await this.repo.removePrefix(`${accountKey(email)}|`);
  }

  /** A one-time sign-in link's secret for the account; only its hash is stored. */
  async issueUnlock(email: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.repo.hit(unlockKey(email, token), this.clock.now(), UNLOCK_TTL_MS);
    return token;
  }

  async isUnlockValid(email: string, token: string): Promise<boolean> {
    const row = await this.repo.read(unlockKey(email, token));
    return !!row && row.windowStart.getTime() + UNLOCK_TTL_MS > this.clock.now().getTime();
  }

  /** Spent by the sign-in it let through, so a copied link is no use afterwards. */
  async spendUnlock(email: string, token: string): Promise<void> {
    await this.repo.remove(unlockKey(email, token));
  }

  /** Asking for a new sign-in link is counted like a reset request; false: silently skip. */
  async countUnlockRequest(email: string, ip: string): Promise<boolean> {
    await this.count(`unlock:ip:${ip}`, this.limits.forgotPerIpPerHour);
    const account = await this.repo.hit(`unlock:account:${email.toLowerCase()}`, this.clock.now(), HOUR);
    return account.count <= this.limits.forgotPerAccountPerHour;
  }

  /** Whether the account's hourly ceiling is reached now (a new link is worth sending). */
  async isAccountPaused(email: string): Promise<boolean> {
    const account = await this.repo.read(accountKey(email));
    return !!account && overLimit(account, this.limits.loginFailuresPerHour, this.clock.now());
  }

  /**
   * During the account's second-factor back-off a TOTP code is not evaluated; a recovery code
   * (40 random bits, spent on use) always is, so the owner is never locked out.
   */
  async assertSecondFactorAllowed(userId: string, recoveryCode: boolean): Promise<void> {
    if (recoveryCode) return;
    const now = this.clock.now();
    const bucket = await this.repo.read(secondFactorKey(userId));
    if (bucket?.blockedUntil && bucket.blockedUntil > now)
      throw tooMany(messages.twoFactorPaused, bucket.blockedUntil.getTime() - now.getTime());
  }

  /**
   * Counts a wrong code against the account. `burst` is true when the owner should hear of it:
   * at the back-off threshold and each time the streak doubles after it (5, 10, 20 …).
   */
  async recordSecondFactorFailure(userId: string): Promise<{ burst: boolean; failures: number }> {
    const now = this.clock.now();
    const bucket = await this.repo.hit(secondFactorKey(userId), now, HOUR, { consecutive: true });
    const over = bucket.consecutive - SECOND_FACTOR_BACKOFF_AFTER;
    if (over >= 0) await this.repo.block(secondFactorKey(userId), new Date(now.getTime() + backoff(over)));
    const ratio = bucket.consecutive / SECOND_FACTOR_BACKOFF_AFTER;
    return {
      burst: Number.isInteger(ratio) && (ratio & (ratio - 1)) === 0,
      failures: bucket.consecutive,
    };
  }

  async recordSecondFactorSuccess(userId: string): Promise<void> {
    await this.repo.clearConsecutive(secondFactorKey(userId));
  }

  async countRegistration(ip: string): Promise<void> {
    await this.count(`register:ip:${ip}`, this.limits.registerPerIpPerHour);
  }

  /** Throws when the IP is over its limit; returns false (silently skip) when the account is. */
  async countPasswordResetRequest(email: string, ip: string): Promise<boolean> {
    await this.count(`forgot:ip:${ip}`, this.limits.forgotPerIpPerHour);
    const now = this.clock.now();
    const account = await this.repo.hit(`forgot:account:${email.toLowerCase()}`, now, HOUR);
    return account.count <= this.limits.forgotPerAccountPerHour;
  }

  private async count(key: string, limit: number): Promise<void> {
    const now = this.clock.now();
    const bucket = await this.repo.hit(key, now, HOUR);
    if (bucket.count > limit) {
      throw tooMany(messages.tooManyRequests, bucket.windowStart.getTime() + HOUR - now.getTime());
    }
  }
}

const accountKey = (email: string) => `login:account:${email.toLowerCase()}`;
const accountSourceKey = (email: string, ip: string) => `${accountKey(email)}|${ip}`;
const ipKey = (ip: string) => `login:ip:${ip}`;
const unlockKey = (email: string, token: string) =>
  `login:unlock:${email.toLowerCase()}|${createHash('sha256').update(token).digest('hex')}`;
const secondFactorKey = (userId: string) => `2fa:account:${userId}`;

const overLimit = (bucket: Bucket, limit: number, now: Date) =>
  bucket.count >= limit && bucket.windowStart.getTime() + HOUR > now.getTime();
/** Exponential back-off: 1 s, 2 s, 4 s … up to 15 min. */
const backoff = (over: number) => Math.min(1000 * 2 ** over, MAX_BACKOFF_MS);

function tooMany(message: string, retryAfterMs: number) {
  return new DomainError('RATE_LIMITED', message, {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
}
