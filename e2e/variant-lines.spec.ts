import { expect, type Page, test } from '@playwright/test';
import type { Inquiry } from '#domain/inquiries';
import type { Quote } from '#domain/quotes';
import type { Variant } from '#domain/variants';
import { authHeaders, uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, toast, uniqueEmail } from './fixtures';
import { VARIANT_GLOVES as GLOVES } from './variant-gloves';

const pane = (page: Page, subject: string) => page.getByRole('region', { name: subject, exact: true });
const shots = process.env.SHOTS_DIR;
/** The screen at the desktop's and the phone's widths, and the desktop's in dark mode. */
async function photograph(page: Page, name: string, ready: () => Promise<void>) {
  if (!shots) return;
  const shoot = async (file: string) => {
    // From the top, with nothing focused: a full-page shot of a scrolled page repeats its sticky header.
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    await ready();
    await page.screenshot({ path: `${shots}/${file}.png`, fullPage: true });
  };
  await shoot(`${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(`${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await shoot(`${name}-1280-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

test.beforeEach(async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
});

test('a request for a size shows it on the desk and in the builder, where another size brings its SKU and price', async ({
  page,
  request,
}) => {
  const headers = await authHeaders(request);
  const bundle = await (await request.get(`/api/products/slug/${GLOVES.slug}/bundle`, { headers })).json();
  const productId: number = bundle.base.id;
  const listed = await request.get(`/api/products/${productId}/variants`, { headers });
  expect(listed.status(), await listed.text()).toBe(200);
  const variants: Variant[] = (await listed.json()).data;
  const size = (s: string) => variants.find((v) => v.options.Size === s)!;
  const tag = uniqueTag('sizes');
  const asked = await request.post('/api/inquiries', {
    data: {
      name: 'Vic Sizes',
      email: uniqueEmail('sizes'),
      subject: `Gloves ${tag}`,
      message: 'Please quote.',
      company: 'Sizes Ltd',
      lines: [{ product_id: productId, variant_id: size('M').id, quantity: 5 }],
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const inquiry: Inquiry = await asked.json();

  // The desk's request reads the size under the product's name, with the size's own SKU.
  await page.goto(`/inquiries?q=${tag}&selected=${inquiry.id}`);
  const reading = pane(page, inquiry.subject);
  const basket = reading.getByTestId('quote-lines');
  await expect(basket.getByTestId('line-options')).toHaveText('Size: M');
  await expect(basket).toContainText(`${GLOVES.sku}-M`);
  await expect(reading.getByTestId('quote-total')).toHaveText('$45.00');
  await photograph(page, 'desk-request', () =>
    expect(basket.getByTestId('line-options')).toHaveText('Size: M'),
  );

  // The quote starts on the same size, and the builder can change it.
  await reading.getByRole('button', { name: 'Create quote' }).click();
  await expect(page).toHaveURL(new RegExp(`/inquiries/${inquiry.id}/quotes/\\d+$`));
  const line = page.getByTestId('builder-line').first();
  const variant = line.getByRole('combobox', { name: 'Variant' });
  await expect(variant).toHaveValue('M');
  await expect(line.getByLabel('SKU', { exact: true })).toHaveValue(`${GLOVES.sku}-M`);
  await expect(line.getByLabel('Unit price')).toHaveValue('9.00');
  await photograph(page, 'builder-variant', () => expect(variant).toHaveValue('M'));

  await variant.click();
  await page.getByRole('option', { name: 'L', exact: true }).click();
  await expect(variant).toHaveValue('L');
  await expect(line.getByLabel('SKU', { exact: true })).toHaveValue(`${GLOVES.sku}-L`);
  await expect(line.getByLabel('Unit price')).toHaveValue('11.50');
  await expect(line.getByTestId('line-total')).toHaveText('$57.50');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page, 'Draft saved')).toBeVisible();

  const quoteId = Number(page.url().split('/').pop());
  const saved: Quote = await (await request.get(`/api/quotes/${quoteId}`, { headers })).json();
  expect(saved.lines[0]).toMatchObject({
    variant_id: size('L').id,
    sku: `${GLOVES.sku}-L`,
    options: { Size: 'L' },
    unit_price: 11.5,
    catalogue_price: 11.5,
  });
  // After a reload the line reads the stored variant.
  await page.reload();
  await expect(
    page.getByTestId('builder-line').first().getByRole('combobox', { name: 'Variant' }),
  ).toHaveValue('L');

  // Sent, the customer's page prints the size under the product's name.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('dialog', { name: 'Send this quote?' }).getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('This version was sent and can no longer be changed.')).toBeVisible();
  await expect(page.getByTestId('quote-document').getByTestId('line-options')).toHaveText('Size: L');
  const href = await page.getByRole('link', { name: 'Customer page' }).getAttribute('href');
  await page.goto(href as string);
  const printed = page.getByTestId('quote-document').getByTestId('line-options');
  await expect(printed).toHaveText('Size: L');
  await photograph(page, 'customer-quote', () => expect(printed).toHaveText('Size: L'));
});
