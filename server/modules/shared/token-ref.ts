import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TokenRef } from '#domain/notes';

/**
 * The API token a row names by its token_id, as JSON `{ id, name, owner }` (owner: the name of
 * the user who made it), or null: for a history event's or a note's `token`.
 */
export const tokenRefJson = (tokenId: PgColumn | SQL) =>
  sql<TokenRef | null>`(select json_build_object('id', t.id, 'name', t.name, 'owner', o.name)
    from api_tokens t left join users o on o.id = t.created_by where t.id = ${tokenId})`;
