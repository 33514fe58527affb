import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cidOf } from '../ipfs.js';

/**
 * Local stand-ins for kubo's RPC API and Pinata's v3 upload API, speaking their wire formats
 * (multipart uploads, their JSON answers and error bodies). They compute real CIDs of what
 * they receive; `answerCid` makes them claim another one.
 */
interface Received {
  url: string;
  headers: IncomingMessage['headers'];
  form: FormData;
  bytes: Uint8Array;
}

async function readForm(request: IncomingMessage): Promise<FormData> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new Response(Buffer.concat(chunks), {
    headers: { 'content-type': request.headers['content-type'] ?? '' },
  }).formData();
}

function reply(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function serve(
  handle: (request: IncomingMessage, received: Received, response: ServerResponse) => Promise<void>,
) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    readForm(request)
      .then(async (form) => {
        const file = form.get('file');
        const bytes = file instanceof Blob ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
        const entry = { url: request.url ?? '', headers: request.headers, form, bytes };
        received.push(entry);
        await handle(request, entry, response);
      })
      .catch(() => reply(response, 400, { error: 'bad request' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface FakeOptions {
  /** Answer this CID instead of the real one. */
  answerCid?: string;
  /** Fail every request with this HTTP status. */
  failWith?: number;
}

export function startFakeKubo(options: FakeOptions = {}) {
  return serve(async (request, received, response) => {
    const url = new URL(received.url, 'http://kubo');
    if (request.method !== 'POST' || url.pathname !== '/api/v0/block/put') {
      return reply(response, 404, { Message: 'command not found', Code: 0, Type: 'error' });
    }
    if (options.failWith)
      return reply(response, options.failWith, { Message: 'datastore full', Code: 0, Type: 'error' });
    const params = url.searchParams;
    if (
      params.get('cid-codec') !== 'raw' ||
      params.get('mhtype') !== 'sha2-256' ||
      params.get('pin') !== 'true'
    ) {
      return reply(response, 400, { Message: 'unexpected parameters', Code: 1, Type: 'error' });
    }
    reply(response, 200, {
      Key: options.answerCid ?? (await cidOf(received.bytes)),
      Size: received.bytes.length,
    });
  });
}

export function startFakePinata(jwt: string, options: FakeOptions = {}) {
  return serve(async (request, received, response) => {
    if (request.method !== 'POST' || new URL(received.url, 'http://pinata').pathname !== '/v3/files') {
      return reply(response, 404, { error: 'Not Found' });
    }
    if (request.headers.authorization !== `Bearer ${jwt}`) {
      return reply(response, 401, {
        error: { reason: 'NO_AUTH', details: 'Invalid authentication credentials' },
      });
    }
    if (options.failWith) return reply(response, options.failWith, { error: 'Internal Server Error' });
    const file = received.form.get('file');
    if (!(file instanceof File) || received.form.get('network') !== 'public') {
      return reply(response, 400, { error: 'file and network are required' });
    }
    reply(response, 200, {
      data: {
        id: '0193a3c5-7f0e-7c8e-9b1e-000000000001',
        name: received.form.get('name') ?? file.name,
        cid: options.answerCid ?? (await cidOf(received.bytes)),
        size: received.bytes.length,
        number_of_files: 1,
        mime_type: file.type,
        network: 'public',
        created_at: '2026-11-21T12:00:00Z',
        keyvalues: {},
      },
    });
  });
}
