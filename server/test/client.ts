import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type InjectResponse = LightMyRequestResponse;
/** A JSON body, or raw bytes/text (a multipart form, a CSV) sent as they are. */
type Body = InjectOptions['payload'];
/** Per-request extras: more headers (they win over the client's), a query string, a client address. */
type RequestOptions = Pick<InjectOptions, 'headers' | 'query' | 'remoteAddress'>;

/**
 * Requests to the app through `inject`, as one caller: a staff member's bearer token, or nobody.
 * Each method answers the inject response, so tests assert on its status and body themselves.
 */
export type Client = {
  get(url: string, opts?: RequestOptions): Promise<InjectResponse>;
  post(url: string, body?: Body, opts?: RequestOptions): Promise<InjectResponse>;
  put(url: string, body?: Body, opts?: RequestOptions): Promise<InjectResponse>;
  patch(url: string, body?: Body, opts?: RequestOptions): Promise<InjectResponse>;
  delete(url: string, body?: Body, opts?: RequestOptions): Promise<InjectResponse>;
  /** For tests that take the method as data (a table of routes). */
  send(method: Method, url: string, body?: Body, opts?: RequestOptions): Promise<InjectResponse>;
  /**
   * A call the test needs to succeed on its way to what it checks: fails the test, naming the
   * call and the answer, unless the status is 2xx; answers the body as JSON (null when empty).
   */
  // biome-ignore lint/suspicious/noExplicitAny: a test reads the answer as the route shapes it
  ok(method: Method, url: string, body?: Body, opts?: RequestOptions): Promise<any>;
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function createClient(app: Pick<FastifyInstance, 'inject'>, token?: string | null): Client {
  const send = (method: Method, url: string, body?: Body, opts: RequestOptions = {}) =>
    app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body }),
      ...opts,
      headers: { ...(token ? bearer(token) : {}), ...opts.headers },
    });
  return {
    get: (url, opts) => send('GET', url, undefined, opts),
    post: (url, body, opts) => send('POST', url, body, opts),
    put: (url, body, opts) => send('PUT', url, body, opts),
    patch: (url, body, opts) => send('PATCH', url, body, opts),
    delete: (url, body, opts) => send('DELETE', url, body, opts),
    send,
    async ok(method, url, body, opts) {
      const res = await send(method, url, body, opts);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.body ? res.json() : null;
    },
  };
}
