import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { ACCOUNT_TEXT } from '#domain/account';
import { STORAGE_KEYS } from '#domain/constants';
import { thumbnailUrl } from '#domain/images';
import type { Inquiry } from '#domain/inquiries';
import { formatMoney } from '#domain/money';
import type { OutboxListResponse } from '#domain/outbox';
import { SHOP_TEXT } from '#domain/shop-texts';
import { authHeaders, pngFile, uniqueTag } from './catalog';
import { uniqueEmail } from './fixtures';
import { apiCreateProduct, apiUploadImages } from './products';

/** The buyer's side: the basket's totals and optional message, portal orders, "Request again". */
const SHOTS = '.tmp/shots/public';

/** Each width and scheme of the page as it is now. */
async function shootAll(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((s) => {
      localStorage.setItem('stockroom.shell.colorScheme', s);
      document.documentElement.setAttribute('data-mantine-color-scheme', s);
    }, scheme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The newest outbox message of a kind to an address, read as staff would. */
async function mailTo(request: APIRequestContext, kind: string, email: string) {
  const headers = await authHeaders(request);
  let found: OutboxListResponse['data'][number] | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/api/outbox?limit=100', { headers });
      found = ((await res.json()) as OutboxListResponse).data.find((m) => m.kind === kind && m.to === email);
      return found;
    })
    .toBeTruthy();
  return found!;
}

/** A buyer in a browser of their own: asks for a link on the sign-in page and opens it. */
async function signInAsBuyer(browser: Browser, request: APIRequestContext, email: string) {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/account');
  await page.getByLabel(ACCOUNT_TEXT.email).fill(email);
  await page.getByRole('button', { name: ACCOUNT_TEXT.sendLink }).click();
  await expect(page.getByRole('heading', { name: ACCOUNT_TEXT.checkTitle })).toBeVisible();
  const mail = await mailTo(request, 'account_login', email);
  await page.goto(mail.text.match(/https?:\/\/\S+\/account\/login\?token=[A-Za-z0-9_-]+/)![0]);
  await expect(page.getByRole('tab', { name: ACCOUNT_TEXT.quotes })).toBeVisible();
  return page;
}

test('the basket shows line totals and an estimate, and sends without a message', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag('est');
  const clamp = await apiCreateProduct(request, { name: `Bar Clamp ${tag}`, sku: `BC-${tag}`, mrp: 19.99 });
  const washer = await apiCreateProduct(request, { name: `Washer ${tag}`, mrp: 0.1 });
  const email = uniqueEmail('estelle');
  await page.goto('/shop');
  await page.evaluate(([key, lines]) => localStorage.setItem(key, JSON.stringify(lines)), [
    STORAGE_KEYS.basket,
    [
      {
        product_id: clamp.id,
        slug: clamp.slug,
        name: clamp.name,
        sku: clamp.sku,
        image: null,
        price: 19.99,
        quantity: 3,
      },
      {
        product_id: washer.id,
        slug: washer.slug,
        name: washer.name,
        sku: null,
        image: null,
        price: 0.1,
        quantity: 3,
      },
    ],
  ] as const);
  await page.goto('/shop/quote');
  const currency = (await page.locator('[data-basket]').getAttribute('data-currency')) as string;
  const money = (amount: `${number}`) => formatMoney(amount, currency);
  const line = (id: number) => page.locator(`.basket-line[data-product-id="${id}"]`);
  await expect(line(clamp.id).locator('[data-line-total]')).toHaveText(
    `${SHOP_TEXT.lineTotal}: ${money('59.97')}`,
  );
  await expect(line(washer.id).locator('[data-line-total]')).toHaveText(
    `${SHOP_TEXT.lineTotal}: ${money('0.30')}`,
  );
  await expect(page.locator('[data-estimate-total]')).toHaveText(money('60.27'));
  await expect(page.getByText(SHOP_TEXT.estimateNote(2, 2))).toBeVisible();
  // Ten washers: 1.00 exactly, and the estimate follows.
  await page.getByLabel(SHOP_TEXT.quantityOf(washer.name)).fill('10');
  await page.getByLabel(SHOP_TEXT.quantityOf(washer.name)).blur();
  await expect(line(washer.id).locator('[data-line-total]')).toHaveText(
    `${SHOP_TEXT.lineTotal}: ${money('1.00')}`,
  );
  await expect(page.locator('[data-estimate-total]')).toHaveText(money('60.97'));

  // The message is optional beside a basket.
  await expect(page.getByLabel(/^Message/)).not.toHaveAttribute('required');
  await page.getByLabel('Name').fill('Estelle Estimate');
  await page.getByLabel('Email').fill(email);
  await shootAll(page, 'basket');
  await page.getByRole('button', { name: SHOP_TEXT.send }).click();
  await expect(page.getByRole('heading', { name: SHOP_TEXT.sentTitle })).toBeVisible({ timeout: 15_000 });
  const reference = (await page.locator('[data-reference]').textContent()) as string;
  expect(reference).toMatch(/^Q-\d{6}$/);

  // Their acknowledgement, with the reference, through the outbox.
  const ack = await mailTo(request, 'request_received', email);
  expect(ack.subject).toContain(reference);
  expect(ack.text).toContain(`Your reference is ${reference}.`);
  expect(ack.text).toContain(`10 × ${washer.name}`);
});

/** A request, a quote on it sent and accepted: an order of the buyer's. */
async function orderFor(
  request: APIRequestContext,
  email: string,
  tag: string,
  products: { id: number; name: string }[],
) {
  const ask = await request.post('/api/inquiries', {
    data: { name: 'Otto Order', email, subject: `Benches ${tag}`, message: 'Please quote.' },
  });
  expect(ask.status(), await ask.text()).toBe(201);
  const inquiry = (await ask.json()) as Inquiry;
  const headers = await authHeaders(request);
  const draft = await (await request.post(`/api/inquiries/${inquiry.id}/quotes`, { headers })).json();
  const put = await request.put(`/api/quotes/${draft.id}`, {
    headers,
    data: {
      lines: [
        ...products.map((p, i) => ({ product_id: p.id, name: p.name, quantity: i + 2, unit_price: 40 })),
        { name: 'Delivery on pallets', quantity: 1, unit_price: 15 },
      ],
      tax_rate: 10,
      valid_until: '2099-12-31',
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  const sent = await (await request.post(`/api/quotes/${draft.id}/send`, { headers })).json();
  const accept = await request.post(`/api/public/quotes/${sent.token}/accept`, {
    data: { name: 'Otto Order' },
  });
  expect(accept.status(), await accept.text()).toBeLessThan(300);
  return inquiry;
}

test("a buyer opens an order with its PDF, and asks again with each product's own image", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = uniqueTag('ord');
  const email = uniqueEmail('otto');
  const products = [];
  for (const name of [`Steel Bench ${tag}`, `Oak Stool ${tag}`]) {
    const p = await apiCreateProduct(request, { name, mrp: 45 });
    await apiUploadImages(request, p.id, [await pngFile(`${name}.png`)]);
    const read = await request.get(`/api/products/${p.id}/images`, { headers: await authHeaders(request) });
    products.push({ ...p, image: (await read.json()).data[0].url as string });
  }
  expect(products[0].image).not.toBe(products[1].image);
  const inquiry = await orderFor(request, email, tag, products);
  const page = await signInAsBuyer(browser, request, email);

  // Orders: the number opens the order.
  await page.getByRole('tab', { name: ACCOUNT_TEXT.orders }).click();
  const number = (await page
    .getByRole('link', { name: /^Open order SO-/ })
    .first()
    .textContent()) as string;
  await page.getByRole('link', { name: ACCOUNT_TEXT.openOrder(number) }).click();
  await expect(page).toHaveURL(/\/account\/orders\/\d+$/);
  await expect(page.getByRole('heading', { name: ACCOUNT_TEXT.orderTitle(number) })).toBeVisible();
  await expect(
    page.getByText(ACCOUNT_TEXT.orderOf(`Q-${String(inquiry.id).padStart(6, '0')}`, 1)),
  ).toBeVisible();
  await expect(page.getByText('Confirmed')).toBeVisible();
  const document = page.getByTestId('quote-document');
  for (const p of products) await expect(document).toContainText(p.name);
  await expect(document).toContainText('Delivery on pallets');
  await shootAll(page, 'portal-order');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: ACCOUNT_TEXT.downloadOrderPdf }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`order-${number}.pdf`);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(path)).subarray(0, 5).toString()).toBe('%PDF-');

  // An order that is not theirs is not found, as an id that names nothing.
  await page.goto('/account/orders/2000000000');
  await expect(page.getByText(ACCOUNT_TEXT.notFound)).toBeVisible();
  await shootAll(page, 'portal-order-missing');

  // "Request again": the basket shows each product with its own image.
  await page.goto('/account');
  await page
    .getByRole('link', { name: ACCOUNT_TEXT.openQuote(`Q-${String(inquiry.id).padStart(6, '0')}`) })
    .click();
  await page.getByRole('button', { name: ACCOUNT_TEXT.requestAgain }).click();
  await expect(page).toHaveURL(/\/shop\/quote$/);
  for (const p of products)
    await expect(page.locator(`.basket-line[data-product-id="${p.id}"] .line-image img`)).toHaveAttribute(
      'src',
      thumbnailUrl(p.image) as string,
    );
  await shootAll(page, 'request-again-basket');
});
