import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyRequest } from 'fastify';

/**
 * A local stand-in for api.sumsub.com (tests only). It checks every request's signature the way
 * Sumsub documents it, computed here independently of the adapter's code, keeps applicants in
 * memory, and signs webhooks with its webhook secret.
 */

interface FakeApplicant {
  id: string;
  createdAt: string;
  externalUserId: string;
  levelName: string;
  info: Record<string, string>;
  review: {
    reviewId: string;
    levelName: string;
    createDate: string;
    reviewStatus: string;
    reviewResult?: {
      reviewAnswer: 'GREEN' | 'RED';
      reviewRejectType?: 'RETRY' | 'FINAL';
      moderationComment?: string;
    };
  };
  type: 'individual';
}

export interface RecordedRequest {
  method: string;
  url: string;
  body: string;
  signed: boolean;
}

export interface FakeSumsub {
  url: string;
  appToken: string;
  secretKey: string;
  webhookSecret: string;
  requests: RecordedRequest[];
  applicants: Map<string, FakeApplicant>;
  /** What the reviewer decided (Sumsub's testCompleted in a sandbox). */
  review(applicantId: string, review: FakeApplicant['review']['reviewResult'] & object): void;
  /** A webhook body with the headers Sumsub would send, signed with the named algorithm. */
  webhook(
    event: Record<string, unknown>,
    algorithm?: 'HMAC_SHA1_HEX' | 'HMAC_SHA256_HEX' | 'HMAC_SHA512_HEX',
  ): { payload: string; headers: Record<string, string> };
  /** Answers every request with this status from now on (0: back to normal). */
  failWith(status: number): void;
  close(): Promise<void>;
}

const HASHES = { HMAC_SHA1_HEX: 'sha1', HMAC_SHA256_HEX: 'sha256', HMAC_SHA512_HEX: 'sha512' } as const;

export async function startFakeSumsub(): Promise<FakeSumsub> {
  const appToken = `sbx:${randomBytes(12).toString('hex')}`;
  const secretKey = randomBytes(16).toString('hex');
  const webhookSecret = randomBytes(16).toString('hex');
  const requests: RecordedRequest[] = [];
  const applicants = new Map<string, FakeApplicant>();
  let failure = 0;
  const rawBodies = new WeakMap<FastifyRequest, string>();

  const server = Fastify();
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    rawBodies.set(request, body as string);
    try {
      done(null, body ? JSON.parse(body as string) : {});
    } catch (error) {
      done(error as Error);
    }
  });
  server.addHook('onRequest', async (request) => {
    rawBodies.set(request, '');
  });
  server.addHook('preHandler', async (request, reply) => {
    const body = rawBodies.get(request) ?? '';
    const ts = Number(request.headers['x-app-access-ts']);
    const expected = createHmac('sha256', secretKey)
      .update(`${ts}${request.method}${request.url}${body}`)
      .digest('hex');
    const signed =
      request.headers['x-app-token'] === appToken &&
      request.headers['x-app-access-sig'] === expected &&
      Math.abs(Date.now() / 1000 - ts) < 60;
    requests.push({ method: request.method, url: request.url, body, signed });
    if (!signed) {
      return reply.code(401).send({ description: 'Request signature mismatch', code: 401, errorCode: 4003 });
    }
    if (failure) return reply.code(failure).send({ description: 'Simulated failure', code: failure });
  });

  const find = (id: string) => {
    if (id.startsWith('-;externalUserId=')) {
      const external = decodeURIComponent(id.slice('-;externalUserId='.length));
      return [...applicants.values()].find((applicant) => applicant.externalUserId === external);
    }
    return applicants.get(id);
  };

  server.post('/resources/applicants', async (request, reply) => {
    const { externalUserId } = request.body as { externalUserId: string };
    const { levelName } = request.query as { levelName: string };
    const existing = find(`-;externalUserId=${encodeURIComponent(externalUserId)}`);
    if (existing) {
      return reply.code(409).send({
        description: `Applicant with external user id '${externalUserId}' already exists: ${existing.id}`,
        code: 409,
      });
    }
    const now = new Date().toISOString();
    const applicant: FakeApplicant = {
      id: randomBytes(12).toString('hex'),
      createdAt: now,
      externalUserId,
      levelName,
      info: {},
      review: { reviewId: randomBytes(4).toString('hex'), levelName, createDate: now, reviewStatus: 'init' },
      type: 'individual',
    };
    applicants.set(applicant.id, applicant);
    return reply.code(201).send(applicant);
  });

  server.post('/resources/accessTokens/sdk', async (request) => {
    const { userId } = request.body as { userId: string };
    return { token: `_act-sbx-${randomBytes(16).toString('hex')}`, userId };
  });

  server.get('/resources/applicants/:id/status', async (request, reply) => {
    const applicant = find((request.params as { id: string }).id);
    return applicant ? applicant.review : reply.code(404).send({ description: 'Not found', code: 404 });
  });

  server.get('/resources/applicants/:id/one', async (request, reply) => {
    const applicant = find((request.params as { id: string }).id);
    return applicant ?? reply.code(404).send({ description: 'Not found', code: 404 });
  });

  await server.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    appToken,
    secretKey,
    webhookSecret,
    requests,
    applicants,
    review(applicantId, reviewResult) {
      const applicant = applicants.get(applicantId);
      if (!applicant) throw new Error(`No applicant ${applicantId}`);
      applicant.review = { ...applicant.review, reviewStatus: 'completed', reviewResult };
    },
    webhook(event, algorithm = 'HMAC_SHA256_HEX') {
      const payload = JSON.stringify(event);
      return {
        payload,
        headers: {
          'content-type': 'application/json',
          'x-payload-digest': createHmac(HASHES[algorithm], webhookSecret).update(payload).digest('hex'),
          'x-payload-digest-alg': algorithm,
        },
      };
    },
    failWith(status) {
      failure = status;
    },
    close: () => server.close(),
  };
}
