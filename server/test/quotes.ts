import { createDraftQuote, createQuoteRequest } from './factories';
import type { TestContext } from './harness';

/**
 * A visitor's inquiry (from `remoteAddress` when given, else from an address of its own, so a file's
 * many inquiries stay under the rate limit) and a quote an admin sent on it, version 1: the inquiry as created, the sent quote's id, and its
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
  const staff = ctx.as(ctx.adminToken);
  const asked = await createQuoteRequest(
    ctx.as(),
    {
      name: 'Quinn Customer',
      email: 'quinn@example.com',
      subject: 'A quote',
      message: 'Please.',
      ...inquiry,
    },
    { remoteAddress },
  );
  const draft = await createDraftQuote(staff, asked.id);
  await staff.ok('PUT', `/api/quotes/${draft.id}`, { lines });
  const sent = await staff.ok('POST', `/api/quotes/${draft.id}/send`);
  return { inquiry: asked, id: sent.id as number, token: sent.token as string };
}
