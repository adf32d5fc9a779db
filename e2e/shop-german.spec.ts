import { readFile } from 'node:fs/promises';
import { type Download, expect, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Inquiry } from '#domain/inquiries';
import { authHeaders, uniqueTag } from './catalog';
import { uniqueEmail } from './fixtures';
import { apiCreateProduct } from './products';

/** Screenshots for a person to look at, when SHOTS_DIR names a folder. */
const SHOTS = process.env.SHOTS_DIR;

async function pdfText(download: Download) {
  const bytes = await readFile((await download.path()) as string);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

test('a visitor on /de/shop finds "Akkubohrer", asks for a quote in German, and the quote page and PDF are German', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('akku');
  const headers = await authHeaders(request);
  // The English name shares no word with the German query: only the translation can find it.
  const product = await apiCreateProduct(request, {
    name: `Cordless driver ${tag}`,
    sku: `CD-${tag}`,
    mrp: 149,
    status: 'published',
  });
  const german = `Akku-Bohrschrauber ${tag}`;
  const translated = await request.put(`/api/products/${product.id}/translations/de`, {
    headers,
    data: { name: german, description: 'Ein kräftiger Akkubohrer für die Baustelle.' },
  });
  expect(translated.status(), await translated.text()).toBe(200);

  await page.goto('/de/shop');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByRole('searchbox', { name: 'Produkte suchen' }).fill(`Akkubohrer ${tag}`);
  await page.getByRole('button', { name: 'Suchen' }).click();
  await expect(page).toHaveURL(/\/de\/shop\?q=/);
  await page.getByRole('link', { name: german }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: german })).toBeVisible();
  await page.getByLabel('Menge').fill('4');
  await page.getByRole('button', { name: 'Zum Angebot hinzufügen' }).click();
  await expect(page.getByRole('status')).toContainText(`${german} wurde Ihrer Angebotsanfrage hinzugefügt.`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/de-product-1280.png` });

  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Angebot/ })
    .click();
  await expect(page).toHaveURL(/\/de\/shop\/quote$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ihre Angebotsanfrage' })).toBeVisible();
  await expect(page.getByLabel(`Menge von ${german}`)).toHaveValue('4');
  const email = uniqueEmail('kaeufer');
  await page.getByLabel('Name').fill(`Greta Käufer ${tag}`);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Firma').fill('Käufer GmbH');
  await page.getByLabel('Nachricht').fill('Bitte ein Angebot für vier Stück.');
  const posted = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/inquiries'),
  );
  await page.getByRole('button', { name: 'Angebot anfordern' }).click();
  expect((await posted).status()).toBe(201);
  await expect(page.getByRole('heading', { name: 'Vielen Dank' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/de-sent-1280.png` });

  // The request keeps the buyer's language; staff quote it and send it.
  const found = await request.get(`/api/inquiries?q=${encodeURIComponent(email)}`, { headers });
  const [listed] = (await found.json()).data as Inquiry[];
  const inquiry = (await (await request.get(`/api/inquiries/${listed.id}`, { headers })).json()) as Inquiry;
  expect(inquiry.locale).toBe('de');
  const draft = await (await request.post(`/api/inquiries/${inquiry.id}/quotes`, { headers })).json();
  const put = await request.put(`/api/quotes/${draft.id}`, {
    headers,
    data: {
      lines: [{ product_id: product.id, name: product.name, quantity: 4, unit_price: 139 }],
      valid_until: '2099-12-31',
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  const sent = await request.post(`/api/quotes/${draft.id}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  const { token } = await sent.json();

  await page.goto(`/quote/${token}`);
  await expect(page.getByRole('heading', { name: 'Angebot von Stockroom' })).toBeVisible();
  // The line carries the German name it had when the quote was sent.
  await expect(page.getByTestId('quote-document').getByText(german)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Annehmen' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/de-quote-1280.png`, fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'PDF herunterladen' }).click(),
  ]);
  const pdf = await pdfText(download);
  expect(pdf).toContain(`Angebot ${inquiry.reference}`);
  expect(pdf).toContain(german);
  expect(pdf).not.toContain(`Quote ${inquiry.reference}`);
});
