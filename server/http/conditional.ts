import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tagged } from '../cache/etag';

/** If-None-Match may list several tags, or '*'; a weak form of ours matches too. */
export const matchesEtag = (header: string | undefined, etag: string) =>
  !!header?.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });

/**
 * Sends ready text with its ETag, or a 304 with no body when the client holds it already. The
 * text goes out as it is, not through a route's serializer (its schema still documents it).
 * `no-cache`: a client must ask each time, since a price can change while nothing was written
 * (a discount starts), and an unchanged answer then costs a 304.
 */
export function sendTagged(request: FastifyRequest, reply: FastifyReply, tagged: Tagged, type: string) {
  reply.header('etag', tagged.etag).header('cache-control', 'no-cache');
  if (matchesEtag(request.headers['if-none-match'], tagged.etag)) return reply.code(304).send();
  return reply.type(type).send(tagged.body);
}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';
