import { z } from 'zod';
import { errorResponse } from '#domain/errors';

/** The error responses a route can give, for the OpenAPI document. */
export const errors = (...codes: (400 | 401 | 403 | 404 | 409 | 413 | 415 | 429)[]) =>
  Object.fromEntries(codes.map((c) => [c, errorResponse])) as Record<number, typeof errorResponse>;

/** A staff route: a person's sign-in token, or an API token whose role has the permission. */
export const bearer: { [scheme: string]: string[] }[] = [{ bearerAuth: [] }, { apiToken: [] }];

/** A route for people only (their profile, password, sessions, API tokens): no API token. */
export const personBearer: { [scheme: string]: string[] }[] = [{ bearerAuth: [] }];

/** The answer of a route that deletes: 204 with no body. */
export const deleted = { 204: z.null().describe('Deleted') };
