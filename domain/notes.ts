import { z } from 'zod';
import { API_TOKEN_TEXT } from './api-tokens';

/** A staff member as an answer names one: an owner, an actor, a note's author. */
export const staffRef = z.object({ id: z.number(), name: z.string() });

/**
 * The API token that made a change or wrote a note, beside its person (null then): the token's
 * name and the name of the user who made it (null once that user is deleted).
 */
export const tokenRef = z.object({ id: z.number(), name: z.string(), owner: z.string().nullable() });
export type TokenRef = z.infer<typeof tokenRef>;

/** Who made something, as screens name them: the person, else the API token; null for neither. */
export const authorName = (person: { name: string } | null, token: TokenRef | null): string | null =>
  person?.name ?? (token ? API_TOKEN_TEXT.actor(token.name, token.owner) : null);

/**
 * A staff note on a request, an order, a customer or a company; its author is null when an API
 * token wrote it, and `token` names that token.
 */
export const staffNoteSchema = z.object({
  id: z.number(),
  body: z.string(),
  author: staffRef.nullable(),
  token: tokenRef.nullable(),
  created_at: z.string(),
});
export type StaffNote = z.infer<typeof staffNoteSchema>;
