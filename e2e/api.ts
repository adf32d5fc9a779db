import { type APIRequestContext, expect } from '@playwright/test';
import { authHeaders } from './catalog';

/** A staff call as the admin, held to a 2xx answer, read as JSON. */
export async function api<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: object,
) {
  const res = await request.fetch(url, { method, headers: await authHeaders(request), data });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** A product's first variant (a product without options has just its default one). */
export const variantOf = async (request: APIRequestContext, productId: number) =>
  (await api<{ data: { id: number }[] }>(request, 'GET', `/api/products/${productId}/variants`)).data[0].id;
