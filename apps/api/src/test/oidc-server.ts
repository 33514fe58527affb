import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { interactionPolicy } from 'oidc-provider';

/** A person with an account at the test provider. */
export interface OidcTestAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  name?: string;
}

export interface OidcTestServer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Whom the provider's sign-in page signs in next (the person at the keyboard). */
  signInAs(account: OidcTestAccount): void;
  /**
   * The browser at the provider: follows `authorizeUrl` through the sign-in and consent pages
   * (cookies kept) until the provider redirects to the client; returns that redirect.
   */
  authorize(authorizeUrl: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (`oidc-provider`, certified) on a local port, standing in for Google in
 * tests: discovery, JWKS, RS256-signed ID tokens with email and email_verified, PKCE S256
 * required, client_secret_post. Its interactions (sign-in, consent) are completed the way an
 * application's own pages would complete them, through `interactionFinished`.
 */
export async function startOidcServer(options: { redirectUri: string }): Promise<OidcTestServer> {
  const clientId = 'portal-test-client';
  const clientSecret = 'portal-test-secret-0123456789abcdef';
  const accounts = new Map<string, OidcTestAccount>();
  let next: OidcTestAccount | undefined;

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-rs256', use: 'sig', alg: 'RS256' };

  // Like Google: `prompt=select_account` is understood (the person picks the account to use).
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk as never] },
    pkce: { methods: ['S256'], required: () => true },
    // Like Google: the email claims travel in the ID token itself.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['oidc-test-cookie-key'] },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
          ...(account.name ? { name: account.name } : {}),
        }),
      };
    },
  });
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider server error', error));

  /** The provider's account choice, sign-in and consent pages, answered at once for `next`. */
  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'select_account' || details.prompt.name === 'login') {
      if (!next) throw new Error('oidc test server: nobody to sign in (call signInAs)');
      accounts.set(next.sub, next);
      await provider.interactionFinished(
        req,
        res,
        { select_account: {}, login: { accountId: next.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = details.grantId
      ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant())
      : new provider.Grant({
          accountId: details.session!.accountId,
          clientId: String(details.params.client_id),
        });
    grant.addOIDCScope(String(details.params.scope));
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  }

  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    void callback(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account) {
      next = account;
    },
    async authorize(authorizeUrl) {
      const jar = new Map<string, string>();
      let url = new URL(authorizeUrl);
      for (let hop = 0; hop < 10; hop += 1) {
        if (url.origin !== issuer) return url;
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const at = pair!.indexOf('=');
          const name = pair!.slice(0, at).trim();
          if (/expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
          else jar.set(name, pair!.slice(at + 1));
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`provider answered ${response.status}: ${await response.text()}`);
        await response.body?.cancel();
        url = new URL(location, url);
      }
      throw new Error('too many redirects at the provider');
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
