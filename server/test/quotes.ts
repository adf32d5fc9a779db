import { expect } from 'vitest';
import type { InjectResponse } from './client';
import type { TestContext } from './harness';

/**
 * A visitor's inquiry (from `remoteAddress`, so a file's many inquiries stay under the rate limit)
 * and a quote an admin sent on it, version 1: the inquiry as created, the sent quote's id, and its
 * `token`, which opens the customer's page.
 */
export async function sentQuote(
  ctx: Pick<TestContext, 'as' | 'adminToken'>,
  {
    lines = [{ name: 'Typed line', quantity: 2, unit_price: 10 }],
    inquiry = {},
    remoteAddress,
  }: { lines?: object[]; inquiry?: object; remoteAddress?: string } = {},
) {
  const ok = async (sending: Promise<InjectResponse>, status?: number) => {
    const res = await sending;
    if (status) expect(res.statusCode, res.body).toBe(status);
    else expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  const staff = ctx.as(ctx.adminToken);
  const asked = (await ok(
    ctx.as().post(
      '/api/inquiries',
      {
        name: 'Quinn Customer',
        email: 'quinn@example.com',
        subject: 'A quote',
        message: 'Please.',
        ...inquiry,
      },
      { remoteAddress },
    ),
    201,
  )) as { id: number; reference: string };
  const draft = await ok(staff.post(`/api/inquiries/${asked.id}/quotes`));
  await ok(staff.put(`/api/quotes/${draft.id}`, { lines }));
  const sent = await ok(staff.post(`/api/quotes/${draft.id}/send`));
  return { inquiry: asked, id: sent.id as number, token: sent.token as string };
}
