import type { FastifyError, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { API_ERROR } from '#domain/messages';
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

/** What an error answers: its status, the API's error body, and headers (Retry-After). */
export type ErrorAnswer = {
  status: number;
  body: { error: string; details?: Record<string, string>; permission?: string; [more: string]: unknown };
  headers?: Record<string, string>;
};

/**
 * The answer for any error a route throws or Fastify raises, logged as it deserves. The API sends
 * it as JSON (plugins/error-handler.ts); the shop's pages show the same status and words as HTML.
 */
export function errorAnswer(err: FastifyError, request: FastifyRequest): ErrorAnswer {
  if (hasZodFastifySchemaValidationErrors(err)) {
    // The type provider flattens Zod issues; turn them back into path/code/keys form.
    const issues = err.validation.map((v) => ({
      path: v.instancePath.split('/').filter(Boolean),
      message: v.message ?? '',
      code: v.keyword,
      keys: (v.params as { keys?: string[] }).keys,
    }));
    const appError = issuesToAppError(issues);
    return { status: 400, body: { error: appError.message, details: appError.details } };
  }
  if (err instanceof AppError) {
    return {
      status: err.statusCode,
      body: {
        error: err.message,
        ...(err.details ? { details: err.details } : {}),
        ...(err.permission ? { permission: err.permission } : {}),
        ...err.extra,
      },
      headers: err.headers,
    };
  }
  const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
  if (known) return { status: known[0], body: { error: known[1] } };
  if (err.statusCode === 429) return { status: 429, body: { error: err.message } };
  // PostgreSQL: a value the column cannot hold is the client's fault, not ours. Drizzle wraps
  // the driver's error (DrizzleQueryError), so the SQLSTATE is on its cause.
  const pgCode = postgresCode(err);
  if (pgCode === '22021') return { status: 400, body: { error: API_ERROR.nulCharacter } };
  if (pgCode && /^22/.test(pgCode)) return { status: 400, body: { error: API_ERROR.invalidRequest } };
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500 && !isResponseSerializationError(err)) {
    return { status: err.statusCode, body: { error: err.message || API_ERROR.invalidRequest } };
  }
  // The client closed the connection mid-request (an upload abandoned): nobody reads the answer.
  if (request.raw.aborted || (err.code === 'ECONNRESET' && err.message === 'aborted')) {
    request.log.info('request aborted by the client');
    return { status: 400, body: { error: API_ERROR.invalidRequest } };
  }
  if (isDatabaseUnavailable(err)) {
    request.log.error({ err }, 'database unavailable');
    return { status: 503, body: { error: API_ERROR.databaseUnavailable }, headers: { 'retry-after': '5' } };
  }
  request.log.error({ err }, 'unhandled error');
  return { status: 500, body: { error: API_ERROR.internal } };
}
