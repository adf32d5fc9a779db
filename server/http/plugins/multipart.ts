import fastifyMultipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { IMAGE_MAX_BYTES } from '#domain/images';

/** Multipart forms: files are read part by part in the routes (http/form.ts), never buffered whole. */
export const multipart = fp(
  async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
  },
  { name: 'multipart' },
);
