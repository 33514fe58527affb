import { messages } from '@portal/shared/messages';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import { DomainError } from '../../errors.js';
import type { ThrottleRepo } from './throttle.repo.js';

const HOUR = 60 * 60 * 1000;
const MAX_BACKOFF_MS = 15 * 60 * 1000;

/**
 * Brute-force and abuse limits for the auth endpoints (ASVS 2.2.1, OWASP Authentication Cheat
 * Sheet), so that nobody can lock a user out:
 * - failures back off per account *and source*: an attacker's failures slow down that attacker,
 *   while the owner signing in from elsewhere is not affected;
 * - failures per source, across accounts (password spraying);
 * - a high hourly ceiling per account from all sources together, the last resort against a
 *   distributed attack;
 * - a successful sign-in clears its source's back-off, a password reset the whole account's.
 * The source is the socket address unless a trusted proxy is configured, so a forged
 * X-Forwarded-For never opens a fresh bucket.
 */
export class AuthThrottles {
  constructor(
    private readonly repo: ThrottleRepo,
    private readonly limits: Config['rateLimits'],
    private readonly clock: Clock,
  ) {}

  async assertLoginAllowed(email: string, ip: string): Promise<void> {
    const now = this.clock.now();
    const source = await this.repo.read(accountSourceKey(email, ip));
    if (source?.blockedUntil && source.blockedUntil > now) {
      throw tooMany(messages.tooManyLoginAttempts, source.blockedUntil.getTime() - now.getTime());
    }
    for (const [bucket, limit] of [
      [await this.repo.read(accountKey(email)), this.limits.loginFailuresPerHour],
      [await this.repo.read(ipKey(ip)), this.limits.loginIpFailuresPerHour],
    ] as const) {
      if (bucket && bucket.count >= limit && bucket.windowStart.getTime() + HOUR > now.getTime()) {
        throw tooMany(messages.tooManyLoginAttempts, bucket.windowStart.getTime() + HOUR - now.getTime());
      }
    }
  }

  async recordLoginFailure(email: string, ip: string): Promise<void> {
    const now = this.clock.now();
    const source = await this.repo.hit(accountSourceKey(email, ip), now, HOUR, { consecutive: true });
    await this.repo.hit(accountKey(email), now, HOUR);
    await this.repo.hit(ipKey(ip), now, HOUR);
    const over = source.consecutive - this.limits.loginBackoffAfter;
    if (over >= 0) {
      // Exponential back-off: 1 s, 2 s, 4 s … up to 15 min, after the allowed consecutive failures.
      const delay = Math.min(1000 * 2 ** over, MAX_BACKOFF_MS);
      await this.repo.block(accountSourceKey(email, ip), new Date(now.getTime() + delay));
    }
  }

  async recordLoginSuccess(email: string, ip: string): Promise<void> {
    await this.repo.clearConsecutive(accountSourceKey(email, ip));
  }

  /** After a password reset: every counter of the account, from every source, starts over. */
  async clearAccount(email: string): Promise<void> {
    await this.repo.remove(accountKey(email));
    await this.repo.removePrefix(`${accountKey(email)}|`);
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

function tooMany(message: string, retryAfterMs: number) {
  return new DomainError('RATE_LIMITED', message, {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
}
