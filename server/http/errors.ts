import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { API_ERROR } from '../../domain/messages';
import { issuesToAppError } from './validation';

/** An error a service throws on purpose: the status and message reach the client as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, string>,
    /** Headers the answer carries, such as a 429's Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string = API_ERROR.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const badRequest = (message: string, details?: Record<string, string>) =>
  new AppError(400, message, details);

// Fastify's own client errors, by code, with messages a person can act on.
const FASTIFY_CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, API_ERROR.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, API_ERROR.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, API_ERROR.invalidRequest],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, API_ERROR.payloadTooLarge],
  FST_ERR_BAD_URL: [400, API_ERROR.invalidRequest],
  FST_ERR_ASYNC_CONSTRAINT: [400, API_ERROR.invalidRequest],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, API_ERROR.notMultipart],
  FST_PROTO_VIOLATION: [400, API_ERROR.invalidRequest],
  FST_MP_PREMATURE_CLOSE: [400, API_ERROR.invalidRequest],
};

// Socket-level failures reaching the database.
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres's own words for a connection that failed, closed or could not be had in time.
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /not queryable/,
  /^Cannot use a pool after calling end/,
];

/**
 * True when the database could not be reached or dropped the connection, rather than refusing
 * the query: SQLSTATE class 08 (connection exception), 57P01-57P03 (admin/crash shutdown, cannot
 * connect now), 53300 (too many connections), a socket error or a pool timeout. Drizzle wraps
 * driver errors, so the cause chain is searched.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, errors, syscall } = e as {
      code?: unknown;
      message?: unknown;
      errors?: unknown;
      syscall?: unknown;
    };
    if (typeof code === 'string') {
      // A socket error names its system call; the request's own "aborted" (the client left,
      // also ECONNRESET) does not, and is not the database's fault.
      if (CONNECTION_ERRNOS.has(code) && typeof syscall === 'string') return true;
      if (/^08/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return true;
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => m.test(message))) return true;
    // Node's AggregateError when every address of a host refused.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/** The SQLSTATE of a database error, whether thrown as is or wrapped by Drizzle. */
function postgresCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as Error).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** One error format for every route (DESIGN.md §5): `{ error, details? }`, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      // The type provider flattens Zod issues; turn them back into path/code/keys form.
      const issues = err.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? '',
        code: v.keyword,
        keys: (v.params as { keys?: string[] }).keys,
      }));
      const appError = issuesToAppError(issues);
      return reply.code(400).send({ error: appError.message, details: appError.details });
    }
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .code(err.statusCode)
        .send({ error: err.message, ...(err.details ? { details: err.details } : {}) });
    }
    const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
    if (known) return reply.code(known[0]).send({ error: known[1] });
    if (err.statusCode === 429) return reply.code(429).send({ error: err.message });
    // PostgreSQL: a value the column cannot hold is the client's fault, not ours. Drizzle wraps
    // the driver's error (DrizzleQueryError), so the SQLSTATE is on its cause.
    const pgCode = postgresCode(err);
    if (pgCode === '22021') return reply.code(400).send({ error: API_ERROR.nulCharacter });
    if (pgCode && /^22/.test(pgCode)) return reply.code(400).send({ error: API_ERROR.invalidRequest });
    if (
      err.statusCode &&
      err.statusCode >= 400 &&
      err.statusCode < 500 &&
      !isResponseSerializationError(err)
    ) {
      return reply.code(err.statusCode).send({ error: err.message || API_ERROR.invalidRequest });
    }
    // The client closed the connection mid-request (an upload abandoned): nobody reads the answer.
    if (request.raw.aborted || (err.code === 'ECONNRESET' && err.message === 'aborted')) {
      request.log.info('request aborted by the client');
      return reply.code(400).send({ error: API_ERROR.invalidRequest });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ error: API_ERROR.databaseUnavailable });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: API_ERROR.internal });
  });
}
