import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { authHeaders } from './catalog';
import { E2E } from './env';
import { expectNoSeriousAxeIssues, expectNoSidewaysScroll, fillContact, quoteLink } from './shop';

// A visitor chooses a size of a product with options (E2E.variantGloves, seeded with S, M and L at
// different prices) and asks for a quote for it: the page follows the choice, the address keeps
// it, and the request names the variant.

const SHOTS = '.tmp/shots/shop';
const gloves = E2E.variantGloves;
const size = (s: string) => gloves.sizes.find((x) => x.size === s) as (typeof gloves.sizes)[number];
const money = (n: number) => `$${n.toFixed(2)}`;

const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const picker = (page: Page) => page.getByRole('radiogroup', { name: /Size/ });
const price = (page: Page) => page.locator('[data-variant-price] .price-final');
const sku = (page: Page) => page.locator('[data-variant-sku]');

test('a visitor picks size M, sees its price, SKU and address, and asks for a quote for it', async ({
  page,
}) => {
  // The list says "From" the lowest size's price.
  await page.goto(`/shop?q=${encodeURIComponent(gloves.name)}`);
  const card = page.locator('.card').filter({ hasText: gloves.name });
  await expect(card).toContainText(`From ${money(size('S').mrp)}`);
  await shot(page, 'list-from-desktop');

  await card.getByRole('link', { name: gloves.name }).click();
  await expect(page).toHaveURL(`/shop/${gloves.slug}`);
  // The first variant is chosen to start with: there is always a choice.
  await expect(picker(page).getByRole('radio', { name: 'S' })).toHaveAttribute('aria-checked', 'true');
  await expect(price(page)).toContainText(money(size('S').mrp));
  await expect(sku(page)).toHaveText(size('S').sku);
  await expectNoSeriousAxeIssues(page, 'product page with options');

  // A click on M shows M in place, and the address says so.
  await picker(page).getByRole('radio', { name: 'M' }).click();
  await expect(picker(page).getByRole('radio', { name: 'M' })).toHaveAttribute('aria-checked', 'true');
  await expect(picker(page).getByRole('radio', { name: 'S' })).toHaveAttribute('aria-checked', 'false');
  await expect(price(page)).toContainText(money(size('M').mrp));
  await expect(sku(page)).toHaveText(size('M').sku);
  await expect(page).toHaveURL(new RegExp(`/shop/${gloves.slug}\\?variant=\\d+$`));
  const variantId = Number(new URL(page.url()).searchParams.get('variant'));

  // The keyboard moves the choice as among radio buttons, and back.
  await picker(page).getByRole('radio', { name: 'M' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(picker(page).getByRole('radio', { name: 'L' })).toHaveAttribute('aria-checked', 'true');
  await expect(picker(page).getByRole('radio', { name: 'L' })).toBeFocused();
  await expect(sku(page)).toHaveText(size('L').sku);
  await page.keyboard.press('ArrowLeft');
  await expect(picker(page).getByRole('radio', { name: 'M' })).toHaveAttribute('aria-checked', 'true');
  await expect(page).toHaveURL(new RegExp(`\\?variant=${variantId}$`));
  await shot(page, 'product-desktop');

  // The address alone shows M, from the server, with no script.
  const served = await page.request.get(`/shop/${gloves.slug}?variant=${variantId}`);
  const html = await served.text();
  expect(html).toContain(`<span data-variant-sku>${size('M').sku}</span>`);
  expect(html).toContain(money(size('M').mrp));

  await page.getByLabel('Quantity').fill('3');
  await page.getByRole('button', { name: 'Add to quote' }).click();
  await expect(page.getByRole('status')).toContainText(`${gloves.name} was added to your quote.`);
  await expect(quoteLink(page)).toHaveAccessibleName(/1 product in your quote/);

  // The basket shows the size and its SKU.
  await quoteLink(page).click();
  const line = page.locator('.basket-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Size: M');
  await expect(line).toContainText(`SKU: ${size('M').sku}`);
  await expect(line).toContainText(money(size('M').mrp));
  await shot(page, 'basket-desktop');

  // The request names the variant.
  await fillContact(page, {
    name: 'Vera Variant',
    email: 'vera.variant@e2e.test',
    message: 'Size M please.',
  });
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/api/inquiries') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Request a quote' }).click();
  const response = await answered;
  expect(response.request().postDataJSON().lines).toEqual([
    { product_id: expect.any(Number), variant_id: variantId, quantity: 3 },
  ]);
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();

  // The desk reads the request's line as the size it was for.
  const { id } = await response.json();
  const stored = await page.request.get(`/api/inquiries/${id}`, { headers: await authHeaders(page.request) });
  expect(stored.status(), await stored.text()).toBe(200);
  expect((await stored.json()).lines).toEqual([
    expect.objectContaining({
      variant_id: variantId,
      sku: size('M').sku,
      options: { Size: 'M' },
      quantity: 3,
    }),
  ]);
});

test('the product page and its list at phone width and in dark mode', async ({ browser }) => {
  for (const [label, options] of [
    ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
    ['dark', { viewport: { width: 1280, height: 800 }, colorScheme: 'dark' as const }],
  ] as const) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto(`/shop/${gloves.slug}`);
    await page.getByRole('radio', { name: 'L' }).click();
    await expect(sku(page)).toHaveText(size('L').sku);
    await expectNoSidewaysScroll(page);
    await shot(page, `product-${label}`);
    await page.goto(`/shop?q=${encodeURIComponent(gloves.name)}`);
    await expect(page.locator('.card').filter({ hasText: gloves.name })).toContainText('From');
    await shot(page, `list-from-${label}`);
    await context.close();
  }
});
