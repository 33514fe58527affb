import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionMode, User } from '@portal/shared/auth';
import type { ActiveSession } from '@portal/shared/settings';
import { messages } from '@portal/shared/messages';
import type { Role } from '@portal/shared/roles';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors.js';
import type { MailPort } from '../../providers/mail/mail.js';
import type { MasterKey } from '../../secrets/envelope.js';
import type { Notify } from '../notifications/notifications.service.js';
import type { OnboardingRepo } from '../issuer/onboarding.repo.js';
import type { UserRow, UsersRepo } from '../users/users.repo.js';
import type { UsersService } from '../users/users.service.js';
import type { AccessClaims, AccessTokens } from './access-tokens.js';
import type { AuthRepo, RefreshTokenRow } from './auth.repo.js';
import { describeDevice } from './device.js';
import {
  hashPassword,
  isCommonPassword,
  needsRehash,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords.js';
import type { LiveSession, SessionCache } from './session-cache.js';
import type { AuthThrottles } from './throttles.js';
import type { TwoFactorRepo } from './two-factor.repo.js';
import { isRecoveryCode, type TwoFactorService } from './two-factor.js';

/** Reuse of the immediately superseded token inside this window is a benign race, not theft. */
export const REFRESH_GRACE_MS = 30_000;
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** The second sign-in step must follow the password within five minutes, in five tries. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const CHALLENGE_ATTEMPTS = 5;

export interface RequestContext {
  ip: string;
  userAgent?: string | undefined;
}

export interface IssuedSession {
  sessionId: string;
  mode: SessionMode;
  accessToken: string;
  refreshToken: string;
  refreshExpiresAt: Date;
}

export interface SignedIn {
  user: User;
  session: IssuedSession;
}

/** The password was right; the account asks for its second factor with this ticket. */
export interface SecondFactorNeeded {
  ticket: string;
}

export interface AuthDeps {
  db: Db;
  auth: AuthRepo;
  users: UsersRepo;
  usersService: UsersService;
  throttles: AuthThrottles;
  tokens: AccessTokens;
  mail: MailPort;
  masterKey: MasterKey;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'session'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** Login alerts (ADR 0023): whether the user wants them, and how to tell them. */
  alerts?: { enabled: (userId: string) => Promise<boolean>; notify: Notify };
  twoFactor: TwoFactorService;
  challenges: TwoFactorRepo;
  /** Live sessions in memory, dropped by the database's notifications (ADR 36). */
  sessions: SessionCache;
  /** Opens a self-registered issuer's application (ADR 55). */
  issuerApplications: Pick<OnboardingRepo, 'open'>;
}

function assertNotCommon(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new DomainError('VALIDATION_ERROR', messages.passwordTooCommon, {
      fields: { [field]: messages.passwordTooCommon },
    });
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newOpaqueToken = () => randomBytes(32).toString('base64url');

/** How often a session in use is marked as used, and how many sessions a process remembers doing so. */
const MARK_USED_EVERY_MS = 60_000;
const MAX_MARKED_SESSIONS = 100_000;

export class AuthService {
  private readonly usedAt = new Map<string, number>();

  constructor(private readonly deps: AuthDeps) {}

  async register(
    input: {
      name: string;
      email: string;
      password: string;
      role: Role;
      organisationName?: string | undefined;
    },
    mode: SessionMode,
    ctx: RequestContext,
  ): Promise<SignedIn> {
    if (input.role === 'admin') throw new DomainError('FORBIDDEN', messages.adminSelfRegistration);
    await this.deps.throttles.countRegistration(ctx.ip);
    const { organisationName, ...account } = input;
    const row = await this.createAccount(account);
    // A self-registered issuer applies (ADR 55): the console opens, issuing waits for approval.
    if (row.role === 'issuer') await this.deps.issuerApplications.open(row.id, organisationName ?? null);
    return {
      user: await this.deps.usersService.getProfile(row.id),
      session: await this.startSession(row.id, row.role, mode, ctx),
    };
  }

  /** Creates an account of any role; self-registration guards the admin role before calling it. */
  async createAccount(input: {
    name: string;
    email: string;
    password: string;
    role: Role;
  }): Promise<UserRow> {
    assertNotCommon(input.password, 'password');
    const passwordHash = await hashPassword(input.password);
    const row = await this.deps.users.insert({ ...input, passwordHash });
    if (!row)
      throw new DomainError('CONFLICT', messages.emailTaken, { fields: { email: messages.emailTaken } });
    this.deps.log.info({ userId: row.id, role: row.role }, 'account created');
    return row;
  }

  async login(
    input: { email: string; password: string; unlockToken?: string | undefined },
    mode: SessionMode,
    ctx: RequestContext,
  ): Promise<SignedIn | SecondFactorNeeded> {
    const email = input.email.toLowerCase();
    const { throttles } = this.deps;
    const unlock = input.unlockToken ? await throttles.isUnlockValid(email, input.unlockToken) : undefined;
    await throttles.assertLoginAllowed(email, ctx.ip, unlock);
    const row = await this.deps.users.findByEmail(email);
    const ok = row
      ? await verifyPassword(row.passwordHash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!row || !ok) {
      const { ceilingReached } = await throttles.recordLoginFailure(email, ctx.ip);
      this.deps.log.warn({ ip: ctx.ip }, 'sign-in failed');
      if (row && ceilingReached) await this.passwordGuessingStopped(row, ctx);
      throw new DomainError('UNAUTHENTICATED', messages.invalidCredentials);
    }
    // Said only to whoever knows the password, so it reveals nothing to a guesser.
    if (row.deactivatedAt) throw new DomainError('FORBIDDEN', messages.accountDeactivated);
    await throttles.recordLoginSuccess(email, ctx.ip);
    if (unlock) await throttles.spendUnlock(email, input.unlockToken!);
    if (needsRehash(row.passwordHash)) {
      await this.deps.users.updatePasswordHash(
        row.id,
        await hashPassword(input.password),
        this.deps.clock.now(),
      );
    }
    return this.secondFactorOrSession(row, mode, ctx);
  }

  /**
   * The account's hourly ceiling was just reached: the owner is told someone is guessing and is
   * mailed a one-time link that lets their own sign-in through (ADR 54); the audit log keeps it.
   */
  private async passwordGuessingStopped(row: UserRow, ctx: RequestContext): Promise<void> {
    this.deps.log.warn({ userId: row.id }, 'SECURITY password guessing: account ceiling reached');
    await this.deps.auth.auditSecurity('auth.password_guessing', row.id, { lastIp: ctx.ip });
    await this.deps.alerts?.notify(row.id, 'security.password-guessing', { ip: ctx.ip });
    await this.mailUnlockLink(row);
  }

  /** 'E-mail me a sign-in link' on a paused account; answers the same whether or not it exists. */
  async requestUnlock(email: string, ctx: RequestContext): Promise<void> {
    const normalized = email.toLowerCase();
    if (!(await this.deps.throttles.countUnlockRequest(normalized, ctx.ip))) return;
    if (!(await this.deps.throttles.isAccountPaused(normalized))) return;
    const row = await this.deps.users.findByEmail(normalized);
    if (row && !row.deactivatedAt) await this.mailUnlockLink(row);
  }

  private async mailUnlockLink(row: UserRow): Promise<void> {
    const token = await this.deps.throttles.issueUnlock(row.email);
    // The sign-in page of the account's own area; the secret in the fragment, as the reset
    // link's: never sent to a server, never in a Referer.
    const page = row.role === 'issuer' ? '/issuer/login' : '/login';
    const link = `${this.deps.config.publicUrl}${page}#unlock=${token}`;
    const body =
      'Someone has been trying to guess the password of your Investor Portal account, so sign-ins ' +
      'with a password are paused for an hour. Your password was not revealed.';
    await this.deps.mail.send({
      to: row.email,
      subject: 'Someone is trying to sign in to your Investor Portal account',
      text:
        `Hello ${row.name},\n\n${body}\n\nTo sign in anyway, open this link within one hour and ` +
        `sign in as usual:\n\n${link}\n\nIf you did not try to sign in, consider changing your password.\n`,
      html:
        `<p>Hello ${escapeHtml(row.name)},</p><p>${body}</p>` +
        `<p><a href="${escapeHtml(link)}">Sign in anyway</a> (the link works once, for one hour).</p>` +
        '<p>If you did not try to sign in, consider changing your password.</p>',
    });
  }

  /**
   * Signs in an account whose owner proved who they are another way (Google, ADR 45): a
   * deactivated account is refused, and one with two-factor still asks for its code.
   */
  async signInVerified(
    row: UserRow,
    mode: SessionMode,
    ctx: RequestContext,
  ): Promise<SignedIn | SecondFactorNeeded> {
    if (row.deactivatedAt) throw new DomainError('FORBIDDEN', messages.accountDeactivated);
    return this.secondFactorOrSession(row, mode, ctx);
  }

  /** The first factor is done: a ticket for the code step when the account has one, else a session. */
  private async secondFactorOrSession(
    row: UserRow,
    mode: SessionMode,
    ctx: RequestContext,
  ): Promise<SignedIn | SecondFactorNeeded> {
    if (await this.deps.twoFactor.isEnabled(row.id)) {
      const ticket = newOpaqueToken();
      await this.deps.challenges.createChallenge({
        userId: row.id,
        ticketHash: sha256(ticket),
        mode,
        expiresAt: new Date(this.deps.clock.now().getTime() + CHALLENGE_TTL_MS),
      });
      return { ticket };
    }
    return this.finishSignIn(row, mode, ctx);
  }

  /** The second sign-in step: a TOTP or recovery code against the ticket of the password step. */
  async completeTwoFactor(ticket: string, code: string, ctx: RequestContext): Promise<SignedIn> {
    const now = this.deps.clock.now();
    const challenge = await this.deps.challenges.findChallenge(sha256(ticket));
    if (
      !challenge ||
      challenge.usedAt ||
      challenge.expiresAt <= now ||
      challenge.attempts >= CHALLENGE_ATTEMPTS
    )
      throw new DomainError('UNAUTHENTICATED', messages.twoFactorTicketInvalid);
    const { throttles } = this.deps;
    await throttles.assertSecondFactorAllowed(challenge.userId, isRecoveryCode(code));
    await this.deps.challenges.countAttempt(challenge.id, challenge.attempts + 1);
    if (!(await this.deps.twoFactor.verify(challenge.userId, code))) {
      this.deps.log.warn({ userId: challenge.userId, ip: ctx.ip }, 'second factor refused');
      const { burst, failures } = await throttles.recordSecondFactorFailure(challenge.userId);
      if (burst) await this.secondFactorGuessing(challenge.userId, failures, ctx);
      throw new DomainError('VALIDATION_ERROR', messages.twoFactorCodeInvalid, {
        fields: { code: messages.twoFactorCodeInvalid },
      });
    }
    await throttles.recordSecondFactorSuccess(challenge.userId);
    const row = await this.deps.users.findById(challenge.userId);
    if (!row || row.deactivatedAt || !(await this.deps.challenges.spendChallenge(challenge.id, now)))
      throw new DomainError('UNAUTHENTICATED', messages.twoFactorTicketInvalid);
    return this.finishSignIn(row, challenge.mode, ctx);
  }

  /** A burst of wrong codes: whoever it is knows the password, so the owner must hear of it. */
  private async secondFactorGuessing(userId: string, failures: number, ctx: RequestContext): Promise<void> {
    this.deps.log.warn({ userId, failures }, 'SECURITY second-factor guessing');
    await this.deps.auth.auditSecurity('auth.second_factor_guessing', userId, { failures, lastIp: ctx.ip });
    await this.deps.alerts?.notify(userId, 'security.two-factor-guessing', { ip: ctx.ip });
  }

  private async finishSignIn(row: UserRow, mode: SessionMode, ctx: RequestContext): Promise<SignedIn> {
    const session = await this.startSession(row.id, row.role, mode, ctx);
    await this.alertNewDevice(row.id, session.sessionId, ctx);
    return { user: await this.deps.usersService.getProfile(row.id), session };
  }

  /** Login alert: mails and lists a sign-in from a browser this account never used before. */
  private async alertNewDevice(userId: string, sessionId: string, ctx: RequestContext): Promise<void> {
    const { alerts, auth } = this.deps;
    if (!alerts || !(await alerts.enabled(userId))) return;
    const userAgent = ctx.userAgent?.slice(0, 400) ?? null;
    // The very first sign-in after registration is not news.
    if (!(await auth.hasOtherSessions(userId, sessionId))) return;
    if (await auth.hasSignedInFrom(userId, userAgent, sessionId)) return;
    await alerts.notify(userId, 'security.login', {
      device: describeDevice(userAgent) ?? 'Unknown device',
      ip: ctx.ip,
    });
  }

  /**
   * Rotates a refresh token. Exactly one successor per token, even under concurrent refreshes:
   * the winner supersedes the token atomically and seals the successor onto it; the others, if
   * inside the grace window, receive that same successor. Any other reuse of a superseded token
   * means it was copied, so the whole family is revoked (RFC 9700 §4.14.2).
   */
  async refresh(rawToken: string | undefined): Promise<IssuedSession> {
    if (!rawToken) throw new DomainError('UNAUTHENTICATED', messages.noRefreshToken);
    const tokenHash = sha256(rawToken);
    const now = this.deps.clock.now();
    // Failures are returned, not thrown, so that a revocation made here is committed.
    const outcome = await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.auth.with(tx);
      const current = await repo.supersede(tokenHash, now);
      if (!current) return this.handleStaleRefresh(repo, tokenHash, now);
      const live = await repo.findLiveSession(current.sessionId, now);
      if (!live) return undefined;
      await repo.touchSession(live.sessionId, now);
      const successor = newOpaqueToken();
      const expiresAt = this.refreshExpiry(now, live.absoluteExpiresAt);
      await repo.insertRefreshToken({
        sessionId: current.sessionId,
        tokenHash: sha256(successor),
        parentId: current.id,
        expiresAt,
      });
      await repo.setSuccessor(
        current.id,
        this.deps.masterKey.sealToString(Buffer.from(successor), successorAad(current)),
      );
      return this.issue(
        live.sessionId,
        live.mode,
        { userId: live.userId, role: live.role },
        successor,
        expiresAt,
      );
    });
    if (!outcome) throw new DomainError('UNAUTHENTICATED', messages.refreshFailed);
    return outcome;
  }

  private async handleStaleRefresh(
    repo: AuthRepo,
    tokenHash: string,
    now: Date,
  ): Promise<IssuedSession | undefined> {
    const token = await repo.findRefreshToken(tokenHash);
    if (!token?.supersededAt) return undefined; // unknown or expired
    const live = await repo.findLiveSession(token.sessionId, now);
    if (!live) return undefined;
    const child = await repo.findChild(token.id);
    const withinGrace = now.getTime() - token.supersededAt.getTime() <= REFRESH_GRACE_MS;
    if (withinGrace && token.successorSealed && child && !child.supersededAt && child.expiresAt > now) {
      const successor = this.deps.masterKey.openString(token.successorSealed, successorAad(token)).toString();
      return this.issue(
        live.sessionId,
        live.mode,
        { userId: live.userId, role: live.role },
        successor,
        child.expiresAt,
      );
    }
    await repo.revokeSession(token.sessionId, 'refresh_token_reuse', now);
    this.deps.sessions.forget(token.sessionId);
    this.deps.log.warn(
      { sessionId: token.sessionId },
      'SECURITY refresh token reuse detected; session revoked',
    );
    return undefined;
  }

  /** Revokes the session a request belongs to; unknown or expired sessions are simply done. */
  async logout(sessionId: string | undefined, rawRefreshToken: string | undefined): Promise<void> {
    const now = this.deps.clock.now();
    let id = sessionId;
    if (!id && rawRefreshToken)
      id = (await this.deps.auth.findRefreshToken(sha256(rawRefreshToken)))?.sessionId;
    if (!id) return;
    await this.deps.auth.revokeSession(id, 'logout', now);
    this.deps.sessions.forget(id);
  }

  /** The claims of a live session's access token, or undefined. */
  async authenticate(accessToken: string): Promise<AccessClaims | undefined> {
    const claims = await this.deps.tokens.verify(accessToken);
    if (!claims) return undefined;
    const now = this.deps.clock.now();
    let live = this.deps.sessions.getLive(claims.sessionId, now);
    if (!live) {
      const mark = this.deps.sessions.mark();
      live = await this.deps.auth.findLiveSession(claims.sessionId, now);
      if (live) this.deps.sessions.put(live.sessionId, live, mark);
    }
    if (!live || live.userId !== claims.userId) return undefined;
    this.markUsed(live, now);
    return { userId: live.userId, sessionId: live.sessionId, role: live.role };
  }

  /**
   * The active-sessions list shows when each session was last used: an authenticated request
   * moves it forward, at most once a minute per session and process, without waiting for it.
   */
  private markUsed({ sessionId, lastUsedAt }: LiveSession, now: Date): void {
    const last = this.usedAt.get(sessionId) ?? lastUsedAt.getTime();
    if (Math.abs(now.getTime() - last) < MARK_USED_EVERY_MS) return;
    if (this.usedAt.size >= MAX_MARKED_SESSIONS) this.usedAt.clear();
    this.usedAt.set(sessionId, now.getTime());
    this.deps.auth
      .touchSession(sessionId, now)
      .catch((error: unknown) => this.deps.log.warn({ err: error, sessionId }, 'session use not recorded'));
  }

  /** Whether a session is still signed in, for long-lived streams opened with it. */
  async isLive(sessionId: string): Promise<boolean> {
    return !!(await this.deps.auth.findLiveSession(sessionId, this.deps.clock.now()));
  }

  /** For logout: identifies the session of a genuine token even if it has expired. */
  async sessionOf(accessToken: string): Promise<string | undefined> {
    const claims = await this.deps.tokens.verify(accessToken, {
      allowExpiredFor: this.deps.config.session.absoluteHours * 3600,
    });
    return claims?.sessionId;
  }

  async requestPasswordReset(email: string, ctx: RequestContext): Promise<void> {
    const normalized = email.toLowerCase();
    const allowed = await this.deps.throttles.countPasswordResetRequest(normalized, ctx.ip);
    const user = allowed ? await this.deps.users.findByEmail(normalized) : undefined;
    if (!user) return;
    const token = newOpaqueToken();
    const now = this.deps.clock.now();
    await this.deps.auth.insertPasswordReset({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
    // Built from PUBLIC_URL, never from the Host header (OWASP Forgot Password Cheat Sheet). The
    // token rides in the fragment, which browsers never send to a server or put in a Referer.
    const link = `${this.deps.config.publicUrl}/reset-password#token=${token}`;
    await this.deps.mail.send({
      to: user.email,
      subject: 'Reset your Investor Portal password',
      text:
        `Hello ${user.name},\n\nSomeone asked to reset the password of your Investor Portal account.\n` +
        `To choose a new password, open this link within one hour:\n\n${link}\n\n` +
        'If it was not you, ignore this message: your password stays as it is.\n',
      html:
        `<p>Hello ${escapeHtml(user.name)},</p><p>Someone asked to reset the password of your Investor Portal account.</p>` +
        `<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works for one hour).</p>` +
        '<p>If it was not you, ignore this message: your password stays as it is.</p>',
    });
  }

  async resetPassword(token: string, password: string): Promise<void> {
    assertNotCommon(password, 'password');
    const now = this.deps.clock.now();
    const passwordHash = await hashPassword(password);
    const userId = await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.auth.with(tx);
      const owner = await repo.consumePasswordReset(sha256(token), now);
      if (!owner) throw new DomainError('BAD_REQUEST', messages.resetTokenInvalid);
      await this.deps.users.with(tx).updatePasswordHash(owner, passwordHash, now);
      await repo.spendOutstandingResets(owner, now);
      await repo.revokeUserSessions(owner, 'password_reset', now);
      return owner;
    });
    this.deps.sessions.forgetUser(userId);
    // Whoever reset the password proved they own the mailbox: failed sign-ins are forgiven.
    const user = await this.deps.users.findById(userId);
    if (user) await this.deps.throttles.clearAccount(user.email);
  }

  async changePassword(claims: AccessClaims, currentPassword: string, newPassword: string): Promise<void> {
    const user = await this.deps.users.findById(claims.userId);
    if (!user) throw new DomainError('UNAUTHENTICATED', messages.unauthenticated);
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      throw new DomainError('VALIDATION_ERROR', messages.currentPasswordWrong, {
        fields: { currentPassword: messages.currentPasswordWrong },
      });
    }
    if (newPassword === currentPassword) {
      throw new DomainError('VALIDATION_ERROR', messages.passwordUnchanged, {
        fields: { newPassword: messages.passwordUnchanged },
      });
    }
    assertNotCommon(newPassword, 'newPassword');
    const passwordHash = await hashPassword(newPassword);
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      await this.deps.users.with(tx).updatePasswordHash(user.id, passwordHash, now);
      await this.deps.auth.with(tx).revokeUserSessions(user.id, 'password_changed', now, claims.sessionId);
    });
    this.deps.sessions.forgetUser(user.id);
  }

  async listSessions(claims: AccessClaims): Promise<ActiveSession[]> {
    const rows = await this.deps.auth.listLiveSessions(claims.userId, this.deps.clock.now());
    return rows.map((row) => ({
      id: row.id,
      current: row.id === claims.sessionId,
      device: describeDevice(row.userAgent) ?? null,
      userAgent: row.userAgent,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
    }));
  }

  /** Every sign-in of the user, for 'Download my data'. */
  async sessionHistory(userId: string) {
    const rows = await this.deps.auth.listAllSessions(userId);
    return rows.map((row) => ({
      id: row.id,
      mode: row.mode,
      userAgent: row.userAgent,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
    }));
  }

  /** Signs out one of the caller's sessions (another user's id is simply not found). */
  async revokeSession(claims: AccessClaims, sessionId: string): Promise<void> {
    const now = this.deps.clock.now();
    if (!(await this.deps.auth.revokeOwnSession(claims.userId, sessionId, 'revoked_by_user', now)))
      throw new DomainError('NOT_FOUND', messages.sessionNotFound);
    this.deps.sessions.forget(sessionId);
  }

  /** 'Log out from all other devices': every session but the caller's. */
  async revokeOtherSessions(claims: AccessClaims): Promise<void> {
    await this.deps.auth.revokeUserSessions(
      claims.userId,
      'logout_others',
      this.deps.clock.now(),
      claims.sessionId,
    );
    this.deps.sessions.forgetUser(claims.userId);
  }

  /** 'Deactivate Account' (ADR 0024): password confirmed, then disabled and signed out everywhere. */
  async deactivate(claims: AccessClaims, password: string): Promise<void> {
    const user = await this.deps.users.findById(claims.userId);
    if (!user) throw new DomainError('UNAUTHENTICATED', messages.unauthenticated);
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new DomainError('VALIDATION_ERROR', messages.currentPasswordWrong, {
        fields: { password: messages.currentPasswordWrong },
      });
    }
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      await this.deps.users.with(tx).deactivate(user.id, now);
      await this.deps.auth.with(tx).revokeUserSessions(user.id, 'deactivated', now);
    });
    this.deps.sessions.forgetUser(user.id);
    this.deps.log.info({ userId: user.id }, 'account deactivated');
  }

  private async startSession(
    userId: string,
    role: Role,
    mode: SessionMode,
    ctx: RequestContext,
  ): Promise<IssuedSession> {
    const now = this.deps.clock.now();
    const refreshToken = newOpaqueToken();
    const absoluteExpiresAt = new Date(now.getTime() + this.deps.config.session.absoluteHours * 3600_000);
    const expiresAt = this.refreshExpiry(now, absoluteExpiresAt);
    const session = await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.auth.with(tx);
      const created = await repo.createSession({
        userId,
        mode,
        absoluteExpiresAt,
        userAgent: ctx.userAgent?.slice(0, 400) ?? null,
        ip: ctx.ip,
      });
      await repo.insertRefreshToken({ sessionId: created.id, tokenHash: sha256(refreshToken), expiresAt });
      return created;
    });
    return this.issue(session.id, mode, { userId, role }, refreshToken, expiresAt);
  }

  private async issue(
    sessionId: string,
    mode: SessionMode,
    who: { userId: string; role: Role },
    refreshToken: string,
    refreshExpiresAt: Date,
  ): Promise<IssuedSession> {
    const accessToken = await this.deps.tokens.sign({ ...who, sessionId });
    return { sessionId, mode, accessToken, refreshToken, refreshExpiresAt };
  }

  /** A refresh token lives for the idle window, never past the session's absolute lifetime. */
  private refreshExpiry(now: Date, absoluteExpiresAt: Date): Date {
    return new Date(
      Math.min(now.getTime() + this.deps.config.session.idleMinutes * 60_000, absoluteExpiresAt.getTime()),
    );
  }
}

const successorAad = (token: Pick<RefreshTokenRow, 'id'>) => `refresh-successor|${token.id}`;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
