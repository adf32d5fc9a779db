import { expect, test } from '@playwright/test';
import { uniqueEmail } from './fixtures';
import {
  addToQuote,
  cards,
  expectNoSeriousAxeIssues,
  expectNoSidewaysScroll,
  fillContact,
  filters,
  makeShopCatalogue,
  quoteLink,
} from './shop';

// The shop at phone width, with no sign-in: the same flows, nothing wider than the screen.

test('a visitor on a phone browses, adds to the quote and sends it', async ({ page, request }) => {
  const shop = await makeShopCatalogue(request);
  await page.goto('/shop');
  await expectNoSidewaysScroll(page);
  await filters(page).toggle.click();
  await filters(page).categories.getByRole('link', { name: shop.root.name }).click();
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

test('on a phone the filters fold behind a Filters button that counts them, and a brand applies as chosen', async ({
  page,
  request,
}) => {
  const shop = await makeShopCatalogue(request);
  const panel = filters(page);
  await page.goto(`/shop?category=${shop.root.slug}`);
  // Folded: the first screen shows the products, the button says one filter is chosen.
  await expect(panel.toggle).toHaveText('Filters (1)');
  await expect(panel.categories).toBeHidden();
  await expect(panel.brand).toBeHidden();
  await expect(cards(page).first()).toBeInViewport();

  await panel.toggle.click();
  await expect(panel.categories).toBeVisible();
  await expect(panel.apply).toBeHidden();
  await panel.brand.selectOption(shop.brand.slug);
  await expect(page).toHaveURL(`/shop?category=${shop.root.slug}&brand=${shop.brand.slug}`);
  await expect(cards(page)).toHaveText([shop.lamp.name, shop.drill.name]);
  await expect(panel.toggle).toHaveText('Filters (2)');
  await expect(panel.categories).toBeHidden();
  await expectNoSidewaysScroll(page);

  // By keyboard: the summary takes focus, and Enter opens and folds the panel.
  await panel.toggle.focus();
  await page.keyboard.press('Enter');
  await expect(panel.categories).toBeVisible();
  await expect(panel.brand).toHaveValue(shop.brand.slug);
  await page.keyboard.press('Enter');
  await expect(panel.categories).toBeHidden();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the Filters button still opens the panel on a phone, and Apply applies the brand', async ({
    page,
    request,
  }) => {
    const shop = await makeShopCatalogue(request);
    const panel = filters(page);
    await page.goto(`/shop?category=${shop.child.slug}`);
    await expect(panel.toggle).toHaveText('Filters (1)');
    await expect(panel.categories).toBeHidden();
    await panel.toggle.click();
    await expect(panel.categories).toBeVisible();
    await panel.brand.selectOption(shop.brand.slug);
    await panel.apply.click();
    await expect(page).toHaveURL(`/shop?category=${shop.child.slug}&brand=${shop.brand.slug}`);
    await expect(panel.toggle).toHaveText('Filters (2)');
  });
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
