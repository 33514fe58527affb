/**
 * Preloaded into the e2e portal (`node --import`, see server.ts) when API_TRAFFIC_DIR is set:
 * appends every API exchange the browser makes to `e2e-<pid>.jsonl` there, in the format of
 * apps/api/src/test/test-app.ts, for `node scripts/openapi-replay.mjs`. Records from the server
 * side, so the specs need no fixture; credentials are redacted.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const directory = process.env.API_TRAFFIC_DIR;
const API = /^\/(api|ipfs|websdk\/api|contexts)\//;
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'x-access-token']);

const redacted = (headers) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name.toLowerCase(),
      SECRET_HEADERS.has(name.toLowerCase()) ? '[redacted]' : value,
    ]),
  );

if (directory) {
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, `e2e-${process.pid}.jsonl`);
  /** The hash of the document this server publishes; exchanges wait for it. */
  let document;
  const waiting = [];
  const write = (exchange) => appendFileSync(file, `${JSON.stringify({ document, ...exchange })}\n`);

  const describe = async (server) => {
    const { port } = server.address();
    const body = await (await fetch(`http://127.0.0.1:${port}/api/docs/json`)).text();
    document = createHash('sha256').update(body).digest('hex').slice(0, 16);
    const documentFile = path.join(directory, `openapi-${document}.json`);
    if (!existsSync(documentFile)) writeFileSync(documentFile, body);
    waiting.splice(0).forEach(write);
  };

  const tap = (request, response) => {
    const requestChunks = [];
    const responseChunks = [];
    const emit = request.emit;
    request.emit = function (event, chunk, ...rest) {
      if (event === 'data') requestChunks.push(Buffer.from(chunk));
      return emit.call(this, event, chunk, ...rest);
    };
    // Fastify hands its headers to writeHead, not setHeader: getHeaders() alone misses them.
    let written = {};
    const writeHead = response.writeHead;
    response.writeHead = function (status, ...rest) {
      const headers = rest.find((argument) => argument && typeof argument === 'object');
      if (headers && !Array.isArray(headers)) written = headers;
      return writeHead.call(this, status, ...rest);
    };
    for (const method of ['write', 'end']) {
      const original = response[method];
      response[method] = function (chunk, ...rest) {
        if (chunk && typeof chunk !== 'function') responseChunks.push(Buffer.from(chunk));
        return original.call(this, chunk, ...rest);
      };
    }
    response.on('finish', () => {
      const exchange = {
        method: request.method,
        url: request.url,
        requestHeaders: redacted(request.headers),
        requestBody: requestChunks.length ? Buffer.concat(requestChunks).toString() : undefined,
        status: response.statusCode,
        responseHeaders: redacted({ ...response.getHeaders(), ...written }),
        responseBody: Buffer.concat(responseChunks).toString(),
      };
      if (document) write(exchange);
      else waiting.push(exchange);
    });
  };

  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, ...args) {
    if (event === 'request' && API.test(args[0].url) && !args[0].url.startsWith('/api/docs')) tap(...args);
    if (event === 'listening') void describe(this);
    return emit.call(this, event, ...args);
  };
}
