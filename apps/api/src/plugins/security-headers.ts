import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface ContentSecurity {
  /** Extra origins the app may frame (the KYC provider's widget). */
  frameSources: string[];
  /** Extra origins the app may call from the browser. */
  connectSources: string[];
}

/** OWASP HTTP Headers Cheat Sheet; CSP per ASVS 5.0 3.4.3 (no inline script, object/base none). */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string, csp: ContentSecurity) {
  const https = publicUrl.startsWith('https:');
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI/emotion inserts <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...csp.connectSources],
        frameSrc: ["'self'", ...csp.frameSources],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 63072000, includeSubDomains: true, preload: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
  // The KYC widget's origin may use the camera (document photos, liveness) and microphone; nothing else.
  const widgets = csp.frameSources.map((origin) => ` "${origin}"`).join('');
  const permissionsPolicy = `camera=(self${widgets}), microphone=(${widgets.trim()}), geolocation=(), payment=()`;
  app.addHook('onSend', async (request, reply) => {
    reply.removeHeader('x-powered-by');
    reply.header('permissions-policy', permissionsPolicy);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
