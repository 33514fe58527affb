import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact bytes of a JSON body, for webhook signatures (never re-serialised JSON). */
    rawBody?: Buffer;
  }
}

/**
 * JSON is the only body format: anything else is answered 415 by Fastify. An empty body with a
 * JSON content type counts as no body, since the spec's client sends that header on every call.
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
    void parseJson(request, bytes.toString('utf8'), done);
  });
}
