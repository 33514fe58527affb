import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { messages } from '@portal/shared/messages';
import type { SumsubConfig } from '../../config.js';
import { DomainError } from '../../errors.js';
import {
  KYC_ACCESS_TOKEN_TTL_SECONDS,
  type KycApplicantData,
  type KycEvent,
  type KycPort,
  type KycReview,
} from './kyc.js';
import { parseApplicant, parseEvent, parseStatus, signRequest, verifyPayloadDigest } from './sumsub-wire.js';

const REQUEST_TIMEOUT_MS = 10_000;

const TokenSchema = z.object({ token: z.string().min(1) });

/**
 * Sumsub's REST API (api.sumsub.com), every request signed with the app token's secret key;
 * webhooks verified with the webhook secret and the algorithm pinned in config.
 */
export class SumsubKyc implements KycPort {
  readonly name = 'sumsub' as const;
  readonly contentSecurity;
  readonly websdkUrl: string;

  constructor(
    private readonly config: SumsubConfig,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.websdkUrl = new URL(config.websdkUrl).origin;
    // The parent page only embeds the iframe; every call to Sumsub is made from inside it.
    this.contentSecurity = { frameSources: [this.websdkUrl], connectSources: [] };
  }

  async createApplicant(externalUserId: string): Promise<{ applicantId: string }> {
    const levelName = encodeURIComponent(this.config.levelName);
    const created = await this.request(
      'POST',
      `/resources/applicants?levelName=${levelName}`,
      { externalUserId },
      [409],
    );
    if (created.status !== 409) return { applicantId: parseApplicant(created.body).id };
    // Already created (an earlier attempt whose answer was lost): Sumsub keys applicants by our id.
    const existing = await this.request(
      'GET',
      `/resources/applicants/-;externalUserId=${encodeURIComponent(externalUserId)}/one`,
    );
    return { applicantId: parseApplicant(existing.body).id };
  }

  async accessToken(externalUserId: string): Promise<string> {
    const response = await this.request('POST', '/resources/accessTokens/sdk', {
      userId: externalUserId,
      levelName: this.config.levelName,
      ttlInSecs: KYC_ACCESS_TOKEN_TTL_SECONDS,
    });
    return this.parse(TokenSchema, response.body).token;
  }

  async applicantStatus(applicantId: string): Promise<KycReview> {
    const response = await this.request(
      'GET',
      `/resources/applicants/${encodeURIComponent(applicantId)}/status`,
    );
    return this.parse({ parse: parseStatus }, response.body);
  }

  async applicantData(applicantId: string): Promise<KycApplicantData> {
    const response = await this.request(
      'GET',
      `/resources/applicants/${encodeURIComponent(applicantId)}/one`,
    );
    return this.parse({ parse: parseApplicant }, response.body);
  }

  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): boolean {
    return verifyPayloadDigest(rawBody, headers, this.config.webhookSecret, this.config.webhookAlg);
  }

  parseWebhook(rawBody: Buffer): KycEvent | undefined {
    return parseEvent(rawBody);
  }

  private parse<T>(schema: { parse(json: unknown): T }, json: unknown): T {
    try {
      return schema.parse(json);
    } catch (error) {
      this.log.warn({ err: error }, 'Sumsub answered with an unexpected body');
      throw new DomainError('BAD_GATEWAY', messages.kycProviderUnavailable, { cause: error });
    }
  }

  private async request(
    method: 'GET' | 'POST',
    pathWithQuery: string,
    json?: unknown,
    acceptedErrors: number[] = [],
  ): Promise<{ status: number; body: unknown }> {
    const url = new URL(this.config.baseUrl + pathWithQuery);
    const body = json === undefined ? '' : JSON.stringify(json);
    // Wall-clock time, not the injectable clock: Sumsub compares it with its own.
    const ts = Math.floor(Date.now() / 1000);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          'x-app-token': this.config.appToken,
          'x-app-access-ts': String(ts),
          'x-app-access-sig': signRequest(this.config.secretKey, ts, method, url.pathname + url.search, body),
        },
        body: body || undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      this.log.warn({ err: error, method, path: url.pathname }, 'Sumsub request failed');
      throw new DomainError('BAD_GATEWAY', messages.kycProviderUnavailable, { cause: error });
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok && !acceptedErrors.includes(response.status)) {
      const description = (parsed as { description?: unknown } | undefined)?.description;
      this.log.warn(
        { method, path: url.pathname, status: response.status, description: String(description ?? '') },
        'Sumsub answered with an error',
      );
      throw new DomainError('BAD_GATEWAY', messages.kycProviderUnavailable);
    }
    return { status: response.status, body: parsed };
  }
}
