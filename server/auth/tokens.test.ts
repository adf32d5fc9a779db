import { jwtVerify } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Counts signature checks; the real one still runs.
vi.mock('jose', async (importOriginal) => {
  const jose = await importOriginal<typeof import('jose')>();
  return { ...jose, jwtVerify: vi.fn(jose.jwtVerify) };
});
const checks = vi.mocked(jwtVerify);
// The server project's workers keep modules between files, so another file may have loaded
// ./tokens with the real jose already: a fresh copy picks up the mock.
vi.resetModules();
const { createTokenService } = await import('./tokens');

const secret = new TextEncoder().encode('a-test-secret-of-enough-length-0123456789');

afterEach(() => {
  vi.useRealTimers();
  checks.mockClear();
});

describe('token verification', () => {
  it('answers a token it verified before with the same claims, until the token expires', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z'), toFake: ['Date'] });
    const tokens = createTokenService(secret, 60);
    const token = await tokens.issue({ userId: 7, tokenVersion: 3 });
    expect(await tokens.verify(token)).toMatchObject({ userId: 7, tokenVersion: 3 });
    expect(await tokens.verify(token)).toMatchObject({ userId: 7, tokenVersion: 3 });
    expect(checks).toHaveBeenCalledTimes(1);
    vi.setSystemTime(new Date('2026-11-22T10:00:59.999Z'));
    expect(await tokens.verify(token)).toMatchObject({ userId: 7, tokenVersion: 3 });
    // Remembered or not, a token is dead once its exp is reached (jose's rule).
    vi.setSystemTime(new Date('2026-11-22T10:01:00Z'));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
    expect(checks).toHaveBeenCalledTimes(2);
  });

  it('never takes a forgery for a token it remembers', async () => {
    const tokens = createTokenService(secret, 60);
    const token = await tokens.issue({ userId: 7, tokenVersion: 3 });
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.');
    // The same claims for another user, under the remembered token's signature.
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = [
      header,
      Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url'),
      signature,
    ];
    expect(await tokens.verify(forged.join('.'))).toBeNull();
    // A flipped signature character.
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    // Another service (another secret) does not share what this one verified.
    const other = createTokenService(new TextEncoder().encode('another-secret-of-enough-length-987654'), 60);
    expect(await other.verify(token)).toBeNull();
  });

  it('lets the oldest go past a thousand, and checks its signature again when it comes back', async () => {
    const tokens = createTokenService(secret, 60);
    const first = await tokens.issue({ userId: 1, tokenVersion: 0 });
    expect(await tokens.verify(first)).toMatchObject({ userId: 1, tokenVersion: 0 });
    const second = await tokens.issue({ userId: 2, tokenVersion: 0 });
    await tokens.verify(second);
    for (let i = 3; i <= 1_001; i++) await tokens.verify(await tokens.issue({ userId: i, tokenVersion: 0 }));
    checks.mockClear();
    // 1,001 verified: the first was let go, the second is still kept.
    expect(await tokens.verify(second)).toMatchObject({ userId: 2, tokenVersion: 0 });
    expect(checks).toHaveBeenCalledTimes(0);
    expect(await tokens.verify(first)).toMatchObject({ userId: 1, tokenVersion: 0 });
    expect(checks).toHaveBeenCalledTimes(1);
  });
});

describe('token ids', () => {
  it('gives every token its own id and its expiry, so one sign-out revokes one token', async () => {
    const tokens = createTokenService(secret, 60);
    const a = await tokens.verify(await tokens.issue({ userId: 1, tokenVersion: 0 }));
    const b = await tokens.verify(await tokens.issue({ userId: 1, tokenVersion: 0 }));
    expect(a?.jti).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a?.jti).not.toBe(b?.jti);
    expect(a?.exp).toBeGreaterThan(Date.now() / 1000);
  });
});
