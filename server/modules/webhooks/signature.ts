import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint secret: 32 random bytes, prefixed so it is recognisable in a receiver's config. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The Stockroom-Signature header, as Stripe writes its own: `t={unix seconds},v1={hex
 * HMAC-SHA256(secret, "{t}.{body}")}`, with one v1 per valid secret (the current first, then the
 * one before a roll while it is still valid), so a receiver may check against either.
 */
export function signatureHeader(secrets: readonly string[], body: string, unixSeconds: number): string {
  const signed = `${unixSeconds}.${body}`;
  const v1 = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(signed).digest('hex')}`);
  return [`t=${unixSeconds}`, ...v1].join(',');
}
