import { jwtVerify, SignJWT } from 'jose';

export type TokenClaims = { userId: number; tokenVersion: number };

export type TokenService = {
  issue(claims: TokenClaims): Promise<string>;
  /** The claims of a valid token, or null for anything forged, expired or malformed. */
  verify(token: string): Promise<TokenClaims | null>;
};

/** Verified tokens remembered per process; at 10 s each would take a staff user 3 hours to fill. */
const VERIFIED_TOKENS_KEPT = 1_000;

export function createTokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
  /**
   * A token already verified is not verified again until it expires (issue 8): the HMAC runs as a
   * WebCrypto job, 9 % of the server's CPU on a staff list request. Only tokens whose signature
   * checked out are kept, keyed by the whole token, signature included, so a forgery never
   * matches one. Whether the user may still use it (deleted, password changed) is decided by the
   * token version on every request, as before (hooks.ts).
   */
  const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();

  function remember(token: string, claims: TokenClaims, exp: number | undefined) {
    if (exp === undefined) return;
    // Oldest first: a Map iterates in insertion order.
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(token, { claims, expiresAt: exp * 1000 });
  }

  return {
    issue: ({ userId, tokenVersion }) =>
      new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
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
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const tokenVersion = payload.tv;
        if (!Number.isInteger(userId) || userId <= 0 || typeof tokenVersion !== 'number') return null;
        const claims = { userId, tokenVersion };
        remember(token, claims, payload.exp);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
