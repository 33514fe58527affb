import { compactVerify, createRemoteJWKSet, errors } from 'jose';

const DETACHED_JWS = /^[A-Za-z0-9_-]{1,2048}\.\.[A-Za-z0-9_-]{1,2048}$/;

/** Verdicts on the signature itself; anything else (JWKS unreachable) is our problem, not theirs. */
const BAD_SIGNATURE = new Set<string>([
  errors.JWSInvalid.code,
  errors.JWSSignatureVerificationFailed.code,
  errors.JOSEAlgNotAllowed.code,
  errors.JOSENotSupported.code,
  errors.JWKSNoMatchingKey.code,
  errors.JWKSMultipleMatchingKeys.code,
  errors.JWKInvalid.code,
]);

/**
 * Fireblocks webhooks v2: `Fireblocks-Webhook-Signature` is a detached JWS (`header..signature`)
 * over the exact body bytes, RS512, with the key picked by `kid` from Fireblocks' JWKS. The
 * algorithm and the JWKS URL are pinned here; nothing in the header can point elsewhere.
 */
export class FireblocksWebhookVerifier {
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;

  constructor(jwksUrl: string) {
    // jose caches the set and refetches it for an unknown kid at most once per cooldown.
    this.jwks = createRemoteJWKSet(new URL(jwksUrl), {
      cacheMaxAge: 60 * 60_000,
      cooldownDuration: 30_000,
      timeoutDuration: 5_000,
    });
  }

  /**
   * False for a missing or bad signature. Throws when the JWKS cannot be fetched, so the caller
   * answers 5xx and Fireblocks delivers again (it does not retry a 4xx).
   */
  async verify(rawBody: Buffer, signature: string | undefined): Promise<boolean> {
    if (!signature || !DETACHED_JWS.test(signature)) return false;
    const [header, , sig] = signature.split('.');
    try {
      await compactVerify(`${header}.${rawBody.toString('base64url')}.${sig}`, this.jwks, {
        algorithms: ['RS512'],
      });
      return true;
    } catch (error) {
      if (error instanceof errors.JOSEError && BAD_SIGNATURE.has(error.code)) return false;
      throw error;
    }
  }
}
