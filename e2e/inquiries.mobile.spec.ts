import { expect, test } from '@playwright/test';
import { INQUIRY_TEXT, type Inquiry } from '#domain/inquiries';
import { uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, uniqueEmail } from './fixtures';
import { apiCreateProduct } from './products';

// On a phone the inbox's list and reading pane take turns instead of sitting side by side.
test('on a phone the inquiry list and the reading pane take turns', async ({ page, request }) => {
  const tag = uniqueTag('inq');
  const subject = `Phone quote ${tag}`;
  const res = await request.post('/api/inquiries', {
    data: { name: 'Mia Buyer', email: uniqueEmail('mia'), subject, message: 'Hi' },
  });
  expect(res.status(), await res.text()).toBe(201);

  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto('/inquiries');
  await page.getByLabel('Search', { exact: true }).fill(tag);
  const entry = page.getByRole('list', { name: 'Inquiries' }).getByRole('button', { name: /Mia Buyer/ });
  await expect(entry).toBeVisible();
  // The first inquiry is selected, but the pane waits until one is opened.
  await expect(page.getByRole('region', { name: subject })).toHaveCount(0);

  await entry.click();
  await expect(page.getByRole('region', { name: subject })).toContainText('Mia Buyer');
  await expect(page.getByRole('list', { name: 'Inquiries' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Back to list' }).click();
  await expect(entry).toBeVisible();
  await expect(page.getByRole('region', { name: subject })).toHaveCount(0);
});

test('on a phone the basket fits the screen, with SKU, quantity and price under each name', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('basket');
  const lamp = await apiCreateProduct(request, { name: `Brass lamp ${tag}`, sku: `LMP-${tag}`, mrp: 19.99 });
  const sofa = await apiCreateProduct(request, { name: `Three-seat sofa ${tag}`, mrp: 1299 });
  const subject = `Phone basket ${tag}`;
  const res = await request.post('/api/inquiries', {
    data: {
      name: 'Mia Buyer',
      email: uniqueEmail('mia'),
      subject,
      message: 'Hi',
      company: `Mia Interiors ${tag}`,
      lines: [
        { product_id: lamp.id, quantity: 3 },
        { product_id: sofa.id, quantity: 2 },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const sent: Inquiry = await res.json();

  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto('/inquiries');
  await page.getByLabel('Search', { exact: true }).fill(tag);
  // Filtered by subject: until the search has answered, the list holds other tests' requests.
  const entry = page
    .getByRole('list', { name: 'Inquiries' })
    .getByRole('button')
    .filter({ hasText: subject });
  await expect(entry).toContainText(sent.reference);
  await entry.click();

  const reading = page.getByRole('region', { name: subject });
  await expect(reading.getByTestId('inquiry-reference')).toContainText(sent.reference);
  await expect(reading).toContainText(`Mia Interiors ${tag}`);
  const T = INQUIRY_TEXT.lines;
  const table = reading.getByRole('table', { name: T.heading });
  // Only the product and its line total have columns at this width; the SKU, quantity and unit
  // price go under the name.
  await expect(table.getByRole('columnheader')).toHaveText([T.product, T.lineTotal]);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  const cells = async (row: number) =>
    (await rows.nth(row).getByRole('cell').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
  expect(await cells(0)).toEqual([`${lamp.name} SKU LMP-${tag} · 3 × $19.99`, '$59.97']);
  expect(await cells(1)).toEqual([`${sofa.name} 2 × $1,299.00`, '$2,598.00']);
  const total = table.getByTestId('quote-total');
  await expect(total).toHaveText('$2,657.97');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The whole table is on the screen: nothing to scroll sideways inside the pane either.
  const box = await table.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
});
