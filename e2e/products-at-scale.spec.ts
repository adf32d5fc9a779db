import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { BULK_TEXT, PRODUCT_CSV_COLUMNS } from '#domain/product-list';
import { localeColumn, PRODUCT_TRANSLATION_FIELDS } from '#domain/translations';
import { uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, toast } from './fixtures';
import { apiCreateProduct } from './products';

const finalPrice = (page: Page, name: string) =>
  page.getByTestId('product-row').filter({ hasText: name }).getByTestId('final-price');

// The catalogue at scale, as staff use it: a filtered list that survives a reload and Back, a
// price changed in bulk after the screen says how many it changes, the list exported as CSV, and
// that file, edited, imported back.
test('filter, reload, Back, bulk price change, export and import the edited file', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('scale');
  const names = { a: `${tag} Alpha`, b: `${tag} Beta`, c: `${tag} Gamma` };
  await apiCreateProduct(request, { name: names.a, sku: `${tag}-A`, mrp: 10, status: 'published' });
  await apiCreateProduct(request, { name: names.b, sku: `${tag}-B`, mrp: 20, status: 'published' });
  await apiCreateProduct(request, { name: names.c, sku: `${tag}-C`, mrp: 30, status: 'draft' });
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);

  // The search and a filter go into the URL; the list shows what they match.
  await page.goto('/products');
  await page.getByLabel('Search', { exact: true }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(page.getByTestId('product-card')).toHaveCount(3);
  await page.getByLabel('Status', { exact: true }).click();
  await page.getByRole('option', { name: 'Published', exact: true }).click();
  await expect(page).toHaveURL(/status=published/);
  await expect(page.getByTestId('product-card')).toHaveCount(2);
  await expect(page.getByTestId('filter-chip').filter({ hasText: 'Status: Published' })).toBeVisible();

  // A reload keeps it.
  await page.reload();
  await expect(page.getByTestId('product-card')).toHaveCount(2);
  await expect(page.getByTestId('filter-chip').filter({ hasText: 'Status: Published' })).toBeVisible();
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue(tag);

  // Back returns to the search alone.
  await page.goBack();
  await expect(page).not.toHaveURL(/status=/);
  await expect(page.getByTestId('product-card')).toHaveCount(3);
  await expect(page.getByTestId('filter-chip').filter({ hasText: 'Status' })).toHaveCount(0);

  // The table, the whole page picked, prices up 10 %: the dry run's count comes first.
  await page.getByText('Table', { exact: true }).click();
  await expect(page).toHaveURL(/view=table/);
  await expect(page.getByTestId('product-row')).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Select this page' }).check();
  await expect(page.getByTestId('selection-count')).toHaveText('3 selected');
  await page.getByRole('button', { name: 'Bulk actions' }).click();
  await page.getByRole('menuitem', { name: BULK_TEXT.actionLabels.adjust_price }).click();
  const dialog = page.getByRole('dialog', { name: BULK_TEXT.actionLabels.adjust_price });
  await dialog.getByLabel(/^Percent/).fill('10');
  await expect(dialog.getByTestId('bulk-preview')).toHaveText(BULK_TEXT.willChange(3));
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, BULK_TEXT.changed(3))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(finalPrice(page, names.a)).toHaveText('$11.00');
  await expect(finalPrice(page, names.b)).toHaveText('$22.00');
  await expect(finalPrice(page, names.c)).toHaveText('$33.00');
  await expect(page.getByTestId('bulk-bar')).toBeHidden();

  // The export holds the filtered list with its new prices.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await download.path()) as string, 'utf8');
  const rows: Record<string, string>[] = parse(csv, { columns: true, bom: true });
  // Then each translated language's columns (name@de…), for the shop's languages but the default.
  const shop = (await (await request.get('/api/locales')).json()) as { default: string; locales: string[] };
  const translated = shop.locales
    .filter((l) => l !== shop.default)
    .flatMap((l) => PRODUCT_TRANSLATION_FIELDS.map((f) => localeColumn(f, l)));
  expect(translated.length).toBeGreaterThan(0);
  expect(Object.keys(rows[0] ?? {})).toEqual([...PRODUCT_CSV_COLUMNS, ...translated]);
  expect(rows.map((r) => r.sku).sort()).toEqual([`${tag}-A`, `${tag}-B`, `${tag}-C`]);
  expect(Number(rows.find((r) => r.sku === `${tag}-A`)?.mrp)).toBe(11);

  // One price edited in the file, which is imported back: checked first, then applied.
  const edited = stringify(
    rows.map((r) => (r.sku === `${tag}-A` ? { ...r, mrp: '15.50' } : r)),
    { header: true, columns: [...PRODUCT_CSV_COLUMNS] },
  );
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const wizard = page.getByRole('dialog', { name: 'Import products from CSV' });
  await wizard.locator('input[type="file"]').setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(edited),
  });
  // The export's own headers map themselves.
  await expect(wizard.getByRole('combobox', { name: 'SKU', exact: true })).toHaveValue('sku');
  await expect(wizard.getByRole('combobox', { name: 'Price (MRP)', exact: true })).toHaveValue('mrp');
  await wizard.getByRole('button', { name: 'Check file' }).click();
  await expect(wizard.getByTestId('import-report')).toBeVisible({ timeout: 20_000 });
  await expect(wizard.getByTestId('report-rows')).toHaveText('3');
  // Only the edited row changes anything.
  await expect(wizard.getByTestId('report-created')).toHaveText('0');
  await expect(wizard.getByTestId('report-updated')).toHaveText('1');
  await expect(wizard.getByTestId('report-problem_count')).toHaveText('0');
  // Nothing has changed yet.
  await expect(finalPrice(page, names.a)).toHaveText('$11.00');
  await wizard.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(wizard.getByText('Import finished')).toBeVisible({ timeout: 20_000 });
  // The wizard's own Close button, not the dialog's × (also named Close).
  await wizard.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
  await expect(finalPrice(page, names.a)).toHaveText('$15.50');
  await expect(finalPrice(page, names.b)).toHaveText('$22.00');

  // Duplicate from the editor: a draft copy opens in its own editor.
  await page.getByRole('link', { name: names.a }).click();
  await expect(page.getByRole('heading', { level: 1, name: names.a })).toBeVisible();
  const original = page.url();
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(toast(page, 'Product duplicated as a draft')).toBeVisible();
  await expect(page).not.toHaveURL(original);
  await expect(page.getByRole('heading', { level: 1, name: names.a })).toBeVisible();
  await expect(page.getByTestId('product-status')).toHaveText(/draft/i);
});
