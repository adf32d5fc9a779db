import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CURRENCY_CODE, type PublicSettings } from '#domain/settings';

const publicSettingsSchema = z.object({
  currency: z.string().regex(CURRENCY_CODE).describe('The store currency, an ISO 4217 code'),
  time_zone: z
    .string()
    .describe("The seller's time zone (TIMEZONE), an IANA zone: the days staff type are its days"),
}) satisfies z.ZodType<PublicSettings>;

/**
 * The configuration the staff app reads once at start (its prices' currency, its days' time zone),
 * with no sign-in.
 */
export const settingsRoutes =
  (settings: PublicSettings): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/public/settings',
      {
        schema: {
          tags: ['settings'],
          description:
            'Public settings: the store currency every price is shown in, and the time zone of its days.',
          response: { 200: publicSettingsSchema },
        },
      },
      async () => settings,
    );
  };
