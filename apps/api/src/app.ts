import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { messages } from '@portal/shared/messages';
import type { Config } from './config.js';
import { createContainer, type Container, type ContainerOverrides } from './container.js';
import { DomainError } from './errors.js';
import { registerJobs, startJobs } from './jobs/index.js';
import { createLogger, logContext, requestId } from './logger.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { googleRoutes } from './modules/auth/google.routes.js';
import { credentialsRoutes } from './modules/credentials/credentials.routes.js';
import { didRoutes } from './modules/did/did.routes.js';
import { explorerRoutes } from './modules/explorer/explorer.routes.js';
import { metricsRoutes } from './modules/metrics/metrics.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { ipfsRoutes } from './modules/ipfs/ipfs.routes.js';
import { kybRoutes } from './modules/kyb/kyb.routes.js';
import { kycRoutes } from './modules/kyc/kyc.routes.js';
import { issuerRoutes } from './modules/issuer/issuer.routes.js';
import { marketplaceRoutes } from './modules/marketplace/marketplace.routes.js';
import { purchasesRoutes } from './modules/purchases/purchases.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { linkedWalletsRoutes } from './modules/settings/linked-wallets.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { sbtRoutes } from './modules/sbt/sbt.routes.js';
import { vaultRoutes } from './modules/vault/vault.routes.js';
import { registerDocs } from './plugins/docs.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerInputText } from './plugins/input-text.js';
import { registerJsonBody } from './plugins/json-body.js';
import { registerPolicies } from './plugins/policy.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerSpa } from './plugins/spa.js';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface BuildOverrides extends ContainerOverrides {
  logger?: Logger;
}

declare module 'fastify' {
  interface FastifyInstance {
    container: Container;
  }
}

/** Builds the whole server, registered explicitly in one place (no autoload). */
export async function buildApp(config: Config, overrides: BuildOverrides = {}): Promise<App> {
  const log = overrides.logger ?? createLogger(config);
  const container = await createContainer(config, log, overrides);
  const app = Fastify<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger>({
    loggerInstance: log,
    genReqId: requestId,
    trustProxy: trustProxy(config.trustProxy),
    bodyLimit: config.bodyLimit,
    // Slow-client limits (slowloris): headers within 10 s, whole request within 30 s.
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('container', container);
  // Streams end first: the server's close waits for every open connection.
  app.addHook('preClose', async () => container.events.closeAll());
  app.addHook('onClose', () => container.close());
  // With RUN_JOBS=false the jobs this process enqueues run in worker processes (npm run worker).
  if (config.runJobs) registerJobs(container);
  app.addHook('onReady', async () => {
    if (config.runJobs) await startJobs(container);
    if (config.seedDemo) await container.demo.schedule();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonBody(app);
  registerErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // The handler runs inside its request's log context (jobs it enqueues keep the id).
  app.addHook('preHandler', (request, _reply, done) => logContext.run({ reqId: request.id }, done));
  await registerSecurityHeaders(app, config.publicUrl, container.kyc.port.contentSecurity);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimits.apiPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) =>
      new DomainError('RATE_LIMITED', messages.tooManyRequests, {
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      }),
  });
  registerPolicies(app, container.auth, config.publicUrl);
  // A user's own write has committed before it is answered: dropping their cached profile now
  // lets their next read on this process see it without waiting for the notification (ADR 49).
  app.addHook('onSend', async (request) => {
    if (request.auth && request.method !== 'GET' && request.method !== 'HEAD')
      container.users.profileChanged(request.auth.userId);
  });
  registerInputText(app);
  await registerDocs(app);

  metricsRoutes(app, container.metrics, config.metricsToken);
  healthRoutes(app, container.database);
  authRoutes(app, {
    auth: container.auth,
    users: container.users,
    clock: container.clock,
    accessTokenSeconds: config.session.accessTokenSeconds,
    twoFactor: container.twoFactor,
    twoFactorPerMinute: config.rateLimits.twoFactorPerMinute,
  });
  googleRoutes(app, {
    google: container.google,
    clock: container.clock,
    publicUrl: config.publicUrl,
    redirectUri: config.google?.redirectUri,
    accessTokenSeconds: config.session.accessTokenSeconds,
    perMinute: config.rateLimits.googlePerMinute,
  });
  adminRoutes(app, { admin: container.admin, outbox: container.outbox, revocation: container.revocation });
  settingsRoutes(app, container.settings);
  linkedWalletsRoutes(app, container.linkedWallets);
  notificationsRoutes(app, {
    notifications: container.notifications,
    hub: container.events,
    isLive: (sessionId) => container.auth.isLive(sessionId),
  });
  await kycRoutes(app, {
    kyc: container.kyc,
    sandbox: container.kycSandbox,
    websdkDir: config.kyc.websdkDir,
    audit: container.admin,
  });
  kybRoutes(app, container.kyb);
  vaultRoutes(app, container.vault, container.fireblocksWebhook);
  didRoutes(app, container.dids);
  sbtRoutes(app, container.sbt);
  marketplaceRoutes(app, container.marketplace);
  issuerRoutes(app, container.issuer);
  purchasesRoutes(app, container.purchases);
  credentialsRoutes(app, container.credentials, {
    verifyPerMinute: config.rateLimits.credentialVerifyPerMinute,
  });
  ipfsRoutes(app, container.credentials);
  if (container.explorer) await explorerRoutes(app, container.explorer);

  await registerSpa(app, config.webDistDir);
  return app;
}

/** A hop count trusts that many proxies nearest to us; anything else is passed to proxy-addr. */
function trustProxy(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}
