import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { STORAGE_KEYS } from '#domain/constants';
import { formatMoney } from '#domain/money';
import type { OutboxListResponse } from '#domain/outbox';
import { DEFAULT_CURRENCY } from '#domain/settings';
import { SHOP_TEXT } from '#domain/shop-texts';
import { api, variantOf } from './api';
import { apiCreateCategory, authHeaders, uniqueTag } from './catalog';
import { uniqueEmail } from './fixtures';
import { apiCreateProduct } from './products';

/** An amount as every screen and the shop show it, in the store's currency (the e2e server sets none). */
const money = (amount: `${number}`) => formatMoney(amount, DEFAULT_CURRENCY);

/**
 * Customer prices in the shop (ADR 0031): a visitor sees a product's quantity breaks and nothing
 * else; a signed-in buyer sees "Your price" on the product page, on the catalogue's card and in
 * the basket, whose total is made of their prices.
 */

/** Screenshots for a person to look at, when SHOTS_DIR names a folder. */
const SHOTS = process.env.SHOTS_DIR;

/**
 * A buyer's portal session in a browser of its own, as the sign-in link gives one: the link asked
 * for, read from the outbox, exchanged for the buyer's token, kept where the portal keeps it.
 */
async function buyerPage(browser: Browser, request: APIRequestContext, email: string) {
  const asked = await request.post('/api/account/login-link', { data: { email } });
  expect(asked.status()).toBe(202);
  let link = '';
  await expect
    .poll(async () => {
      const res = await request.get('/api/outbox?limit=100', { headers: await authHeaders(request) });
      const mail = ((await res.json()) as OutboxListResponse).data.find(
        (m) => m.kind === 'account_login' && m.to === email,
      );
      link = /login\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
      return link;
    })
    .toBeTruthy();
  const session = await request.post('/api/account/session', { data: { token: link } });
  expect(session.status(), await session.text()).toBeLessThan(300);
  const { token } = (await session.json()) as { token: string };
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto('/shop');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.buyerToken, token]);
  return page;
}

async function shoot(page: Page, name: string, ready: () => Promise<void>) {
  if (!SHOTS) return;
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.reload();
    await ready();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a visitor sees the breaks; a signed-in buyer sees their own price on the page, the card and the basket's total", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag('yours');
  const category = await apiCreateCategory(request, { name: `Price shelf ${tag}` });
  const tape = await apiCreateProduct(request, {
    name: `Tiered tape ${tag}`,
    sku: `TT-${tag}`,
    mrp: 12,
    category_id: category.id,
    status: 'published',
  });
  const anvil = await apiCreateProduct(request, {
    name: `Agreed anvil ${tag}`,
    sku: `AA-${tag}`,
    mrp: 40,
    category_id: category.id,
    status: 'published',
  });
  await api(request, 'PUT', `/api/variants/${await variantOf(request, tape.id)}/tiers`, {
    tiers: [
      { min_quantity: 10, mrp: 10 },
      { min_quantity: 50, mrp: 9 },
    ],
  });
  await api(request, 'POST', '/api/discounts', {
    name: `Tape five ${tag}`,
    type: 'percent',
    value: 5,
    applies_to: 'product',
    product_id: tape.id,
  });
  // The buyer: a customer since their first request.
  const email = uniqueEmail('yours');
  const sent = await request.post('/api/inquiries', {
    data: { name: 'Yara Yours', email, subject: `Prices ${tag}`, message: 'Our prices, please.' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const customer = (
    await api<{ data: { id: number }[] }>(request, 'GET', `/api/customers?q=${encodeURIComponent(email)}`)
  ).data[0];
  const agreement = `Anvil deal ${tag}`;
  const list = await api<{ id: number }>(request, 'POST', '/api/price-lists', {
    name: agreement,
    type: 'fixed',
    customer_ids: [customer.id],
  });
  await api(request, 'PUT', `/api/price-lists/${list.id}/prices`, {
    prices: [{ sku: `AA-${tag}`, price: 32 }],
  });

  // A visitor: the breaks at what they pay there (less the 5%), and no "Your price".
  await page.goto(`/shop/${tape.slug}`);
  const tiers = page.getByRole('list', { name: SHOP_TEXT.tiersLabel });
  await expect(tiers.getByRole('listitem')).toHaveText([
    `10+ ${money('9.50')} each`,
    `50+ ${money('8.55')} each`,
  ]);
  await page.goto(`/shop/${anvil.slug}`);
  await expect(page.locator('.product-summary .price-final')).toContainText(money('40.00'));
  await page.goto(`/shop?category=${category.slug}`);
  await expect(page.locator('.card')).toHaveCount(2);
  await expect(page.locator('[data-your-price]:visible')).toHaveCount(0);
  await shoot(page, 'shop-list-visitor', async () => {
    await expect(page.locator('.card')).toHaveCount(2);
  });
  await page.goto(`/shop/${tape.slug}`);
  await shoot(page, 'shop-product-breaks-visitor', async () => {
    await expect(tiers).toBeVisible();
  });

  // The buyer, signed in: their agreed price beside the list price, and where it comes from.
  const buyer = await buyerPage(browser, request, email);
  await buyer.goto(`/shop/${anvil.slug}`);
  const yours = buyer.locator('.product-summary [data-your-price]');
  await expect(yours).toHaveText(`${SHOP_TEXT.yourPrice} ${money('32.00')} Agreement: ${agreement}`);
  await expect(buyer.locator('.product-summary .price-final')).toContainText(money('40.00'));
  await shoot(buyer, 'shop-product-your-price', async () => {
    await expect(yours).toBeVisible();
  });
  // The tape's price at one is no agreement's: nothing more to say than its breaks.
  await buyer.goto(`/shop/${tape.slug}`);
  await expect(buyer.getByRole('list', { name: SHOP_TEXT.tiersLabel })).toBeVisible();
  await expect(buyer.locator('.product-summary [data-your-price]')).toBeHidden();

  await buyer.goto(`/shop?category=${category.slug}`);
  const anvilCard = buyer.locator('.card', { hasText: anvil.name });
  await expect(anvilCard.locator('[data-your-price]')).toHaveText(
    `${SHOP_TEXT.yourPrice} ${money('32.00')} Agreement: ${agreement}`,
  );
  await expect(buyer.locator('.card', { hasText: tape.name }).locator('[data-your-price]')).toBeHidden();
  await shoot(buyer, 'shop-list-your-price', async () => {
    await expect(anvilCard.locator('[data-your-price]')).toBeVisible();
  });

  // The basket: two anvils at their price and ten tapes at the 10+ break less 5%.
  await buyer.goto(`/shop/${anvil.slug}`);
  await buyer.getByLabel(SHOP_TEXT.quantity).fill('2');
  await buyer.getByRole('button', { name: SHOP_TEXT.addToQuote }).click();
  await expect(buyer.getByText(SHOP_TEXT.added(anvil.name))).toBeVisible();
  await buyer.goto(`/shop/${tape.slug}`);
  await buyer.getByLabel(SHOP_TEXT.quantity).fill('10');
  await buyer.getByRole('button', { name: SHOP_TEXT.addToQuote }).click();
  await expect(buyer.getByText(SHOP_TEXT.added(tape.name))).toBeVisible();
  await buyer.goto('/shop/quote');
  const line = (id: number) => buyer.locator(`.basket-line[data-product-id="${id}"]`);
  await expect(line(anvil.id).locator('[data-line-your-price]')).toHaveText(
    `${SHOP_TEXT.yourPrice} ${money('32.00')} Agreement: ${agreement}`,
  );
  await expect(line(anvil.id).locator('[data-line-total]')).toHaveText(
    `${SHOP_TEXT.lineTotal}: ${money('64.00')}`,
  );
  await expect(line(tape.id).locator('[data-line-your-price]')).toHaveText(
    `${SHOP_TEXT.yourPrice} ${money('9.50')} Discount`,
  );
  await expect(line(tape.id).locator('[data-line-total]')).toHaveText(
    `${SHOP_TEXT.lineTotal}: ${money('95.00')}`,
  );
  await expect(buyer.locator('[data-estimate-total]')).toHaveText(money('159.00'));
  await expect(buyer.getByText(SHOP_TEXT.yourPricesNote)).toBeVisible();
  // Fifty tapes: the 50+ break, and the total follows.
  await buyer.getByLabel(SHOP_TEXT.quantityOf(tape.name)).fill('50');
  await buyer.getByLabel(SHOP_TEXT.quantityOf(tape.name)).blur();
  await expect(line(tape.id).locator('[data-line-your-price]')).toHaveText(
    `${SHOP_TEXT.yourPrice} ${money('8.55')} Discount`,
  );
  await expect(buyer.locator('[data-estimate-total]')).toHaveText(money('491.50'));
  await shoot(buyer, 'shop-basket-your-price', async () => {
    await expect(buyer.locator('[data-estimate-total]')).toHaveText(money('491.50'));
  });
  await buyer.context().close();
});
