import { expect } from 'vitest';
import type { Client, InjectResponse } from './client';

/**
 * A visitor's inquiry and a quote the staff member sent on it (version 1): the inquiry as created,
 * the sent quote's id, and its `token`, which opens the customer's page.
 */
export async function sentQuote(
  { visitor, staff }: { visitor: Client; staff: Client },
  {
    lines = [{ name: 'Typed line', quantity: 2, unit_price: 10 }],
    inquiry = {},
  }: { lines?: object[]; inquiry?: object } = {},
) {
  const ok = async (res: Promise<InjectResponse>) => {
    const done = await res;
    expect(done.statusCode, done.body).toBeLessThan(300);
    return done.json();
  };
  const asked = (await ok(
    visitor.post('/api/inquiries', {
      name: 'Quinn Customer',
      email: 'quinn@example.com',
      subject: 'A quote',
      message: 'Please.',
      ...inquiry,
    }),
  )) as { id: number; reference: string };
  const draft = await ok(staff.post(`/api/inquiries/${asked.id}/quotes`));
  await ok(staff.put(`/api/quotes/${draft.id}`, { lines }));
  const sent = await ok(staff.post(`/api/quotes/${draft.id}/send`));
  return { inquiry: asked, id: sent.id as number, token: sent.token as string };
}
