import { expect, test } from '@playwright/test';
import { VALIDATION } from '#domain/messages';
import { E2E } from './env';
import { signInWithStorage, uniqueEmail } from './fixtures';
import {
  addToQuote,
  apiSetStatus,
  cards,
  expectNoSeriousAxeIssues,
  fillContact,
  filters,
  makeShopCatalogue,
  quoteLink,
} from './shop';

// Every test starts in a fresh browser context with no sign-in: the shop is for visitors.

test('a visitor browses, searches, fills the basket and sends a quote request that staff then find', async ({
  page,
  request,
}) => {
  const shop = await makeShopCatalogue(request);
  const staffScripts: string[] = [];
  page.on('request', (r) => {
    // The staff app's entry, React's chunk or its signed-in shell: none of it belongs on a shop page.
    if (r.resourceType() === 'script' && /\/assets\/(index|react|AppLayout)-/.test(r.url()))
      staffScripts.push(r.url());
  });

  // Browse: a root category shows every published product below it; its child narrows it.
  await page.goto('/shop');
  await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
  await expect(page.locator('#root')).toHaveCount(0);
  const categories = page.getByRole('navigation', { name: 'Categories' });
  await categories.getByRole('link', { name: shop.root.name }).click();
  await expect(page).toHaveURL(new RegExp(`/shop\\?category=${shop.root.slug}$`));
  await expect(cards(page)).toHaveText([shop.lamp.name, shop.bench.name, shop.drill.name]);
  await expect(page.getByText('3 products', { exact: true })).toBeVisible();
  await categories.getByRole('link', { name: shop.child.name }).click();
  await expect(cards(page)).toHaveText([shop.lamp.name, shop.drill.name]);
  await expect(categories.getByRole('link', { name: shop.child.name })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // Search from the header, within the chosen category: the drill by its name first, then the
  // lamp, which its category ("Drills …") names.
  await page.getByRole('searchbox', { name: 'Search products' }).fill(`Drill ${shop.tag}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=Cordless|q=Drill/);
  await expect(cards(page)).toHaveText([shop.drill.name, shop.lamp.name]);
  const card = page.locator('.card').filter({ hasText: shop.drill.name });
  await expect(card).toContainText('$108.00');
  await expect(card).toContainText('$120.00');
  await expect(card).toContainText('10% OFF');

  // The product page, from its card; its gallery's second thumbnail takes the large frame.
  await card.getByRole('link', { name: shop.drill.name }).click();
  await expect(page).toHaveURL(`/shop/${shop.drill.slug}`);
  await expect(page).toHaveTitle(`${shop.drill.name} · Stockroom`);
  await expect(page.getByRole('region', { name: shop.sections.specs })).toContainText('120 cm');
  const main = page.locator('[data-gallery-main]');
  const first = await main.getAttribute('src');
  await page.getByRole('link', { name: 'Show image 2' }).click();
  await expect(main).not.toHaveAttribute('src', first ?? '');
  await expect(page.getByRole('link', { name: 'Show image 2' })).toHaveAttribute('aria-current', 'true');

  // Two products with their quantities; the header counts them on every page.
  await addToQuote(page, shop.drill, 3);
  await expect(quoteLink(page)).toHaveAccessibleName(/1 product in your quote/);
  await addToQuote(page, shop.bench, 2);
  await expect(quoteLink(page)).toHaveAccessibleName(/2 products in your quote/);

  await quoteLink(page).click();
  await expect(page).toHaveURL('/shop/quote');
  const lines = page.locator('.basket-line');
  await expect(lines).toHaveCount(2);
  await expect(page.getByLabel(`Quantity of ${shop.drill.name}`)).toHaveValue('3');
  await expect(page.getByLabel(`Quantity of ${shop.bench.name}`)).toHaveValue('2');
  await expect(lines.nth(0)).toContainText('$108.00');

  const email = uniqueEmail('shopper');
  await fillContact(page, { name: `Shopper ${shop.tag}`, email, message: 'Please quote these two.' });
  await page.getByRole('button', { name: 'Request a quote' }).click();
  const confirmation = page.getByRole('heading', { name: 'Thank you' });
  await expect(confirmation).toBeVisible();
  const reference = (await page.locator('[data-reference]').textContent()) ?? '';
  expect(reference).toMatch(/^Q-\d{6,}$/);
  await expect(quoteLink(page)).toHaveAccessibleName('Quote');
  expect(staffScripts).toEqual([]);

  // Staff find it in the inbox, with what the visitor asked for.
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto('/inquiries');
  await page.getByLabel('Search', { exact: true }).fill(email);
  const entry = page
    .getByRole('list', { name: 'Inquiries' })
    .getByRole('button')
    .filter({ hasText: `Shopper ${shop.tag}` });
  await expect(entry).toHaveCount(1);
  await entry.click();
  const pane = page.getByRole('region', { name: 'Quote request: 2 products', exact: true });
  await expect(pane).toContainText(`Shopper ${shop.tag}`);
  await expect(pane).toContainText('Please quote these two.');
  await expect(pane).toContainText(reference);
  await expect(pane).toContainText(email);
  await expect(pane).toContainText(shop.drill.name);
  await expect(pane).toContainText(shop.bench.name);
});

test('a product withdrawn meanwhile is marked in the basket, kept until removed, and the rest is sent', async ({
  page,
  request,
}) => {
  const shop = await makeShopCatalogue(request);
  await addToQuote(page, shop.drill, 1);
  await addToQuote(page, shop.lamp, 4);
  // Withdrawn under a new name: the refusal must not tell the visitor what the draft is called now.
  const secretName = `Secret Lamp Mk II ${shop.tag}`;
  await apiSetStatus(request, { ...shop.lamp, name: secretName }, 'draft');

  await page.goto('/shop/quote');
  await fillContact(page, { name: 'Late Shopper', email: uniqueEmail('late'), message: 'Quote please.' });
  await page.getByRole('button', { name: 'Request a quote' }).click();
  const lamp = page.locator('.basket-line').filter({ hasText: shop.lamp.name });
  await expect(lamp).toContainText(`${shop.lamp.name} is no longer available`);
  await expect(page.getByText(secretName)).toHaveCount(0);
  await expect(page.getByRole('alert')).toContainText('Remove the products marked below');
  // Nothing was dropped: both lines and every field are still there.
  await expect(page.locator('.basket-line')).toHaveCount(2);
  await expect(page.getByLabel('Name')).toHaveValue('Late Shopper');

  await lamp.getByRole('button', { name: `Remove ${shop.lamp.name}` }).click();
  await expect(page.locator('.basket-line')).toHaveCount(1);
  await page.getByRole('button', { name: 'Request a quote' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expect(page.locator('[data-reference]')).toHaveText(/^Q-\d{6,}$/);
});

test('a one-line field holding a tab is refused under that field, with the shared words', async ({
  page,
  request,
}) => {
  const shop = await makeShopCatalogue(request);
  await addToQuote(page, shop.bench, 1);
  await page.goto('/shop/quote');
  await fillContact(page, { name: 'Tab\tShopper', email: uniqueEmail('tab'), message: 'Quote please.' });
  await page.getByRole('button', { name: 'Request a quote' }).click();
  await expect(page.locator('[data-error-for="name"]')).toHaveText(VALIDATION.oneLine('Name'));
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('heading', { name: 'Thank you' })).toHaveCount(0);
});

test("a draft's address, an unknown product and an unknown category answer the shop's 404 page", async ({
  page,
  request,
}) => {
  const shop = await makeShopCatalogue(request);
  for (const url of [
    `/shop/${shop.draft.slug}`,
    '/shop/no-such-product',
    '/shop?category=no-such-category',
  ]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/shop');
  }
  await page.goto(`/shop?category=${shop.child.slug}`);
  await expect(cards(page)).toHaveText([shop.lamp.name, shop.drill.name]);
});

test('on a wide screen the filters are the sidebar, and a brand applies as it is chosen', async ({
  page,
  request,
}) => {
  const shop = await makeShopCatalogue(request);
  const panel = filters(page);
  await page.goto(`/shop?category=${shop.root.slug}`);
  // No folding here: the tree and the brand show at once, without the summary or the Apply button.
  await expect(panel.categories).toBeVisible();
  await expect(panel.brand).toBeVisible();
  await expect(panel.toggle).toBeHidden();
  await expect(panel.apply).toBeHidden();

  await panel.brand.selectOption(shop.brand.slug);
  await expect(page).toHaveURL(`/shop?category=${shop.root.slug}&brand=${shop.brand.slug}`);
  await expect(cards(page)).toHaveText([shop.lamp.name, shop.drill.name]);
  await expect(panel.brand).toHaveValue(shop.brand.slug);
  await panel.brand.selectOption('');
  await expect(page).toHaveURL(`/shop?category=${shop.root.slug}`);
  await expect(cards(page)).toHaveText([shop.lamp.name, shop.bench.name, shop.drill.name]);

  // A key that changes the closed select in place does not load a page per brand stepped over:
  // the Apply button comes back, and Enter applies.
  await panel.brand.focus();
  const before = page.url();
  await page.keyboard.press('ArrowDown');
  await expect(panel.brand).not.toHaveValue('');
  await expect(panel.apply).toBeVisible();
  expect(page.url()).toBe(before);
  const chosen = await panel.brand.inputValue();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/shop?category=${shop.root.slug}&brand=${chosen}`);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the sidebar shows on a wide screen and the brand applies with its button', async ({
    page,
    request,
  }) => {
    const shop = await makeShopCatalogue(request);
    const panel = filters(page);
    await page.goto(`/shop?category=${shop.root.slug}`);
    await expect(panel.categories).toBeVisible();
    await expect(panel.toggle).toBeHidden();
    await panel.brand.selectOption(shop.brand.slug);
    await expect(page).toHaveURL(`/shop?category=${shop.root.slug}`);
    await panel.apply.click();
    await expect(page).toHaveURL(`/shop?category=${shop.root.slug}&brand=${shop.brand.slug}`);
    await expect(cards(page)).toHaveText([shop.lamp.name, shop.drill.name]);
  });
});

test('every shop page passes axe at desktop width', async ({ page, request }) => {
  const shop = await makeShopCatalogue(request);
  await page.goto(`/shop?category=${shop.root.slug}`);
  await expectNoSeriousAxeIssues(page, 'catalogue');
  await page.goto('/shop?q=nothing-matches-this-search');
  await expectNoSeriousAxeIssues(page, 'empty catalogue');
  await page.goto(`/shop/${shop.drill.slug}`);
  await expectNoSeriousAxeIssues(page, 'product');
  await addToQuote(page, shop.drill, 2);
  await expectNoSeriousAxeIssues(page, 'product, added');
  await page.goto('/shop/quote');
  await expect(page.locator('.basket-line')).toHaveCount(1);
  await expectNoSeriousAxeIssues(page, 'basket');
  await page.goto('/shop/no-such-product');
  await expectNoSeriousAxeIssues(page, '404');
});
