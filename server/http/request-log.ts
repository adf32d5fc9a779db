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

/**
 * The buyer's one-time sign-in link (`/account/login?token=…`, ADR 0023): its token signs the
 * buyer in, so the log keeps the page and the other parameters and drops the token's value.
 */
const SIGN_IN_PAGE = /^\/+account\/+login\/*(?:[?#]|$)/i;
const SIGN_IN_TOKEN = /([?&]token=)[^&#]*/gi;

export const redactUrl = (url: string) => {
  const quote = url.replace(QUOTE_TOKEN, `$1${REDACTED}`);
  return SIGN_IN_PAGE.test(quote) ? quote.replace(SIGN_IN_TOKEN, `$1${REDACTED}`) : quote;
};

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
