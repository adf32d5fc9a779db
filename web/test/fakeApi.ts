import { AxiosError, AxiosHeaders } from 'axios';
import { vi } from 'vitest';
import { api } from '../api/client';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One request a screen made, as the server would have received it. */
export type FakeRequest = {
  method: Method;
  url: string;
  params?: Record<string, unknown>;
  body?: unknown;
};

/** What the stand-in server answers to one route; throwing (see httpError) answers with an error. */
export type Reply = (request: FakeRequest) => unknown;

/**
 * Stands in for the API behind the app's axios client: each "METHOD /path" answers with its
 * reply's data, and every request is recorded in order. A request with no route fails the test's
 * expectations loudly rather than hanging.
 */
export function fakeApi(routes: Record<string, Reply>) {
  const requests: FakeRequest[] = [];
  const answer = async (request: FakeRequest) => {
    requests.push(request);
    const reply = routes[`${request.method.toUpperCase()} ${request.url}`];
    if (!reply) throw new Error(`No fake route for ${request.method.toUpperCase()} ${request.url}`);
    return { data: await reply(request), status: 200 };
  };
  type Config = { params?: Record<string, unknown> } | undefined;
  const withoutBody = (method: Method) => (url: string, config?: Config) =>
    answer({ method, url, params: config?.params });
  const withBody = (method: Method) => (url: string, body?: unknown, config?: Config) =>
    answer({ method, url, body, params: config?.params });
  vi.spyOn(api, 'get').mockImplementation(withoutBody('get') as typeof api.get);
  vi.spyOn(api, 'delete').mockImplementation(withoutBody('delete') as typeof api.delete);
  vi.spyOn(api, 'post').mockImplementation(withBody('post') as typeof api.post);
  vi.spyOn(api, 'put').mockImplementation(withBody('put') as typeof api.put);
  vi.spyOn(api, 'patch').mockImplementation(withBody('patch') as typeof api.patch);
  return {
    requests,
    /** The requests to one route, e.g. "DELETE /brands/3". */
    to: (route: string) => requests.filter((r) => `${r.method.toUpperCase()} ${r.url}` === route),
  };
}

/** An error response as axios rejects with it, for a reply to throw. */
export function httpError(status: number, data: unknown = {}) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, null, {
    status,
    statusText: '',
    data,
    headers: {},
    config,
  });
}
