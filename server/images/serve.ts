import type { FastifyPluginAsync } from 'fastify';
import { API_ERROR } from '#domain/messages';
import { type ImageStore, SERVED_FILE_NAME } from './store';

/** What every served image carries, whichever store it comes from. */
export const UPLOAD_HEADERS = {
  // Names are derived from content, so a URL's bytes never change.
  'cache-control': 'public, max-age=31536000, immutable',
  // Opened directly, an upload is an image and nothing else: no scripts, no plugins, no
  // same-origin rights even if a browser were talked into rendering it as a document.
  'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
} as const;

/**
 * /uploads/<name> from a shared store, at the same URLs the disk store serves, so stored image
 * URLs and the cached bundle text stay as they are. Streamed from the store through the API, or,
 * with a public base URL, a permanent redirect there (ADR 0008).
 */
export const serveStoredImages =
  (store: ImageStore, publicBaseUrl: string | undefined): FastifyPluginAsync =>
  async (app) => {
    app.get<{ Params: { file: string } }>(
      '/uploads/:file',
      { schema: { hide: true } },
      async (request, reply) => {
        const { file } = request.params;
        if (!SERVED_FILE_NAME.test(file)) return reply.code(404).send({ error: API_ERROR.notFound });
        if (publicBaseUrl) {
          return reply
            .code(301)
            .header('cache-control', UPLOAD_HEADERS['cache-control'])
            .redirect(`${publicBaseUrl}/${file}`, 301);
        }
        const stored = await store.open(file);
        if (!stored) return reply.code(404).send({ error: API_ERROR.notFound });
        reply.headers(UPLOAD_HEADERS).type('image/webp');
        if (stored.bytes) reply.header('content-length', stored.bytes);
        return reply.send(stored.body);
      },
    );
  };
