import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { API_ERROR } from '../../domain/messages';
import { isDatabaseUnavailable, postgresCode } from '../db/errors';
import { AppError } from '../errors/app-error';
import { issuesToAppError } from '../errors/validation';

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
