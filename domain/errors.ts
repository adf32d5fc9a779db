import { z } from 'zod';

/** Every error the API sends (DESIGN.md §5). */
export const errorResponse = z.object({
  error: z.string(),
  details: z.record(z.string(), z.string()).optional(),
});
