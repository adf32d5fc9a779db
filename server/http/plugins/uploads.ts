import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { ImageStoreConfig } from '../../config';
import { serveStoredImages, UPLOAD_HEADERS } from '../../images/serve';
import { type ImageStore, SERVED_FILE_NAME } from '../../images/store';

export type UploadsOptions = { store: ImageStore; uploadsDir: string; settings: ImageStoreConfig };

/** Stored images at /uploads/: from the disk folder, or through the S3 store. */
export const uploads = fp<UploadsOptions>(
  async (app, { store, uploadsDir, settings }) => {
    if (settings.kind === 'disk') {
      mkdirSync(uploadsDir, { recursive: true });
      await app.register(fastifyStatic, {
        root: uploadsDir,
        prefix: '/uploads/',
        decorateReply: false,
        index: false,
        // Only what the image store writes (a content hash, .webp): never a temporary file or
        // anything else that finds its way into the folder.
        allowedPath: (pathName) => SERVED_FILE_NAME.test(pathName.slice(1)),
        setHeaders(res) {
          for (const [name, value] of Object.entries(UPLOAD_HEADERS)) res.header(name, value);
        },
      });
    } else {
      await app.register(serveStoredImages(store, settings.publicBaseUrl));
    }
  },
  { name: 'uploads' },
);
