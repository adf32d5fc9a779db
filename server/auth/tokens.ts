import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

/** What a token says: whose it is, under which token version, its own id and its expiry (seconds). */
export type TokenClaims = { userId: number; tokenVersion: number; jti: string; exp: number };
type TokenSubject = Pick<TokenClaims, 'userId' | 'tokenVersion'>;

export type TokenService = {
  issue(subject: TokenSubject): Promise<string>;
  /** The claims of a valid token, or null for anything forged, expired or malformed. */
  verify(token: string): Promise<TokenClaims | null>;
};

/** Verified tokens remembered per process; at 10 s each would take a staff user 3 hours to fill. */
const VERIFIED_TOKENS_KEPT = 1_000;

export function createTokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
  /**
   * A token already verified is not verified again until it expires: the HMAC runs as a
   * WebCrypto job, a sizeable share of the server's CPU on a staff list request. Only tokens
   * whose signature checked out are kept, keyed by the whole token, signature included, so a
   * forgery never matches one. Whether the user may still use it (deleted, password changed) is
   * decided by the token version on every request, as before (hooks.ts).
   */
  const verified = new LRUCache<string, { claims: TokenClaims; expiresAt: number }>({
    max: VERIFIED_TOKENS_KEPT,
  });

  function remember(token: string, claims: TokenClaims) {
    verified.set(token, { claims, expiresAt: claims.exp * 1000 });
  }

  return {
    issue: ({ userId, tokenVersion }) =>
      new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        // 128 random bits name the token, so a sign-out can revoke this one and no other.
        .setJti(randomBytes(16).toString('base64url'))
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        // jose's own rule: expired once now reaches exp.
        if (Date.now() < known.expiresAt) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        // A token without an expiry (or an id to revoke it by) would be good forever: refused.
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'jti', 'sub'],
        });
        const userId = Number(payload.sub);
        const { tv: tokenVersion, jti, exp } = payload;
        if (!Number.isInteger(userId) || userId <= 0 || typeof tokenVersion !== 'number') return null;
        if (typeof jti !== 'string' || jti.length === 0 || jti.length > 64 || typeof exp !== 'number')
          return null;
        const claims = { userId, tokenVersion, jti, exp };
        remember(token, claims);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
