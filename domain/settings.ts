import { z } from 'zod';

/**
 * GET /api/public/settings: the server's settings every screen needs before it shows a price,
 * public (the shop shows the same currency to anyone). Read once by the staff app at start.
 */
export const publicSettingsSchema = z.object({
  /** The store's one currency (CURRENCY), an ISO 4217 code. */
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** The currency until the server has said, and the server's own default. */
export const DEFAULT_CURRENCY = 'USD';
