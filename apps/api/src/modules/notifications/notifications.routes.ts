import {
  MarkReadRequestSchema,
  NotificationsResponseSchema,
  SERVER_EVENTS,
} from '@portal/shared/notifications';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { ANY_ROLE, caller } from '../../plugins/policy.js';
import type { EventHub } from './event-hub.js';
import type { NotificationsService } from './notifications.service.js';

export interface NotificationsRouteDeps {
  notifications: NotificationsService;
  hub: EventHub;
  /** Whether the session that opened a stream is still signed in. */
  isLive: (sessionId: string) => Promise<boolean>;
  heartbeatMs?: number;
}

const tags = ['notifications'];
const security = [{ bearer: [] }];
/** Under the usual 30–60 s idle timeouts of proxies and load balancers. */
const HEARTBEAT_MS = 25_000;

export function notificationsRoutes(app: App, deps: NotificationsRouteDeps): void {
  const config = { policy: ANY_ROLE };
  const response = { 200: NotificationsResponseSchema, ...errorResponses };

  app.get('/api/notifications', { config, schema: { tags, security, response } }, async (request) => ({
    success: true as const,
    ...(await deps.notifications.list(caller(request).userId)),
  }));

  app.post(
    '/api/notifications/read',
    { config, schema: { tags, security, body: MarkReadRequestSchema.nullish(), response } },
    async (request) => ({
      success: true as const,
      ...(await deps.notifications.markRead(caller(request).userId, request.body?.ids)),
    }),
  );

  /**
   * Server-sent events for the signed-in user (the browser's session cookie authenticates it).
   * A heartbeat keeps proxies from closing the stream; the stream ends when its session does.
   */
  app.get('/api/events', { config, schema: { tags, security } }, async (request, reply) => {
    const { userId, sessionId } = caller(request);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // nginx would otherwise buffer the stream.
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    const send = (event: string, data: unknown) =>
      raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      raw.end();
    };
    const recheck = (alive: () => void = () => {}) =>
      deps.isLive(sessionId).then(
        (live) => (live ? alive() : close()),
        () => close(),
      );
    // Ended at once when the session is (sessionsChanged), else found out at the next heartbeat.
    const unsubscribe = deps.hub.subscribe(userId, send, close, {
      id: sessionId,
      recheck: () => void recheck(),
    });
    const heartbeat = setInterval(
      () => void recheck(() => raw.write(': ping\n\n')),
      deps.heartbeatMs ?? HEARTBEAT_MS,
    );
    request.raw.on('close', close);
    send(SERVER_EVENTS.ready, {});
  });
}
