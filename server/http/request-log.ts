import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** What stands in the log for a secret part of an address. */
export const REDACTED = '[redacted]';

/**
 * A customer's quote token in a path: the page (`/quote/{token}`) and its API
 * (`/api/public/quotes/{token}/…`). Whoever holds the token answers the quote in the customer's
 * name, so the log keeps the route and drops the token, as it never shows a password. Doubled
 * slashes and any letter case are matched, since the router takes them too.
 */
const QUOTE_TOKEN = /^(\/+(?:api\/+public\/+quotes|quote)\/+)[^/?#]+/i;

export const redactUrl = (url: string) => url.replace(QUOTE_TOKEN, `$1${REDACTED}`);

/** Fastify's own request serializer, with the address's secrets redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version']?.toString(),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LoggerOption = FastifyServerOptions['logger'];

/** The app's logger options with the request serializer that redacts; off stays off. */
export function redactingLogger(logger: LoggerOption): LoggerOption {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}
