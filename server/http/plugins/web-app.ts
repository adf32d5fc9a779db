import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { API_ERROR } from '#domain/messages';

/**
 * The built staff app (dist/web), when there is one, and the answer for every path nothing else
 * matched: the SPA's shell for a client-side route, the API's 404 for anything else. Registered
 * last, so every other route comes first.
 */
export const webApp = fp<{ webRoot?: string }>(
  async (app, { webRoot }) => {
    const hasWeb = webRoot !== undefined && existsSync(path.join(webRoot, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: webRoot,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset (web/build/precompress.ts).
        preCompressed: true,
        setHeaders(res, filePath) {
          // Vite names assets by content hash, so they never change; index.html always may.
          res.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url.startsWith('/api') || request.url.startsWith('/uploads');
      // A missing file (say, an old hashed asset after a rebuild) is a 404, never the HTML shell.
      const looksLikeFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0]);
      if (hasWeb && request.method === 'GET' && !isApi && !looksLikeFile) {
        // Client-side routes (/users, /product/x) all load the SPA shell.
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send({ error: API_ERROR.notFound });
    });
  },
  { name: 'web-app' },
);
