import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Quote } from '#domain/quotes';
import { authHeaders, uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, uniqueEmail } from './fixtures';
import { apiCreateProduct } from './products';

/** A request with a basket and its first quote, sent, all through the API. */
async function sentQuote(request: APIRequestContext, tag: string) {
  const headers = await authHeaders(request);
  const product = await apiCreateProduct(request, {
    name: `Extra long product name for a narrow screen ${tag}`,
    sku: `SKU-${tag}`,
    mrp: 1234.5,
  });
  const inquiry = await (
    await request.post('/api/inquiries', {
      data: {
        name: 'Phone Buyer',
        email: uniqueEmail('phone'),
        phone: null,
        subject: `Phone quote ${tag}`,
        message: 'On the go.',
        lines: [{ product_id: product.id, quantity: 3 }],
      },
    })
  ).json();
  const draft = (await (
    await request.post(`/api/inquiries/${inquiry.id}/quotes`, { headers })
  ).json()) as Quote;
  const sent = await request.post(`/api/quotes/${draft.id}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  return { inquiry, quote: (await sent.json()) as Quote };
}

const fitsTheScreen = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('on a phone the customer reads the quote without scrolling sideways and declines it', async ({
  browser,
  request,
}) => {
  const { quote } = await sentQuote(request, uniqueTag('ph'));
  const visitor = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await visitor.newPage();
  await page.goto(`/quote/${quote.token}`);
  await expect(page.getByTestId('quote-document-total')).toHaveText('$3,703.50');
  await fitsTheScreen(page);
  await page.getByRole('button', { name: 'Decline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline this quote' });
  await dialog.getByLabel('Reason (optional)').fill('Found it cheaper elsewhere.');
  await dialog.getByRole('button', { name: 'Decline quote' }).click();
  await expect(page.getByTestId('quote-banner')).toContainText('Declined on');
  await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await visitor.close();
});

test('on a phone the builder stacks each line so it fits the screen', async ({ page, request }) => {
  const { inquiry, quote } = await sentQuote(request, uniqueTag('pb'));
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto(`/inquiries/${inquiry.id}/quotes/${quote.id}`);
  await page.getByRole('button', { name: 'Revise' }).click();
  await expect(page.getByTestId('builder-line')).toHaveCount(1);
  await fitsTheScreen(page);
  await page.getByTestId('builder-line').getByLabel('Qty').fill('4');
  await expect(page.getByTestId('builder-total')).toHaveText('$4,938.00');
});

test("on a phone the browser's Back goes from a request's pane to the list", async ({ page, request }) => {
  const { inquiry } = await sentQuote(request, uniqueTag('pk'));
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto(`/inquiries?q=${encodeURIComponent(inquiry.subject)}`);
  const list = page.getByRole('list', { name: 'Inquiries' });
  await list.getByRole('button', { name: /Phone Buyer/ }).click();
  await expect(page.getByRole('region', { name: inquiry.subject })).toBeVisible();
  await expect(page.getByTestId('pane-quotes')).toBeVisible();
  await fitsTheScreen(page);
  await page.goBack();
  await expect(list).toBeVisible();
  await expect(page.getByRole('region', { name: inquiry.subject })).toHaveCount(0);
  await page.goForward();
  await expect(page.getByRole('region', { name: inquiry.subject })).toBeVisible();
});

test('on a phone the seller, the shop link and the PDF fit the screen', async ({ browser, request }) => {
  const { quote } = await sentQuote(request, uniqueTag('ps'));
  const visitor = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await visitor.newPage();
  await page.goto(`/quote/${quote.token}`);
  const seller = page.getByRole('region', { name: 'Seller' });
  await expect(seller.locator('address')).toBeVisible();
  await expect(seller.getByRole('link', { name: 'Visit our shop' })).toBeInViewport();
  await expect(page.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  await fitsTheScreen(page);
  await visitor.close();
});

test('on a phone a sent line still shows the catalogue price beside a changed one', async ({
  page,
  request,
}) => {
  const { inquiry, quote } = await sentQuote(request, uniqueTag('pc'));
  const headers = await authHeaders(request);
  const draft = (await (await request.post(`/api/quotes/${quote.id}/revise`, { headers })).json()) as Quote;
  const put = await request.put(`/api/quotes/${draft.id}`, {
    headers,
    data: { lines: [{ ...draft.lines[0], line_total: undefined, unit_price: 999 }] },
  });
  expect(put.status(), await put.text()).toBe(200);
  expect((await request.post(`/api/quotes/${draft.id}/send`, { headers })).status()).toBe(200);
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto(`/inquiries/${inquiry.id}/quotes/${draft.id}`);
  await expect(page.getByTestId('catalogue-price').filter({ visible: true })).toHaveText(
    '(catalogue $1,234.50)',
  );
  await fitsTheScreen(page);
});
