import type { IncomingHttpHeaders } from 'node:http';
import type { KycApplicantData, KycEvent, KycPort, KycReview } from './kyc.js';
import type { SandboxService } from './sandbox/sandbox.service.js';
import { parseEvent } from './sumsub-wire.js';

/**
 * The embedded default: the port over the local verification service. The WebSDK loads the
 * sandbox's page from the portal itself, so no other origin needs to be allowed.
 */
export class SandboxKyc implements KycPort {
  readonly name = 'sandbox' as const;
  readonly contentSecurity = { frameSources: [], connectSources: [] };
  readonly websdkUrl = null;

  constructor(private readonly sandbox: SandboxService) {}

  async createApplicant(externalUserId: string): Promise<{ applicantId: string }> {
    return { applicantId: await this.sandbox.createApplicant(externalUserId) };
  }

  accessToken(externalUserId: string, applicantId: string): Promise<string> {
    return this.sandbox.issueToken(externalUserId, applicantId);
  }

  async applicantStatus(applicantId: string): Promise<KycReview> {
    return this.sandbox.review(await this.sandbox.applicant(applicantId));
  }

  async applicantData(applicantId: string): Promise<KycApplicantData> {
    const row = await this.sandbox.applicant(applicantId);
    return {
      id: row.id,
      externalUserId: row.externalUserId,
      identity: this.sandbox.identity(row),
      review: this.sandbox.review(row),
    };
  }

  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): boolean {
    return this.sandbox.verifyWebhook(rawBody, headers);
  }

  parseWebhook(rawBody: Buffer): KycEvent | undefined {
    return parseEvent(rawBody);
  }
}
