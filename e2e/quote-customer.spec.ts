import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Download, expect, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Inquiry } from '#domain/inquiries';
import type { OutboxListResponse } from '#domain/outbox';
import { authHeaders, expectImageLoaded, uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, toast, uniqueEmail } from './fixtures';
import { apiCreateProduct } from './products';

/** The seller the e2e server is configured with (scripts/e2e-server.mjs). */
const SELLER = {
  name: 'Stockroom',
  address: ['12 Harbour Street', 'Portsmouth PO1 3AX'],
  email: 'sales@stockroom.test',
  phone: '+44 23 9200 0199',
};

/** A request for one product at 144.49, with a draft quote started from it. */
async function requestWithDraft(request: APIRequestContext, tag: string) {
  const headers = await authHeaders(request);
  const product = await apiCreateProduct(request, { name: `Rack ${tag}`, sku: `R-${tag}`, mrp: 144.49 });
  const res = await request.post('/api/inquiries', {
    data: {
      name: 'Cara Customer',
      email: uniqueEmail('cara'),
      phone: null,
      subject: `Racks ${tag}`,
      message: 'Two racks, please.',
      company: 'Cara Ltd',
      lines: [{ product_id: product.id, quantity: 2 }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const inquiry = (await res.json()) as Inquiry;
  const draft = await (await request.post(`/api/inquiries/${inquiry.id}/quotes`, { headers })).json();
  return { headers, product, inquiry, draft: draft as { id: number } };
}

async function pdfText(download: Download) {
  const bytes = await readFile((await download.path()) as string);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

test('the customer sees who the quote is from, downloads its PDF, and after accepting the signed one', async ({
  browser,
  request,
}) => {
  const tag = uniqueTag('cust');
  const { headers, product, inquiry, draft } = await requestWithDraft(request, tag);
  const put = await request.put(`/api/quotes/${draft.id}`, {
    headers,
    data: {
      lines: [{ product_id: product.id, name: product.name, quantity: 2, unit_price: 120 }],
      valid_until: '2099-12-31',
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  const sent = await (await request.post(`/api/quotes/${draft.id}/send`, { headers })).json();

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`/quote/${sent.token}`);
  await expect(page).toHaveTitle(`Quote ${inquiry.reference} · ${SELLER.name}`);

  // Who it is from: the logo, the name, the address, how to reach them and their shop.
  const seller = page.getByRole('region', { name: 'Seller' });
  await expect(seller).toContainText(SELLER.name);
  await expectImageLoaded(seller.locator('img'));
  await expect(seller.locator('address')).toHaveText(SELLER.address.join('\n'));
  await expect(seller.getByRole('link', { name: SELLER.email })).toHaveAttribute(
    'href',
    `mailto:${SELLER.email}`,
  );
  await expect(seller.getByRole('link', { name: SELLER.phone })).toHaveAttribute('href', 'tel:+442392000199');
  // The customer sees the price quoted, never the catalogue's.
  await expect(page.getByTestId('quote-document')).toContainText('$120.00');
  await expect(page.getByTestId('catalogue-price')).toHaveCount(0);

  // The PDF, the one the e-mail carried, with the seller and the reference.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`quote-${inquiry.reference}-v1.pdf`);
  const pdf = await pdfText(download);
  for (const expected of [
    SELLER.name,
    ...SELLER.address,
    SELLER.email,
    `Quote ${inquiry.reference}`,
    '$240.00',
  ])
    expect(pdf).toContain(expected);
  expect(pdf).not.toContain('Signed by');

  await page.getByRole('button', { name: 'Accept' }).click();
  const sign = page.getByRole('dialog', { name: 'Accept this quote' });
  await sign.getByLabel('Type your full name to sign').fill('Cara Signer');
  await sign.getByRole('button', { name: 'Confirm acceptance' }).click();
  await expect(page.getByTestId('quote-banner')).toContainText('Accepted by Cara Signer');
  await expect(page.getByTestId('quote-banner')).toContainText('signed quote is on its way to your e-mail');
  const [signed] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(await pdfText(signed)).toContain('Signed by Cara Signer on');

  // The confirmation is in the outbox, to the customer, with the signed PDF.
  const outbox = await request.get(`/api/outbox?inquiry_id=${inquiry.id}`, { headers });
  const confirmations = ((await outbox.json()) as OutboxListResponse).data.filter(
    (m) => m.kind === 'quote_accepted',
  );
  expect(confirmations).toHaveLength(1);
  expect(confirmations[0].to).toBe(inquiry.email);
  expect(confirmations[0].attachments).toMatchObject([
    { filename: `quote-${inquiry.reference}-v1-signed.pdf`, content_type: 'application/pdf' },
  ]);

  // And the shop is one click away.
  await seller.getByRole('link', { name: 'Visit our shop' }).click();
  await expect(page).toHaveURL(`${E2E.baseURL}/shop`);
  await visitor.close();
});

test('a wrong link names the tab too', async ({ browser }) => {
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto('/quote/this-is-not-a-quote-token-at-all');
  await expect(page.getByRole('heading', { name: 'Quote not found' })).toBeVisible();
  await expect(page).toHaveTitle('Quote not found');
  await visitor.close();
});

test('staff see the catalogue price beside a changed unit price, in the draft and the sent version', async ({
  page,
  request,
}) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  const tag = uniqueTag('cat');
  const { inquiry, draft } = await requestWithDraft(request, tag);
  await page.goto(`/inquiries/${inquiry.id}/quotes/${draft.id}`);
  const line = page.getByTestId('builder-line');
  await expect(line.getByLabel('Unit price')).toHaveValue('144.49');
  // The catalogue's own price needs no reminder.
  await expect(line.getByTestId('catalogue-price')).toHaveCount(0);
  await line.getByLabel('Unit price').fill('120');
  await expect(line.getByTestId('catalogue-price')).toHaveText('(catalogue $144.49)');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page, 'Draft saved')).toBeVisible();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('dialog', { name: 'Send this quote?' }).getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, 'Quote sent')).toBeVisible();

  // The sent version keeps it, struck through beside the price quoted.
  const sent = page.getByTestId('quote-document');
  await expect(sent.getByRole('row').nth(1)).toContainText('$120.00');
  const catalogue = sent.getByTestId('catalogue-price').filter({ visible: true });
  await expect(catalogue).toHaveText('(catalogue $144.49)');
  await expect(catalogue.locator('s')).toHaveText('$144.49');
  // Still there when the version is opened again.
  await page.reload();
  await expect(
    page.getByTestId('quote-document').getByTestId('catalogue-price').filter({ visible: true }),
  ).toHaveText('(catalogue $144.49)');
});
