import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyReply, FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_ERROR } from '#domain/messages';
import type { Config } from '../config';
import { redactingLogger } from './request-log';

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts that many addresses counted from the socket
 * (proxy-addr's index 0 is the peer), so the client is the address the outermost trusted proxy
 * appended, never an entry the client wrote at the front of X-Forwarded-For itself.
 */
function trustProxyOption(setting: Config['trustProxy']) {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

/** The Fastify instance's own settings: logging, proxies, timeouts, compilers, router errors. */
export function serverOptions(
  config: Config,
  logger: FastifyServerOptions['logger'],
): FastifyHttpOptions<Server> {
  return {
    logger: redactingLogger(logger),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Slow clients: a request (headers and body) must arrive within REQUEST_TIMEOUT_SECONDS and
    // its headers within HEADERS_TIMEOUT_SECONDS, so a body trickled a byte at a time cannot hold
    // a connection for as long as it is fed. Node checks incomplete requests every second.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(config.http.headersTimeoutMs, config.http.requestTimeoutMs),
      connectionsCheckingInterval: 1_000,
    },
    // Answer 503 to new requests during shutdown while in-flight ones finish.
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // Zod validates and serialises every route (set in app.ts). Named here too, Fastify does not
    // load its default Ajv and fast-json-stringify compilers at all, which start-up would wait for.
    // (Fastify types these factories for Ajv's compilers; Zod's take the same route schema.)
    schemaController: {
      compilersFactory: {
        buildValidator: () => validatorCompiler,
        buildSerializer: () => serializerCompiler,
      } as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'],
    },
    // Errors the router answers before any hook runs (a malformed %-escape in the path, a path
    // parameter over the router's length limit): the API's own error shape, never the URL echoed.
    frameworkErrors(err, _request, reply) {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      return (reply as FastifyReply)
        .code(tooLong ? 414 : 400)
        .header('x-content-type-options', 'nosniff')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ error: tooLong ? API_ERROR.urlTooLong : API_ERROR.invalidUrl }));
    },
  };
}
