import { expect, type Page, test } from '@playwright/test';
import type { InquiryDetail } from '#domain/inquiries';
import { api, variantOf } from './api';
import { uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, toast, uniqueEmail } from './fixtures';
import { apiCreateProduct } from './products';

/** Screenshots for a person to look at, when SHOTS_DIR names a folder. */
const SHOTS = process.env.SHOTS_DIR;

const pane = (page: Page, subject: string) => page.getByRole('region', { name: subject, exact: true });

test.beforeEach(async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
});

test("a new quote starts at the customer's agreed and break prices, and says where each came from", async ({
  page,
  request,
}) => {
  const tag = uniqueTag('agreed');
  const lamp = await apiCreateProduct(request, { name: `Agreed lamp ${tag}`, sku: `AL-${tag}`, mrp: 40 });
  const chair = await apiCreateProduct(request, { name: `Break chair ${tag}`, sku: `BC-${tag}`, mrp: 25 });
  await api(request, 'PUT', `/api/variants/${await variantOf(request, chair.id)}/tiers`, {
    tiers: [{ min_quantity: 10, mrp: 20 }],
  });
  const sent = await request.post('/api/inquiries', {
    data: {
      name: 'Agnes Agreed',
      email: uniqueEmail('agreed'),
      subject: `Agreed ${tag}`,
      message: 'Our usual prices, please.',
      lines: [
        { product_id: lamp.id, quantity: 2 },
        { product_id: chair.id, quantity: 10 },
      ],
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const inquiry = (await sent.json()) as { id: number; subject: string };
  const detail = await api<InquiryDetail>(request, 'GET', `/api/inquiries/${inquiry.id}`);
  const list = await api<{ id: number }>(request, 'POST', '/api/price-lists', {
    name: `Agnes ${tag}`,
    type: 'fixed',
    customer_ids: [detail.customer!.id],
  });
  await api(request, 'PUT', `/api/price-lists/${list.id}/prices`, {
    prices: [{ sku: `AL-${tag}`, price: 32 }],
  });

  await page.goto(`/inquiries?q=${tag}`);
  await pane(page, inquiry.subject).getByRole('button', { name: 'Create quote' }).click();
  await expect(page).toHaveURL(new RegExp(`/inquiries/${inquiry.id}/quotes/\\d+$`));
  const lines = page.getByTestId('builder-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0).getByLabel('Unit price')).toHaveValue('32.00');
  await expect(lines.nth(0).getByTestId('price-source')).toHaveText(`Agreement: Agnes ${tag}`);
  await expect(lines.nth(1).getByLabel('Unit price')).toHaveValue('20.00');
  await expect(lines.nth(1).getByTestId('price-source')).toHaveText('10+ tier');
  await expect(page.getByTestId('builder-total')).toHaveText('$264.00');

  // Staff may still change it: the line shows the agreed price it was changed from, and its source.
  await lines.nth(0).getByLabel('Unit price').fill('30');
  await expect(lines.nth(0).getByTestId('catalogue-price')).toHaveText('(their price $32.00)');
  await expect(lines.nth(0).getByTestId('price-source')).toHaveText(`Agreement: Agnes ${tag}`);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page, 'Draft saved')).toBeVisible();
  await page.reload();
  await expect(lines.nth(0).getByLabel('Unit price')).toHaveValue('30.00');
  await expect(lines.nth(0).getByTestId('catalogue-price')).toContainText('$32.00');

  if (SHOTS)
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      // Loaded afresh at its width: a resize mid-page catches the navigation sliding away.
      await page.reload();
      await expect(lines.nth(1).getByTestId('price-source')).toBeVisible();
      if (width > 600)
        await expect(page.getByRole('navigation').getByRole('link', { name: 'Inquiries' })).toBeVisible();
      // The desktop shell's fixed navigation does not stretch into a full-page capture.
      await page.screenshot({ path: `${SHOTS}/quote-customer-prices-${width}.png`, fullPage: width < 600 });
    }

  // The customer's page lists the agreement that holds for them.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/customers?selected=${detail.customer!.id}`);
  const customerPane = page.getByTestId('customer-pane');
  await expect(customerPane.getByTestId('customer-price-lists')).toContainText(`Agnes ${tag}`);
  await expect(customerPane.getByTestId('customer-price-lists')).toContainText('Agreed prices');
  if (SHOTS) {
    await customerPane.getByTestId('customer-price-lists').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/customer-price-lists-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await customerPane.getByTestId('customer-price-lists').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/customer-price-lists-390.png` });
  }
});
