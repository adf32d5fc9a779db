import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { LOGIN_TEXT } from '#domain/messages';
import { apiCreateBrand, apiCreateCategory, authHeaders, pngFile, uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, uniqueEmail } from './fixtures';
import { apiCreateProduct, apiUpdateProduct, apiUploadImages } from './products';

// axe on every staff screen, in light and dark, at desktop and phone widths: no serious or
// critical finding (contrast included). The colour scheme is set the way a user's choice is kept.
const widths = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'phone', width: 390, height: 844 },
] as const;
const schemes = ['light', 'dark'] as const;

async function useScheme(page: Page, scheme: (typeof schemes)[number]) {
  await page.addInitScript((s) => localStorage.setItem('stockroom.shell.colorScheme', s), scheme);
}

/** axe on the page as it is: its serious and critical findings, each with where and why. */
async function seriousFindings(page: Page, label: string) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${label}: ${v.id}: ${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1] ?? ''}`,
      ),
    );
}

/** Opens a screen, waits for its heading and for its data, then runs axe. */
async function check(page: Page, label: string, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return seriousFindings(page, label);
}

for (const size of widths) {
  for (const scheme of schemes) {
    test(`every staff screen passes axe, ${scheme}, at ${size.label} width`, async ({ page, request }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      await useScheme(page, scheme);

      await page.goto('/login');
      await expect(page.getByRole('heading', { name: LOGIN_TEXT.title })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      // Every screen is checked before the verdict, so one run lists all there is to fix.
      const findings = await seriousFindings(page, 'login');

      await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
      const tag = uniqueTag('axe');
      const category = await apiCreateCategory(
        request,
        { name: `Lamps ${tag}` },
        await pngFile('lamps.png', '#fab005'),
      );
      const brand = await apiCreateBrand(
        request,
        { name: `Acme ${tag}` },
        await pngFile('acme.png', '#12b886'),
      );
      const product = await apiCreateProduct(request, {
        name: `Brass lamp ${tag}`,
        mrp: 80,
        brand_id: brand.id,
        category_id: category.id,
        description: 'A warm desk lamp.',
      });
      await apiUploadImages(request, product.id, [await pngFile('lamp.png', '#4c6ef5')]);
      await apiCreateProduct(request, { name: `Draft stool ${tag}`, status: 'draft' });
      const headers = await authHeaders(request);
      const discount = await request.post('/api/discounts', {
        headers,
        data: { name: `Sale ${tag}`, type: 'percent', value: 15, applies_to: 'brand', brand_id: brand.id },
      });
      expect(discount.status(), await discount.text()).toBe(201);
      const priceList = await request.post('/api/price-lists', {
        headers,
        data: { name: `Agreement ${tag}`, type: 'fixed' },
      });
      expect(priceList.status(), await priceList.text()).toBe(201);
      const priceListId = (await priceList.json()).id as number;
      const variants = await request.get(`/api/products/${product.id}/variants`, { headers });
      const priced = await request.put(`/api/price-lists/${priceListId}/prices`, {
        headers,
        data: { prices: [{ variant_id: (await variants.json()).data[0].id, price: 70 }] },
      });
      expect(priced.status(), await priced.text()).toBe(200);
      const sent = await request.post('/api/inquiries', {
        data: {
          name: 'Ada Lovelace',
          email: uniqueEmail('ada'),
          phone: null,
          subject: `Forty lamps ${tag}`,
          message: 'Hello,\nWe would like a quote for 40 units.',
          product_id: product.id,
        },
      });
      expect(sent.status(), await sent.text()).toBe(201);
      const inquiry = await sent.json();
      const quote = await (await request.post(`/api/inquiries/${inquiry.id}/quotes`, { headers })).json();
      // Something in the product's history and in the trash.
      await apiUpdateProduct(request, product, { pricing: { mrp: 95 } });
      const gone = await apiCreateBrand(request, { name: `Gone ${tag}` });
      expect((await request.delete(`/api/brands/${gone.id}`, { headers })).status()).toBe(204);

      const screens: [label: string, path: string, heading: string | RegExp][] = [
        ['dashboard', '/', 'Dashboard'],
        ['categories', `/categories?q=${tag}`, 'Product Categories'],
        ['brands', `/brands?q=${tag}`, 'Brands'],
        ['users', '/users', 'Users'],
        ['profile', '/profile', 'My Profile'],
        ['products grid', `/products?q=${tag}`, 'Products'],
        ['products table', `/products?q=${tag}&view=table`, 'Products'],
        ['product editor', `/product/${product.slug}`, product.name],
        ['product preview', `/product/${product.slug}/preview`, product.name],
        ['discounts', `/discounts?q=${tag}`, 'Discounts'],
        ['price lists', `/price-lists?q=${tag}`, 'Price lists'],
        ['price list', `/price-lists/${priceListId}`, `Agreement ${tag}`],
        ['inquiries', `/inquiries?selected=${inquiry.id}`, 'Inquiries'],
        ['quote builder', `/inquiries/${inquiry.id}/quotes/${quote.id}`, /Quote/],
        ['product history', `/product/${product.slug}?tab=history`, product.name],
        ['activity', '/activity', 'Activity'],
        ['trash', `/trash?q=${tag}`, 'Trash'],
        ['outbox', '/outbox', 'Outbox'],
        ['orders', '/orders', 'Orders'],
        ['not found', '/no-such-page', 'Page not found'],
      ];
      for (const [label, path, heading] of screens)
        findings.push(...(await check(page, label, path, heading)));

      // A dialog, with its named close button.
      await page.goto(`/brands?q=${tag}`);
      await page.getByRole('button', { name: 'Add Brand' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Brand' });
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
      await page.waitForTimeout(300);
      findings.push(...(await seriousFindings(page, 'add brand dialog')));
      expect(findings).toEqual([]);
    });
  }
}

test('each screen names its tab; the product editor and quote builder say which one', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in · Stockroom');
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  const tag = uniqueTag('title');
  const product = await apiCreateProduct(request, { name: `Oak shelf ${tag}` });
  const titles = [
    ['/', 'Dashboard · Stockroom'],
    ['/users', 'Users · Stockroom'],
    ['/categories', 'Product Categories · Stockroom'],
    ['/brands', 'Brands · Stockroom'],
    ['/products', 'Products · Stockroom'],
    ['/profile', 'My Profile · Stockroom'],
    ['/discounts', 'Discounts · Stockroom'],
    ['/inquiries', 'Inquiries · Stockroom'],
    ['/activity', 'Activity · Stockroom'],
    ['/trash', 'Trash · Stockroom'],
    ['/outbox', 'Outbox · Stockroom'],
    ['/orders', 'Orders · Stockroom'],
    ['/no-such-page', 'Page not found · Stockroom'],
    [`/product/${product.slug}`, `${product.name} · Stockroom`],
  ] as const;
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
  // Moving on inside the app (no reload) names the tab too.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Brands' })
    .click();
  await expect(page).toHaveTitle('Brands · Stockroom');
});

test('the skip link is the first stop and moves focus to the screen', async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto('/brands');
  await expect(page.getByRole('heading', { name: 'Brands', level: 1 })).toBeVisible();
  const skip = page.getByRole('link', { name: 'Skip to content' });
  // Out of sight until focused.
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
  await expect(page).toHaveURL(/\/brands$/);
  // The next Tab lands inside the screen, not in the top bar or the menu.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('#main-content') !== null)).toBe(true);
});
