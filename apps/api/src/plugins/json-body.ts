import type { FastifyInstance } from 'fastify';
import { messages } from '@portal/shared/messages';
import { DomainError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact bytes of a JSON body, for webhook signatures (never re-serialised JSON). */
    rawBody?: Buffer;
  }
}

/**
 * JSON is the only body format: anything else is answered 415 by Fastify. An empty body with a
 * JSON content type counts as no body, since the web client sends that header on every call (docs/product.md §7.1).
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    request.rawBody = bytes;
    if (bytes.length === 0) {
      done(null, undefined);
      return;
    }
    const text = bytes.toString('utf8');
    if (nestedDeeperThan(text, MAX_DEPTH)) {
      done(new DomainError('BAD_REQUEST', messages.validationFailed), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}

/**
 * No request of ours nests anywhere near this deep; the checks that walk a body (control
 * characters, schemas) recurse, and a 10,000-deep body overflowed the stack (a 500).
 */
const MAX_DEPTH = 64;

/** Whether JSON text opens more than `limit` arrays or objects inside each other (strings skipped). */
function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}
