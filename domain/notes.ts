import { z } from 'zod';

/** A staff member as an answer names one: an owner, an actor, a note's author. */
export const staffRef = z.object({ id: z.number(), name: z.string() });

/**
 * A staff note on a request, an order, a customer or a company; its author is null when an API
 * token wrote it.
 */
export const staffNoteSchema = z.object({
  id: z.number(),
  body: z.string(),
  author: staffRef.nullable(),
  created_at: z.string(),
});
export type StaffNote = z.infer<typeof staffNoteSchema>;
