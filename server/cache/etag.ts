import { createHash } from 'node:crypto';

/** A strong ETag over a representation's exact text: the same bytes, the same tag, on every process. */
export const strongEtag = (text: string) => `"${createHash('sha1').update(text).digest('base64url')}"`;

/** A representation ready to send as it is, with its tag. */
export type Tagged = { body: string; etag: string };

export const tagged = (body: string): Tagged => ({ body, etag: strongEtag(body) });
