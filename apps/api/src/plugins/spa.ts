import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '@portal/shared/messages';
import { DomainError } from '../errors.js';
import { sendError } from './error-handler.js';
import { markRoutesPublic } from './public-scope.js';

const BACKEND_PREFIXES = ['/api/', '/ipfs/', '/explorer/', '/websdk/', '/contexts/'];
/** Backend paths that are never pages, even when nothing serves them (`/metrics` without its token). */
const BACKEND_PATHS = new Set(['/api', '/metrics']);
/** A path whose last segment has an extension names a file, never an app route. */
const FILE_PATH = /\/[^/]*\.[A-Za-z0-9]+$/;

/**
 * Serves the built web app from the API's origin (one origin: cookies and CSP stay simple).
 * Unknown non-API GETs get index.html so client-side routes work, and the web app shows its
 * own 404 page; unknown API paths and missing files (`/old.js`, `/wp-login.php`) get a 404.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile) : undefined;
  if (indexHtml) {
    await app.register(async (scope) => {
      markRoutesPublic(scope);
      // A cold page loads dozens of these files: they never count against the API limit.
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, staticFile: true };
      });
      await scope.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        // The web build writes .br and .gz beside each asset (scripts/compress-assets.mjs).
        preCompressed: true,
        // Vite copies public/websdk here too; the KYC sandbox serves that page with its own headers.
        globIgnore: ['websdk/**'],
        setHeaders(reply, filePath) {
          // Vite fingerprints everything under assets/, so it never changes under the same name.
          reply.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !BACKEND_PREFIXES.some((prefix) => pathname.startsWith(prefix)) &&
      !BACKEND_PATHS.has(pathname) &&
      !FILE_PATH.test(pathname);
    if (indexHtml && isPage) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    return sendError(request, reply, new DomainError('NOT_FOUND', messages.notFound));
  });
}
