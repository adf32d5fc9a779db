import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type PublicSettings, publicSettingsSchema } from '#domain/settings';

/** The configuration the staff app reads once at start (its prices' currency), with no sign-in. */
export const settingsRoutes =
  (settings: PublicSettings): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/public/settings',
      {
        schema: {
          tags: ['settings'],
          description: 'Public settings: the store currency every price is shown in.',
          response: { 200: publicSettingsSchema },
        },
      },
      async () => settings,
    );
  };
