import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '@portal/shared/roles';
import type { Clock } from '../../clock.js';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  role: Role;
}

const TYP = 'at+jwt';
const CLOCK_TOLERANCE_SECONDS = 5;
const MAX_VERIFIED = 10_000;
export const ACCESS_AUDIENCE = 'investor-portal-api';

export function generateSigningKey(): Buffer {
  return generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' });
}

/** EdDSA access tokens (RFC 9068 `typ`), checked for algorithm, issuer, audience, type and expiry. */
export class AccessTokens {
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /**
   * Tokens whose signature and claims were checked, until they expire: a signature check is the
   * largest cost of a signed-in read, and nothing but time can change its outcome.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number }>();

  constructor(
    pkcs8: Buffer,
    private readonly issuer: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {
    this.privateKey = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
    this.publicKey = createPublicKey(this.privateKey);
  }

  async sign(claims: AccessClaims): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ sid: claims.sessionId, role: claims.role })
      .setProtectedHeader({ alg: 'EdDSA', typ: TYP })
      .setSubject(claims.userId)
      .setIssuer(this.issuer)
      .setAudience(ACCESS_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(this.privateKey);
  }

  /**
   * Returns the claims, or undefined for anything that is not a valid access token of ours.
   * `allowExpired` serves logout, which must still identify the session of an expired token.
   */
  async verify(token: string, options: { allowExpiredFor?: number } = {}): Promise<AccessClaims | undefined> {
    const tolerance = options.allowExpiredFor ?? CLOCK_TOLERANCE_SECONDS;
    const known = this.verified.get(token);
    if (known && known.exp + tolerance > this.clock.now().getTime() / 1000) return known.claims;
    try {
      const { payload } = await jwtVerify(token, this.publicKey, {
        algorithms: ['EdDSA'],
        issuer: this.issuer,
        audience: ACCESS_AUDIENCE,
        typ: TYP,
        requiredClaims: ['sub', 'sid', 'exp', 'iat'],
        currentDate: this.clock.now(),
        clockTolerance: tolerance,
      });
      if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return undefined;
      const claims = { userId: payload.sub, sessionId: payload.sid, role: payload.role as Role };
      if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
      this.verified.set(token, { claims, exp: payload.exp! });
      return claims;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
      throw error;
    }
  }
}
