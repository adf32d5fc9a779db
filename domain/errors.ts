import { z } from 'zod';

/** Every error the API sends (README "API"). */
export const errorResponse = z.object({
  error: z.string(),
  details: z.record(z.string(), z.string()).optional(),
  /** On a 403: the permission code the caller's role lacks. */
  permission: z.string().optional(),
});
