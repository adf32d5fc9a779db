import { expect, test } from '@playwright/test';
import type { Inquiry } from '#domain/inquiries';
import { authHeaders, uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, uniqueEmail } from './fixtures';
import { apiCreateProduct } from './products';

/** Screenshots for a person to look at, when SHOTS_DIR names a folder. */
const SHOTS = process.env.SHOTS_DIR;

test("a German request's quote page reads in German, and the desk shows the buyer's language", async ({
  page,
  request,
}) => {
  const { locales } = (await (await request.get('/api/locales')).json()) as { locales: string[] };
  expect(locales).toContain('de');
  const tag = uniqueTag('lang');
  const headers = await authHeaders(request);
  const product = await apiCreateProduct(request, {
    name: `Wall bracket ${tag}`,
    sku: `WB-${tag}`,
    mrp: 12.5,
  });
  const translated = await request.put(`/api/products/${product.id}/translations/de`, {
    headers,
    data: { name: `Wandhalterung ${tag}` },
  });
  expect(translated.status(), await translated.text()).toBe(200);
  const res = await request.post('/api/inquiries', {
    data: {
      name: 'Greta Käufer',
      email: uniqueEmail('greta'),
      subject: `Halterungen ${tag}`,
      company: 'Käufer GmbH',
      locale: 'de',
      lines: [{ product_id: product.id, quantity: 40 }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const inquiry = (await res.json()) as Inquiry;
  const draft = await (await request.post(`/api/inquiries/${inquiry.id}/quotes`, { headers })).json();
  const put = await request.put(`/api/quotes/${draft.id}`, {
    headers,
    data: {
      lines: [
        { product_id: product.id, name: product.name, sku: `WB-${tag}`, quantity: 40, unit_price: 11.25 },
      ],
      shipping: 15,
      tax_rate: 19,
      valid_until: '2099-12-31',
      note: 'Lieferung frei Haus ab 500 €.',
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  const sent = await (await request.post(`/api/quotes/${draft.id}/send`, { headers })).json();

  await page.goto(`/quote/${sent.token}`);
  await expect(page.getByRole('heading', { name: 'Angebot von Stockroom' })).toBeVisible();
  await expect(page.getByTestId('quote-document').getByText(`Wandhalterung ${tag}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Annehmen' })).toBeVisible();
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/quote-page-de-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/quote-page-de-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto(`/inquiries?selected=${inquiry.id}`);
  const badge = page.getByTestId('buyer-language').first();
  await expect(badge).toContainText('Deutsch');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/desk-language-1280.png` });
  await page.goto(`/inquiries/${inquiry.id}/quotes/${draft.id}`);
  await expect(page.getByTestId('buyer-language')).toContainText('Deutsch');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/builder-language-1280.png` });
});
