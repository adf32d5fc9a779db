import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { noteBody } from '#domain/inquiries';
import { idParam } from '#domain/paging';
import type { PermissionCode } from '#domain/permissions';
import { currentUser } from '../auth/hooks';
import { bearer, errors } from './schemas';

/** A person, or an API token (no person: its name is the token's). */
type Author = { id: number | null; name: string };

/**
 * The options of a staff note route (a request's, an order's, a customer's or a company's): who
 * may post, and what it returns.
 */
export const noteRouteOptions = <S extends z.ZodType>(
  tags: string[],
  permission: PermissionCode,
  note: S,
) => ({
  config: { permission },
  schema: {
    tags,
    security: bearer,
    description:
      'A note for staff (never shown to the customer); the author is the caller: a person (`author`), or for an API token `author` null and `token` naming the token and the user who made it.',
    params: idParam,
    body: noteBody,
    response: { 201: note, ...errors(400, 401, 404) },
  },
});

/** Posts the note as the caller and answers 201 with it. */
export const addNoteHandler =
  <N>(add: (id: number, body: string, author: Author) => Promise<N>) =>
  async (
    request: FastifyRequest<{ Params: { id: number }; Body: { body: string } }>,
    reply: FastifyReply,
  ) => {
    const user = currentUser(request);
    return reply
      .code(201)
      .send(await add(request.params.id, request.body.body, { id: user.id, name: user.name }));
  };
