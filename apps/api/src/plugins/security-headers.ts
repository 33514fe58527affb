import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's own helmet options, over the portal's (the KYC page's framing policy). */
    securityHeaders?: HelmetOptions;
  }
}

export interface ContentSecurity {
  /** Extra origins the app may frame (the KYC provider's widget). */
  frameSources: string[];
  /** Extra origins the app may call from the browser. */
  connectSources: string[];
}

/** OWASP HTTP Headers Cheat Sheet; CSP per ASVS 5.0 3.4.3 (no inline script, object/base none). */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string, csp: ContentSecurity) {
  const https = publicUrl.startsWith('https:');
  const portal: HelmetOptions = {
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
  };
  // Computed once per policy: helmet would rebuild every header (the CSP above all) per request.
  const headers = headersOf(portal);
  const byRoute = new WeakMap<HelmetOptions, Record<string, string>>();
  app.addHook('onRoute', (route) => {
    const own = route.config?.securityHeaders;
    // helmet's option type is a union its own spread does not satisfy; each part is a HelmetOptions.
    if (own) byRoute.set(own, headersOf({ ...portal, ...own } as HelmetOptions));
  });
  app.addHook('onRequest', (request, reply, done) => {
    const own = request.routeOptions.config.securityHeaders;
    reply.headers((own && byRoute.get(own)) || headers);
    done();
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

/** The headers helmet sets for `options`, read off a response that only records them. */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}
