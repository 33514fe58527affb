import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { createContainer, type Container, type ContainerOverrides } from './container.js';
import { registerJobs, startJobs } from './jobs/index.js';
import { createLogger, logContext, requestId } from './logger.js';
import { registerDocs } from './plugins/docs.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerInputText } from './plugins/input-text.js';
import { registerJsonBody } from './plugins/json-body.js';
import { registerPolicies } from './plugins/policy.js';
import { registerRateLimit } from './plugins/rate-limit.js';
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
  app.addHook('onClose', () => container.close());
  // With RUN_JOBS=false the jobs this process enqueues run in worker processes (npm run worker).
  if (config.runJobs) registerJobs(container);
  app.addHook('onReady', async () => {
    if (config.runJobs) await startJobs(container);
    for (const module of container.modules) await module.ready?.();
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
  await registerRateLimit(app, {
    perMinute: config.rateLimits.apiPerMinute,
    sessionOf: async (token) => (await container.auth.authenticate(token))?.sessionId,
  });
  registerPolicies(app, container.auth, config.publicUrl);
  registerInputText(app);
  await registerDocs(app);

  for (const module of container.modules) await module.routes?.(app);

  await registerSpa(app, config.webDistDir);
  return app;
}

/** A hop count trusts that many proxies nearest to us; anything else is passed to proxy-addr. */
function trustProxy(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}
