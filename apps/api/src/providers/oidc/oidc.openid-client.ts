import * as client from 'openid-client';
import { OidcError, type OidcChecks, type OidcIdentity, type OidcPort } from './oidc.js';

export interface OpenIdClientSettings {
  /** The provider's name in logs and in linked identities ('google'). */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** Seconds for each call to the provider (discovery, token endpoint, keys). */
const TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';

/** For the logs: the library's error code and messages (never the claims, which hold the address). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  const detail = cause instanceof Error && cause.message !== error.message ? ` (${cause.message})` : '';
  return `${typeof code === 'string' ? `${code}: ` : ''}${error.message}${detail}`;
}

/**
 * An OpenID Connect relying party on `openid-client` (certified, maintained): discovery, the
 * authorization code flow with PKCE S256, state and nonce, and ID-token validation including its
 * signature against the provider's published keys (`enableNonRepudiationChecks`; without it the
 * library trusts the TLS channel to the token endpoint, which OIDC allows but we do not need to).
 */
export class OpenIdClient implements OidcPort {
  readonly name: string;
  private configuration: Promise<client.Configuration> | undefined;

  constructor(private readonly settings: OpenIdClientSettings) {
    this.name = settings.name;
  }

  /** Discovery once per process; a failure is not cached, the next sign-in tries again. */
  private discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    const local = new URL(issuer).protocol === 'http:'; // config allows http only on this machine
    this.configuration ??= client
      .discovery(new URL(issuer), clientId, undefined, client.ClientSecretPost(clientSecret), {
        execute: [client.enableNonRepudiationChecks, ...(local ? [client.allowInsecureRequests] : [])],
        timeout: TIMEOUT_SECONDS,
      })
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw new OidcError(`discovery of ${issuer} failed: ${describe(error)}`, { cause: error });
      });
    return this.configuration;
  }

  async authorizationUrl(checks: OidcChecks): Promise<URL> {
    const configuration = await this.discover();
    return client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.settings.redirectUri,
      response_type: 'code',
      scope: SCOPE,
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      // Always let the person choose the Google account: no silent sign-in as whoever is there.
      prompt: 'select_account',
    });
  }

  async finish(callbackUrl: URL, checks: OidcChecks): Promise<OidcIdentity> {
    const configuration = await this.discover();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      // Checks the state and `iss` of the response, redeems the code with the PKCE verifier, and
      // validates the ID token: signature, iss, aud (and azp), exp, iat and the nonce.
      tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new OidcError(`sign-in at ${this.name} refused: ${describe(error)}`, { cause: error });
    }
    const claims = tokens.claims();
    if (!claims) throw new OidcError(`${this.name} returned no ID token`);
    if (typeof claims.email !== 'string' || !claims.email)
      throw new OidcError(`${this.name} returned no email address`);
    return {
      subject: claims.sub,
      email: claims.email,
      // Google has sent the flag as a string in some token versions.
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      name: typeof claims.name === 'string' ? claims.name : undefined,
    };
  }
}
