import { z } from 'zod';

/** Every error the API sends (README "API"). */
export const errorResponse = z.object({
  error: z.string(),
  details: z.record(z.string(), z.string()).optional(),
});
