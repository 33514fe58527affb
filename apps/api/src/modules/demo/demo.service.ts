import { randomBytes } from 'node:crypto';
import { OPEN_RULES } from '@portal/shared/compliance';
import { DEMO_ISSUER_EMAIL } from '@portal/shared/marketplace';
import type { FastifyBaseLogger } from 'fastify';
import { DomainError } from '../../errors.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { jobKind, type JobQueue } from '../../jobs/queue.js';
import type { AuthService } from '../auth/auth.service.js';
import type { ComplianceService } from '../compliance/compliance.service.js';
import type { IssuerService } from '../issuer/issuer.service.js';
import type { OnboardingService } from '../issuer/onboarding.service.js';
import type { UsersRepo } from '../users/users.repo.js';
import type { VaultService } from '../vault/vault.service.js';
import { DEMO_TOKENS } from './demo.catalogue.js';
import { z } from 'zod';

export const demoSeedJob = jobKind('demo.seed', z.object({}));
const DAY_MS = 24 * 60 * 60_000;

export interface DemoDeps {
  db: Db;
  auth: AuthService;
  users: UsersRepo;
  vault: VaultService;
  issuer: IssuerService;
  /** The demo issuer is pre-approved: the platform vouches for its own demo. */
  onboarding: Pick<OnboardingService, 'open' | 'preApprove'>;
  /** Some demo tokens carry rules, so a newcomer meets a token they may not buy and reads why. */
  compliance: Pick<ComplianceService, 'changeRules'>;
  jobs: JobQueue;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * Seeds a clearly marked demo issuer and its market on an empty portal, as a job: tokens are
 * deployed by their own jobs, and the seed job runs again (back-off) until it can list them all.
 * Every step checks what exists first, so a crash or a restart never seeds twice.
 */
export class DemoService {
  constructor(private readonly deps: DemoDeps) {}

  /** At boot: enqueue the seed once per database (the dedupe key is the guard). */
  async schedule(): Promise<void> {
    await this.enqueue('boot');
  }

  /** A demo token finished deploying: look again (the last one lets the listings be created). */
  async tokenDeployed(issuerId: string, tokenId: string): Promise<void> {
    const issuer = await this.deps.users.findByEmail(DEMO_ISSUER_EMAIL);
    if (issuer?.id === issuerId) await this.enqueue(tokenId);
  }

  private async enqueue(reason: string): Promise<void> {
    await this.deps.jobs.enqueue(this.deps.db, demoSeedJob, {}, { dedupeKey: `demo:${reason}` });
    this.deps.jobs.notify();
  }

  /** One look: creates what is missing; lists once every demo token is deployed. */
  async seed(): Promise<void> {
    const issuerId = await this.demoIssuer();
    const tokens = await this.deps.issuer.tokens(issuerId);
    const bySymbol = new Map(tokens.map((token) => [token.symbol, token]));
    for (const demo of DEMO_TOKENS) {
      if (!bySymbol.has(demo.token.symbol)) {
        bySymbol.set(demo.token.symbol, await this.deps.issuer.createToken(issuerId, demo.token));
      }
    }
    const pending = [...bySymbol.values()].filter((token) => token.status !== 'DEPLOYED');
    // Each demo token's deployment enqueues another look (tokenDeployed).
    if (pending.length > 0) return;

    const listed = new Set(
      (await this.deps.issuer.listings(issuerId)).map((l) => `${l.tokenSymbol}:${l.kind}`),
    );
    for (const demo of DEMO_TOKENS) {
      const token = bySymbol.get(demo.token.symbol)!;
      // The key makes this one action however often the seed looks again.
      if (demo.rules)
        await this.deps.compliance.changeRules(
          issuerId,
          token.id,
          { ...OPEN_RULES, ...demo.rules },
          `demo-rules-${token.symbol}`,
        );
      for (const listing of demo.listings) {
        if (listed.has(`${token.symbol}:${listing.kind}`)) continue;
        await this.deps.issuer.createListing(issuerId, {
          tokenId: token.id,
          kind: listing.kind,
          tokenAmount: listing.tokenAmount,
          priceETH: listing.priceETH,
          deadline: new Date(this.deps.clock.now().getTime() + listing.days * DAY_MS).toISOString(),
        });
      }
    }
    this.deps.log.info({ issuerId }, 'demo market seeded');
  }

  private async demoIssuer(): Promise<string> {
    const existing = await this.deps.users.findByEmail(DEMO_ISSUER_EMAIL);
    const id =
      existing?.id ??
      (
        await this.deps.auth.createAccount({
          name: 'Demo Issuer',
          email: DEMO_ISSUER_EMAIL,
          // Nobody signs in as the demo issuer: its password is random and never shown.
          password: randomBytes(24).toString('base64url'),
          role: 'issuer',
        })
      ).id;
    // Every look approves it again (idempotent): a crash right after creating it loses nothing.
    await this.deps.onboarding.open(id, 'Demo Issuer');
    await this.deps.onboarding.preApprove(id);
    const { vault } = await this.deps.vault.info(id);
    if (!vault) {
      try {
        await this.deps.vault.create(id, { autoFuel: true }, 'issuer');
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
      }
    }
    return id;
  }
}
