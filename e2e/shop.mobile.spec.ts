import { expect, test } from '@playwright/test';
import { uniqueEmail } from './fixtures';
import {
  addToQuote,
  cards,
  expectNoSeriousAxeIssues,
  expectNoSidewaysScroll,
  fillContact,
  makeShopCatalogue,
  quoteLink,
} from './shop';

// The shop at phone width, with no sign-in: the same flows, nothing wider than the screen.

test('a visitor on a phone browses, adds to the quote and sends it', async ({ page, request }) => {
  const shop = await makeShopCatalogue(request);
  await page.goto('/shop');
  await expectNoSidewaysScroll(page);
  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: shop.root.name })
    .click();
  await expect(cards(page)).toHaveText([shop.lamp.name, shop.bench.name, shop.drill.name]);
  await expectNoSidewaysScroll(page);

  await addToQuote(page, shop.drill, 2);
  await expectNoSidewaysScroll(page);
  await addToQuote(page, shop.lamp, 1);
  await expect(quoteLink(page)).toHaveAccessibleName(/2 products in your quote/);
  await quoteLink(page).click();
  await expect(page.locator('.basket-line')).toHaveCount(2);
  await expectNoSidewaysScroll(page);

  await fillContact(page, { name: 'Phone Shopper', email: uniqueEmail('phone'), message: 'From my phone.' });
  await page.getByRole('button', { name: 'Request a quote' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expect(page.locator('[data-reference]')).toHaveText(/^Q-\d{6,}$/);
});

test('every shop page passes axe at phone width', async ({ page, request }) => {
  const shop = await makeShopCatalogue(request);
  await page.goto(`/shop?category=${shop.child.slug}`);
  await expectNoSeriousAxeIssues(page, 'catalogue');
  await page.goto(`/shop/${shop.drill.slug}`);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousAxeIssues(page, 'product');
  await addToQuote(page, shop.drill, 1);
  await page.goto('/shop/quote');
  await expect(page.locator('.basket-line')).toHaveCount(1);
  await expectNoSeriousAxeIssues(page, 'basket');
  const response = await page.goto(`/shop/${shop.draft.slug}`);
  expect(response?.status()).toBe(404);
  await expectNoSeriousAxeIssues(page, '404');
});
