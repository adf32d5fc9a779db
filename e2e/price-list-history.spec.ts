import { expect, test } from '@playwright/test';
import type { InquiryDetail } from '#domain/inquiries';
import { ENTITY_LABEL } from '../web/components/history/texts';
import { api } from './api';
import { pickOption, uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, uniqueEmail } from './fixtures';
import { apiCreateProduct } from './products';

/** Screenshots for a person to look at, when SHOTS_DIR names a folder. */
const SHOTS = process.env.SHOTS_DIR;

test.beforeEach(async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
});

test("Activity shows a price list's changes: whom it holds for and how many prices each write set", async ({
  page,
  request,
}) => {
  const tag = uniqueTag('plh');
  await apiCreateProduct(request, { name: `History lamp ${tag}`, sku: `HL-${tag}`, mrp: 40 });
  await apiCreateProduct(request, { name: `History chair ${tag}`, sku: `HC-${tag}`, mrp: 25 });
  const sent = await request.post('/api/inquiries', {
    data: {
      name: 'Hilda History',
      email: uniqueEmail('plh'),
      company: `Hildaco ${tag}`,
      subject: `History ${tag}`,
      message: 'Our prices, please.',
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const detail = await api<InquiryDetail>(
    request,
    'GET',
    `/api/inquiries/${((await sent.json()) as { id: number }).id}`,
  );
  const company = detail.customer!.company!;
  const name = `Hildaco agreement ${tag}`;
  const list = await api<{ id: number }>(request, 'POST', '/api/price-lists', {
    name,
    type: 'fixed',
    company_ids: [company.id],
  });
  await api(request, 'PUT', `/api/price-lists/${list.id}/prices`, {
    prices: [
      { sku: `HL-${tag}`, price: 32 },
      { sku: `HC-${tag}`, price: 21 },
      { sku: `HC-${tag}`, min_quantity: 10, price: 19 },
    ],
  });

  await page.goto('/activity');
  await pickOption(page, page.locator('main'), 'Type', ENTITY_LABEL.price_list);
  await expect(page).toHaveURL(/type=price_list/);
  const entries = page.getByTestId('activity-entry').filter({ hasText: name });
  await expect(entries).toHaveCount(2);
  // Newest first: the prices written, then the list made with its company.
  await expect(entries.nth(0)).toContainText(`${ENTITY_LABEL.price_list} · ${name}`);
  await expect(entries.nth(0)).toContainText('Updated');
  // The arrow is read out as "to" (visually hidden text beside it).
  await expect(entries.nth(0)).toContainText(/Prices held: 0 →\s*to\s*3/);
  await expect(entries.nth(0)).toContainText('Prices set: 3');
  await expect(entries.nth(1)).toContainText('Created');
  await expect(entries.nth(1)).toContainText(`Companies: ${company.name}`);
  // The entry's name opens the list's own page.
  await entries.nth(0).getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/price-lists/${list.id}$`));
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.goBack();
  await expect(entries).toHaveCount(2);

  if (SHOTS) {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.reload();
      await expect(entries).toHaveCount(2);
      await page.screenshot({ path: `${SHOTS}/price-list-history-${width}.png`, fullPage: width < 600 });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(entries).toHaveCount(2);
    await page.screenshot({ path: `${SHOTS}/price-list-history-1280-dark.png` });
  }
});

test("a webhook endpoint may subscribe to a price list's events", async ({ page }) => {
  await page.goto('/settings/integrations?tab=webhooks');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
  const group = dialog.getByTestId('event-group-price_list');
  await expect(group).toContainText('Price lists');
  for (const type of ['price_list.created', 'price_list.updated', 'price_list.deleted'])
    await expect(group.getByRole('checkbox', { name: new RegExp(type.replace('.', '\\.')) })).toBeEnabled();
  await group.getByRole('checkbox', { name: /price_list\.updated/ }).check();
  await expect(group.getByRole('checkbox', { name: 'All price lists events' })).toBeVisible();
  if (SHOTS) {
    await group.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/price-list-webhook-events-1280.png` });
  }
});
