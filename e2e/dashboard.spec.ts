import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import type { Dashboard } from '#domain/dashboard';
import { inquiryTime } from '#domain/inquiries';
import { apiCreateCategory, authHeaders, uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, uniqueEmail } from './fixtures';
import { apiCreateProduct } from './products';

// The database is shared with tests running in parallel: the page is checked against the very
// response it rendered (caught in flight), never against fixed numbers.

/** Opens the dashboard and returns the GET /api/dashboard answer the page itself received. */
async function openDashboard(page: Page): Promise<Dashboard> {
  const response = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/dashboard' && r.request().method() === 'GET',
  );
  await page.goto('/');
  const res = await response;
  expect(res.status()).toBe(200);
  const data = (await res.json()) as Dashboard;
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  return data;
}

/** A quote request as a visitor sends it: the route is public, so no token goes along. */
async function apiSendInquiry(request: APIRequestContext, tag: string) {
  const res = await request.post('/api/inquiries', {
    data: {
      name: `Dana ${tag}`,
      email: uniqueEmail('dana'),
      subject: `Quote for lamps ${tag}`,
      message: 'Twelve, please.',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string; subject: string; created_at: string };
}

/** A discount on a category that ends in a couple of hours. */
async function apiCreateEndingDiscount(request: APIRequestContext, name: string, categoryId: number) {
  const endsAt = new Date(Date.now() + 2 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
  const res = await request.post('/api/discounts', {
    headers: await authHeaders(request),
    data: {
      name,
      type: 'percent',
      value: 10,
      applies_to: 'category',
      category_id: categoryId,
      ends_at: endsAt,
      active: 1,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string };
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

const listLinks = (scope: Locator) => scope.getByRole('listitem').getByRole('link');

test('shows the counts, latest inquiries, chart and catalogue health from one call', async ({
  page,
  request,
}) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  const tag = uniqueTag('dash');
  const category = await apiCreateCategory(request, { name: `Lamps ${tag}` });
  // No images and no brand: it belongs in both product lists.
  const product = await apiCreateProduct(request, { name: `Desk lamp ${tag}`, category_id: category.id });
  const inquiry = await apiSendInquiry(request, tag);
  const discount = await apiCreateEndingDiscount(request, `Lamp week ${tag}`, category.id);

  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) calls.push(new URL(r.url()).pathname);
  });
  const data = await openDashboard(page);

  // What was just made is in the answer (it is the newest of its kind).
  expect(data.counts.products).toBeGreaterThanOrEqual(1);
  expect(data.counts.inquiries_last_7_days).toBeGreaterThanOrEqual(1);
  expect(data.latest_inquiries.map((i) => i.id)).toContain(inquiry.id);
  expect(data.health.products_without_images.items.map((p) => p.id)).toContain(product.id);
  expect(data.health.products_without_category_or_brand.items).toContainEqual({
    id: product.id,
    name: product.name,
    slug: product.slug,
    missing: ['brand'],
  });
  expect(data.health.discounts_ending_soon.items.map((d) => d.id)).toContain(discount.id);
  expect(data.inquiries_per_day).toHaveLength(30);

  // The stat cards: each shows the answer's number and links to its screen.
  const stats = [
    { label: 'Products', path: '/products', value: data.counts.products },
    { label: 'Categories', path: '/categories', value: data.counts.categories },
    { label: 'Brands', path: '/brands', value: data.counts.brands },
    { label: 'Active discounts', path: '/discounts', value: data.counts.active_discounts },
    { label: 'Inquiries', path: '/inquiries', value: data.counts.inquiries },
  ];
  for (const stat of stats) {
    const card = page.getByRole('main').getByRole('link', { name: new RegExp(`^${stat.label}\\b`) });
    await expect(card).toHaveAttribute('href', stat.path);
    await expect(card).toContainText(`${stat.label}${stat.value.toLocaleString('en-US')}`);
  }
  await expect(page.getByRole('main').getByRole('link', { name: /^Inquiries\b/ })).toContainText(
    `+${data.counts.inquiries_last_7_days} in the last 7 days`,
  );

  // Latest inquiries: name, subject and time, each opening the inbox at that request.
  const latest = region(page, 'Latest inquiries');
  await expect(listLinks(latest)).toHaveCount(data.latest_inquiries.length);
  const entry = listLinks(latest).filter({ hasText: inquiry.name });
  await expect(entry).toContainText(inquiry.subject);
  await expect(entry).toContainText(inquiryTime(inquiry.created_at));
  await expect(entry).toHaveAttribute('href', `/inquiries?selected=${inquiry.id}`);

  // The chart: an svg with a bar for today, at least.
  const chart = region(page, 'Inquiries per day');
  await expect(chart.locator('svg .recharts-bar-rectangle path').first()).toBeVisible();
  const total = data.inquiries_per_day.reduce((sum, d) => sum + d.count, 0);
  await expect(chart.locator('figcaption')).toContainText(
    `${total} ${total === 1 ? 'inquiry' : 'inquiries'}`,
  );

  // Catalogue health: each list shows its count and links to the fix.
  const health = [
    { name: 'Products without images', list: data.health.products_without_images },
    { name: 'Products without a category or brand', list: data.health.products_without_category_or_brand },
    { name: 'Discounts ending within 7 days', list: data.health.discounts_ending_soon },
  ];
  for (const { name, list } of health) {
    const card = region(page, name);
    await expect(card.getByTestId('count')).toHaveText(`${list.count} in total`);
    await expect(listLinks(card)).toHaveCount(list.items.length);
  }
  const noBrand = listLinks(region(page, 'Products without a category or brand')).filter({
    hasText: product.name,
  });
  await expect(noBrand).toContainText('No brand');
  await expect(noBrand).toHaveAttribute('href', `/product/${product.slug}`);
  const ending = listLinks(region(page, 'Discounts ending within 7 days')).filter({ hasText: discount.name });
  await expect(ending).toContainText(`on ${category.name}`);
  await expect(ending).toHaveAttribute('href', `/discounts?${new URLSearchParams({ q: discount.name })}`);
  // Below each list, the whole of it: the products or discounts list filtered to what the card counts.
  const wholeList = (card: string, name: string) =>
    region(page, card).getByRole('link', { name, exact: true });
  await expect(
    wholeList(
      'Products without images',
      `See all ${data.health.products_without_images.count.toLocaleString('en-US')} in Products`,
    ),
  ).toHaveAttribute('href', '/products?no_image=1');
  await expect(
    wholeList('Products without a category or brand', 'List those without a brand'),
  ).toHaveAttribute('href', '/products?no_brand=1');
  await expect(
    wholeList('Products without a category or brand', 'List those without a category'),
  ).toHaveAttribute('href', '/products?no_category=1');
  await expect(wholeList('Discounts ending within 7 days', 'Live discounts')).toHaveAttribute(
    'href',
    '/discounts?state=live',
  );

  // No accessibility violations in the page's own content (the chart included). Colour contrast
  // is left out: the theme's dimmed text and indigo links fall short of 4.5:1 on every screen,
  // which is a theme decision, not this page's.
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);

  // One call fed the whole page.
  expect(calls.filter((p) => p === '/api/dashboard')).toHaveLength(1);

  // The link to the fix opens the product's editor.
  await listLinks(region(page, 'Products without images')).filter({ hasText: product.name }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
  await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Images' })).toBeVisible();

  // And an inquiry opens the inbox with it chosen.
  await page.goBack();
  await listLinks(region(page, 'Latest inquiries')).filter({ hasText: inquiry.name }).click();
  await expect(page).toHaveURL(new RegExp(`/inquiries\\?selected=${inquiry.id}$`));
  await expect(page.getByRole('heading', { name: 'Inquiries', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: inquiry.subject, exact: true })).toBeVisible();
});

test('shows an error with a retry when the dashboard cannot be loaded', async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  let fail = true;
  await page.route('**/api/dashboard', (route) =>
    fail ? route.fulfill({ status: 500, json: { error: 'Boom' } }) : route.fallback(),
  );
  await page.goto('/');
  await expect(page.getByText('The dashboard could not be loaded.')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('region', { name: 'Catalogue health' })).toBeVisible();
  await expect(page.getByText('The dashboard could not be loaded.')).toHaveCount(0);
});

test('an unknown address inside the shell shows Page not found with a way back', async ({
  page,
  request,
}) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto(`/no-such-page-${uniqueTag('x')}`);
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  // Still inside the shell: the sidebar and the Logout button are there.
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E.baseURL}/$`));
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('captures the dashboard at desktop and phone widths', async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  const tag = uniqueTag('shot');
  const category = await apiCreateCategory(request, { name: `Lighting ${tag}` });
  await apiCreateProduct(request, { name: `Floor lamp ${tag}`, category_id: category.id });
  await apiCreateProduct(request, { name: `Rug ${tag}` });
  await apiSendInquiry(request, tag);
  await apiCreateEndingDiscount(request, `Clearance ${tag}`, category.id);
  for (const size of [
    { label: 'desktop', width: 1280, height: 800 },
    { label: 'phone', width: 390, height: 844 },
  ]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await openDashboard(page);
    await expect(
      region(page, 'Inquiries per day').locator('svg .recharts-bar-rectangle path').first(),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `.tmp/screens/dashboard-${size.label}.png`, fullPage: true });
    await page.screenshot({ path: `.tmp/screens/dashboard-${size.label}-fold.png` });
  }
});
