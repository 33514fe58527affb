import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { GoogleIntent } from '@portal/shared/auth';
import { messages } from '@portal/shared/messages';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors.js';
import { OidcError, type OidcIdentity, type OidcPort } from '../../providers/oidc/oidc.js';
import type { MasterKey } from '../../secrets/envelope.js';
import type { UserRow, UsersRepo } from '../users/users.repo.js';
import type { AuthService, IssuedSession, RequestContext } from './auth.service.js';
import type { OidcRepo } from './oidc.repo.js';
import { hashPassword } from './passwords.js';
import type { AuthThrottles } from './throttles.js';

export const GOOGLE = 'google';
/** Long enough to pick an account and consent at Google; single use in any case. */
export const GOOGLE_ATTEMPT_TTL_MS = 10 * 60_000;

export interface GoogleDeps {
  db: Db;
  /** Undefined when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not both set. */
  port: OidcPort | undefined;
  repo: OidcRepo;
  users: UsersRepo;
  auth: AuthService;
  throttles: AuthThrottles;
  masterKey: MasterKey;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
}

export type GoogleStart = { kind: 'redirect'; url: URL; state: string } | { kind: 'failed' };

/** How a callback ends: a session, the code step of two-factor, or the failure message of docs/product.md §8. */
export type GoogleOutcome =
  | { kind: 'signed-in'; session: IssuedSession }
  | { kind: 'two-factor'; ticket: string }
  | { kind: 'failed'; intent: GoogleIntent };

/** Why a round trip is refused; logged, never shown (the page says 'Google login failed'). */
class Refused extends Error {}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const random = () => randomBytes(32).toString('base64url');
const verifierAad = (stateHash: string) => `oidc_attempt|${stateHash}`;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The name rule of docs/product.md §5 (letters and spaces, 2 to 100) applied to the name Google gives: other
 * characters become spaces; a name that leaves too little is replaced by the address's local part,
 * cleaned the same way, or 'Investor'. The user can change it in account settings.
 */
export function portalName(name: string | undefined, email: string): string {
  const clean = (text: string) =>
    text
      .replace(/[^\p{L}\p{M} ]+/gu, ' ')
      .replace(/ {2,}/g, ' ')
      .trim()
      .slice(0, 100)
      .trim();
  for (const candidate of [name ?? '', email.split('@')[0]!]) {
    const cleaned = clean(candidate);
    if (cleaned.length >= 2) return cleaned;
  }
  return 'Investor';
}

/**
 * Sign-in and registration with Google (OpenID Connect, ADR 45). Each round trip keeps its state
 * (hashed), nonce and PKCE verifier (sealed) in the database, so any API process can finish it,
 * once, within ten minutes. Sign-in admits only a Google account already linked to a portal user;
 * registration opens an investor account linked to it.
 */
export class GoogleSignIn {
  constructor(private readonly deps: GoogleDeps) {}

  get enabled(): boolean {
    return this.deps.port !== undefined;
  }

  private port(): OidcPort {
    if (!this.deps.port) throw new DomainError('NOT_FOUND', messages.notFound);
    return this.deps.port;
  }

  /** A new round trip: where to send the browser, and the state to bind to it (a cookie). */
  async start(intent: GoogleIntent): Promise<GoogleStart> {
    const port = this.port();
    const state = random();
    const nonce = random();
    const codeVerifier = random();
    let url: URL;
    try {
      url = await port.authorizationUrl({ state, nonce, codeVerifier });
    } catch (error) {
      this.deps.log.error({ err: error, provider: port.name }, 'Google sign-in could not start');
      return { kind: 'failed' };
    }
    const stateHash = sha256(state);
    await this.deps.repo.insertAttempt({
      stateHash,
      provider: GOOGLE,
      intent,
      nonce,
      codeVerifierSealed: this.deps.masterKey.sealToString(Buffer.from(codeVerifier), verifierAad(stateHash)),
      expiresAt: new Date(this.deps.clock.now().getTime() + GOOGLE_ATTEMPT_TTL_MS),
    });
    return { kind: 'redirect', url, state };
  }

  /**
   * The callback: the state must be the one bound to this browser and a live attempt (spent
   * here), the code is redeemed with the verifier, the ID token validated against the nonce, and
   * the address verified by Google. Every refusal ends as `failed` with the attempt's intent.
   */
  async finish(
    input: {
      state: string | undefined;
      /** The state and intent of the binding cookie set at the start. */
      bound: { state: string; intent: GoogleIntent } | undefined;
      callbackUrl: URL;
    },
    ctx: RequestContext,
  ): Promise<GoogleOutcome> {
    const port = this.port();
    let intent: GoogleIntent = input.bound?.intent ?? 'login';
    try {
      const { state, bound } = input;
      // Login CSRF: a callback URL made in another browser (the attacker's Google account) has no
      // binding cookie here, or another state in it.
      if (!state || !bound || !sameText(state, bound.state))
        throw new Refused('state does not match this browser');
      const stateHash = sha256(state);
      const attempt = await this.deps.repo.takeAttempt(GOOGLE, stateHash);
      if (!attempt) throw new Refused('unknown or already used state');
      intent = attempt.intent;
      if (attempt.expiresAt <= this.deps.clock.now()) throw new Refused('attempt expired');
      const codeVerifier = this.deps.masterKey
        .openString(attempt.codeVerifierSealed, verifierAad(stateHash))
        .toString();
      const identity = await port.finish(input.callbackUrl, { state, nonce: attempt.nonce, codeVerifier });
      if (!identity.emailVerified) throw new Refused('email address not verified by Google');
      const user =
        intent === 'register' ? await this.registerOrLinked(identity, ctx) : await this.linked(identity);
      const result = await this.deps.auth.signInVerified(user, 'cookie', ctx);
      this.deps.log.info({ userId: user.id, intent }, 'signed in with Google');
      return 'ticket' in result
        ? { kind: 'two-factor', ticket: result.ticket }
        : { kind: 'signed-in', session: result.session };
    } catch (error) {
      if (error instanceof Refused || error instanceof OidcError || error instanceof DomainError) {
        this.deps.log.warn({ ip: ctx.ip, intent, reason: error.message }, 'Google sign-in refused');
      } else {
        this.deps.log.error({ err: error, intent }, 'Google sign-in failed');
      }
      return { kind: 'failed', intent };
    }
  }

  /**
   * Sign-in admits only a Google account linked to a portal user (by registering with Google).
   * An existing account with the same address is never taken over by matching it: portal
   * addresses are not verified at registration, so that account may not belong to this person.
   */
  private async linked(identity: OidcIdentity): Promise<UserRow> {
    const link = await this.deps.repo.findIdentity(GOOGLE, identity.subject);
    const user = link && (await this.deps.users.findById(link.userId));
    if (!link || !user) throw new Refused('no portal account is linked to this Google account');
    if (link.email !== identity.email.toLowerCase())
      await this.deps.repo.updateIdentityEmail(GOOGLE, identity.subject, identity.email.toLowerCase());
    return user;
  }

  /**
   * Registration opens an investor account (never another role) linked to the Google account,
   * with an unusable password: the argon2id hash of 32 random bytes nobody knows. Its owner can
   * choose a password with 'Forgot password'. An already linked Google account is signed in.
   */
  private async registerOrLinked(identity: OidcIdentity, ctx: RequestContext): Promise<UserRow> {
    const link = await this.deps.repo.findIdentity(GOOGLE, identity.subject);
    if (link) return this.linked(identity);
    await this.deps.throttles.countRegistration(ctx.ip);
    const email = identity.email.toLowerCase();
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const user = await this.deps.db.transaction(async (tx) => {
      const created = await this.deps.users.with(tx).insert({
        name: portalName(identity.name, email),
        email,
        passwordHash,
        role: 'investor',
      });
      if (!created) throw new Refused('an account with this address already exists');
      // Two registrations of the same Google account at once: the second one rolls back.
      const linked = await this.deps.repo
        .with(tx)
        .linkIdentity({ provider: GOOGLE, subject: identity.subject, userId: created.id, email });
      if (!linked) throw new Refused('this Google account was linked meanwhile');
      return created;
    });
    this.deps.log.info({ userId: user.id, role: user.role, via: GOOGLE }, 'account created');
    return user;
  }
}
