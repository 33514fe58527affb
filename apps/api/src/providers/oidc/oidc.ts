/** What an OpenID provider vouches for about the person who signed in there. */
export interface OidcIdentity {
  /** The provider's stable, never reassigned account id (`sub`). */
  subject: string;
  email: string;
  /** The provider checked that this person controls the address (`email_verified`). */
  emailVerified: boolean;
  name: string | undefined;
}

/** The secrets of one round trip, kept by the portal between the redirect and the callback. */
export interface OidcChecks {
  state: string;
  nonce: string;
  /** PKCE (RFC 7636): the provider only sees its S256 challenge until the code is redeemed. */
  codeVerifier: string;
}

/** Thrown for anything the provider or its answer got wrong; the message is for the logs only. */
export class OidcError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OidcError';
  }
}

/**
 * The OpenID Connect port (authorization code flow, ADR 45): where
 * to send the browser, and what the callback proves once the code is redeemed and the ID token
 * validated (signature, issuer, audience, expiry, nonce).
 */
export interface OidcPort {
  readonly name: string;
  authorizationUrl(checks: OidcChecks): Promise<URL>;
  /** `callbackUrl` is the redirect URI with the query the provider sent the browser back with. */
  finish(callbackUrl: URL, checks: OidcChecks): Promise<OidcIdentity>;
}
