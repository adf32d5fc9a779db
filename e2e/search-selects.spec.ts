import { expect, test } from '@playwright/test';
import { PRODUCT_TOAST } from '#domain/products';
import { apiCreateBrand, authHeaders, uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, toast } from './fixtures';
import { apiCreateProduct, openEditor, sectionCard } from './products';

test.beforeEach(async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
});

// Selects over sets that can be large search on the server as the user types. The
// select asks for one page (50) at a time; these brands make sure the ones this test looks for are
// beyond the first page, whatever else the shared server holds.
test('the brand select shows a current brand beyond the first page and finds another by typing', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag('sel');
  const headers = await authHeaders(request);
  // 50 names that sort before any letter, so at least 50 brands come before the two below.
  for (let i = 0; i < 50; i += 10) {
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, k) =>
        request.post('/api/brands', {
          headers,
          multipart: { name: `0 ${tag} ${String(i + k).padStart(2, '0')}`, slug: '', description: '' },
        }),
      ),
    );
    for (const res of created) expect(res.status()).toBe(201);
  }
  const current = await apiCreateBrand(request, { name: `Zy current ${tag}` });
  const wanted = await apiCreateBrand(request, { name: `Zz wanted ${tag}` });
  const product = await apiCreateProduct(request, { name: `Searched ${tag}`, brand_id: current.id, mrp: 5 });

  const searches: URL[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/public/brands') searches.push(url);
  });
  await openEditor(page, product);
  const card = sectionCard(page, 'Basic and Price');
  await card.getByRole('button', { name: 'Edit' }).click();
  const brand = card.getByLabel('Brand', { exact: true });
  await expect(brand).toHaveValue(current.name);

  // The first page: the current brand is listed (first), the wanted one is not.
  await brand.click();
  const options = page.getByRole('option');
  await expect(options.first()).toHaveText(current.name);
  await expect.poll(() => options.count()).toBeGreaterThan(2);
  await expect(page.getByRole('option', { name: wanted.name })).toHaveCount(0);
  expect(searches.map((u) => u.searchParams.get('limit'))).toEqual(['50']);

  // Typing searches the server; the keyboard picks the match.
  await brand.fill('');
  const typed = `zz wanted ${tag}`;
  // The whole text is searched once typing pauses. Until then the list narrows the last answer
  // by itself, so it can already show the one match: wait for the search, not just the list.
  const finalSearch = page.waitForRequest((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/public/brands' && url.searchParams.get('q') === typed;
  });
  await brand.pressSequentially(typed, { delay: 40 });
  await finalSearch;
  await expect(options).toHaveCount(1);
  await expect(options.first()).toHaveText(wanted.name);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(brand).toHaveValue(wanted.name);
  expect(searches.map((u) => u.searchParams.get('q'))).toContain(`zz wanted ${tag}`);
  // Debounced: not one request per keystroke. Keystrokes come 40 ms apart, well inside the
  // 250 ms debounce, but a loaded CI machine can stall the browser between two of them, and each
  // stall lets one search out. Without the debounce there would be one per keystroke.
  const typedSearches = searches.filter((u) => u.searchParams.get('q'));
  expect(typedSearches.length).toBeLessThan(typed.length / 2);

  const put = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith(`/api/products/${product.id}`),
  );
  await card.getByRole('button', { name: 'Save' }).click();
  expect((await put).postDataJSON()).toMatchObject({ brand_id: wanted.id });
  await expect(toast(page, PRODUCT_TOAST.saved)).toBeVisible();
  await expect(card).toContainText(wanted.name);

  // Nothing found says so.
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByLabel('Brand', { exact: true }).fill(`no such brand ${tag}`);
  await expect(page.getByText('Nothing found')).toBeVisible();
});
