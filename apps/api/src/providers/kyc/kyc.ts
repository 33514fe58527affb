import type { IncomingHttpHeaders } from 'node:http';
import type { KycProviderName, RejectType, ReviewAnswer } from '@portal/shared/kyc';
import type { ContentSecurity } from '../../plugins/security-headers.js';

/** WebSDK access tokens live this long (Sumsub's default `ttlInSecs`). */
export const KYC_ACCESS_TOKEN_TTL_SECONDS = 600;

/** An applicant's review at the provider (Sumsub's `review` / status object). */
export interface KycReview {
  /** init, pending, queued, onHold, prechecked, awaitingService, awaitingUser, completed… */
  reviewStatus: string;
  reviewAnswer?: ReviewAnswer | undefined;
  rejectType?: RejectType | undefined;
  moderationComment?: string | undefined;
}

/** The identity the provider established (Sumsub `info`). */
export interface KycIdentity {
  firstName?: string | undefined;
  lastName?: string | undefined;
  dob?: string | undefined;
  /** ISO 3166-1 alpha-3, as Sumsub gives it. */
  country?: string | undefined;
}

export interface KycApplicantData {
  id: string;
  externalUserId: string;
  identity: KycIdentity;
  review: KycReview;
}

/** A verified, parsed webhook event (Sumsub's payload attributes that matter to us). */
export interface KycEvent {
  type: string;
  applicantId: string;
  externalUserId: string | undefined;
  review: KycReview | undefined;
  /** When the provider created the event; undefined when the payload did not say. */
  createdAt: Date | undefined;
}

/**
 * The identity-verification provider (Sumsub's API, or the embedded sandbox speaking the same
 * protocol). Implementations throw DomainError('BAD_GATEWAY') when the provider cannot be reached
 * or answers with an error.
 */
export interface KycPort {
  readonly name: KycProviderName;
  /** The origins the web app must allow to show the provider's widget. */
  readonly contentSecurity: ContentSecurity;
  /** The WebSDK `baseUrl` the web app passes; null for the portal's own origin. */
  readonly websdkUrl: string | null;
  /** Creates the applicant for our user, or returns the existing one (idempotent per user). */
  createApplicant(externalUserId: string): Promise<{ applicantId: string }>;
  /** A short-lived WebSDK access token for the user's applicant. */
  accessToken(externalUserId: string, applicantId: string): Promise<string>;
  applicantStatus(applicantId: string): Promise<KycReview>;
  applicantData(applicantId: string): Promise<KycApplicantData>;
  /** True when the webhook's signature over the exact body bytes is valid. */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): boolean;
  /** The event in an authentic body; undefined when the body is not an event we understand. */
  parseWebhook(rawBody: Buffer): KycEvent | undefined;
}
