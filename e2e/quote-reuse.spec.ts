import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Inquiry } from '#domain/inquiries';
import { PUBLIC_QUOTE_TEXT, QUOTE_REUSE_TEXT } from '#domain/quote-texts';
import type { Quote } from '#domain/quotes';
import { authHeaders, uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, toast, uniqueEmail } from './fixtures';
import { apiCreateProduct } from './products';

/** Screenshots for a person to look at, when SHOTS_DIR is set. */
const SHOTS = process.env.SHOTS_DIR;

async function apiRequest(request: APIRequestContext, subject: string, lines: object[] = []) {
  const res = await request.post('/api/inquiries', {
    data: {
      name: 'Tess Template',
      email: uniqueEmail('tess'),
      phone: null,
      subject,
      message: 'The usual, please.',
      company: 'Tess Ltd',
      lines,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Inquiry;
}

/** The screen at 1280 and 390 px, and dark at 1280: reloaded at each, then brought to the state to show. */
async function shoot(page: Page, name: string, show: () => Promise<void>) {
  if (!SHOTS) return;
  for (const [width, height, scheme] of [
    [1280, 800, 'light'],
    [390, 844, 'light'],
    [1280, 800, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: scheme });
    await page.reload();
    await show();
    // A dialog fades in: photographed once it is there in full.
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}${scheme === 'dark' ? '-dark' : ''}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
}

test.beforeEach(async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
});

test('staff save a quote as a template and start a new draft from it, priced today', async ({
  page,
  request,
}) => {
  const headers = await authHeaders(request);
  const tag = uniqueTag('tpl');
  const shelf = await apiCreateProduct(request, { name: `Shelf ${tag}`, sku: `SH-${tag}`, mrp: 80 });
  const first = await apiRequest(request, `First order ${tag}`, [{ product_id: shelf.id, quantity: 3 }]);
  const draft = (await (
    await request.post(`/api/inquiries/${first.id}/quotes`, { headers })
  ).json()) as Quote;
  const sent = await request.post(`/api/quotes/${draft.id}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);

  // Save as template, from the sent quote's More menu, with a name.
  await page.goto(`/inquiries/${first.id}/quotes/${draft.id}`);
  const save = page.getByRole('dialog', { name: QUOTE_REUSE_TEXT.saveTemplateTitle });
  await shoot(page, 'save-template', async () => {
    await page.getByRole('button', { name: QUOTE_REUSE_TEXT.more }).click();
    await page.getByRole('menuitem', { name: QUOTE_REUSE_TEXT.saveTemplate }).click();
    await save.getByLabel(QUOTE_REUSE_TEXT.templateName).fill(`Shelving ${tag}`);
  });
  await page.getByRole('button', { name: QUOTE_REUSE_TEXT.more }).click();
  await page.getByRole('menuitem', { name: QUOTE_REUSE_TEXT.saveTemplate }).click();
  await expect(save.getByLabel(QUOTE_REUSE_TEXT.templateName)).toBeFocused();
  await save.getByLabel(QUOTE_REUSE_TEXT.templateName).fill(`Shelving ${tag}`);
  await save.getByLabel(QUOTE_REUSE_TEXT.templateName).press('Enter');
  await expect(toast(page, QUOTE_REUSE_TEXT.templateSaved(`Shelving ${tag}`))).toBeVisible();
  await expect(save).toHaveCount(0);

  // The shelf's price goes up; a new request starts from the template, at today's price.
  const put = await request.put(`/api/products/${shelf.id}`, {
    headers,
    data: { name: `Shelf ${tag}`, sku: `SH-${tag}`, pricing: { mrp: 95 } },
  });
  expect(put.status(), await put.text()).toBe(200);
  // The repeat request asks for brackets too: they stay, and the template's shelves follow them.
  const bracket = await apiCreateProduct(request, { name: `Bracket ${tag}`, sku: `BR-${tag}`, mrp: 12 });
  const second = await apiRequest(request, `Repeat order ${tag}`, [{ product_id: bracket.id, quantity: 4 }]);
  await page.goto(`/inquiries?q=${tag}&selected=${second.id}`);
  const reading = page.getByRole('region', { name: second.subject, exact: true });
  const picker = page.getByRole('dialog', { name: QUOTE_REUSE_TEXT.fromTemplateTitle });
  await shoot(page, 'start-from-template', async () => {
    await reading.getByRole('button', { name: QUOTE_REUSE_TEXT.fromTemplate }).click();
    await picker.getByRole('radio', { name: `Shelving ${tag}` }).check();
  });
  await reading.getByRole('button', { name: QUOTE_REUSE_TEXT.fromTemplate }).click();
  await expect(picker).toContainText(QUOTE_REUSE_TEXT.fromTemplateBody);
  // Keyboard: the template's radio, then Enter starts the draft.
  await picker.getByRole('radio', { name: `Shelving ${tag}` }).check();
  await picker.getByRole('radio', { name: `Shelving ${tag}` }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/inquiries/${second.id}/quotes/\\d+$`));
  const lines = page.getByTestId('builder-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0).getByLabel('Name')).toHaveValue(`Bracket ${tag}`);
  await expect(lines.nth(0).getByLabel('Qty')).toHaveValue('4');
  await expect(lines.nth(0).getByLabel('Unit price')).toHaveValue('12.00');
  await expect(lines.nth(1).getByLabel('Name')).toHaveValue(`Shelf ${tag}`);
  await expect(lines.nth(1).getByLabel('Qty')).toHaveValue('3');
  await expect(lines.nth(1).getByLabel('Unit price')).toHaveValue('95.00');
  // 4 × 12 + 3 × 95
  await expect(page.getByTestId('builder-total')).toHaveText('$333.00');
  // The new draft, saved as it is, can itself be kept as a template.
  await expect(page.getByRole('button', { name: QUOTE_REUSE_TEXT.saveTemplate })).toBeEnabled();
  await shoot(page, 'draft-from-template', async () => {
    await expect(page.getByTestId('builder-total')).toHaveText('$333.00');
  });
  // Copy to another request: the sent quote, as quoted ($80), to a request picked by its reference.
  const third = await apiRequest(request, `Sister site ${tag}`);
  await page.goto(`/inquiries/${first.id}/quotes/${draft.id}`);
  await page.getByRole('button', { name: QUOTE_REUSE_TEXT.more }).click();
  await page.getByRole('menuitem', { name: QUOTE_REUSE_TEXT.copy }).click();
  const copy = page.getByRole('dialog', { name: QUOTE_REUSE_TEXT.copyTitle });
  await copy.getByLabel(QUOTE_REUSE_TEXT.copyRequest).fill(third.reference);
  await page.getByRole('option', { name: new RegExp(third.reference) }).click();
  await copy.getByRole('button', { name: QUOTE_REUSE_TEXT.copyConfirm }).click();
  await expect(toast(page, QUOTE_REUSE_TEXT.copied(third.reference))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/inquiries/${third.id}/quotes/\\d+$`));
  await expect(page.getByTestId('builder-line').nth(0).getByLabel('Unit price')).toHaveValue('80.00');
  await expect(page.getByTestId('builder-total')).toHaveText('$240.00');
});

test('an expired quote says so to its customer, offers no Accept, and Extend sends a new version', async ({
  page,
  browser,
}) => {
  const { expiredQuote } = E2E;
  const visitor = await browser.newContext();
  const customer = await visitor.newPage();
  await customer.goto(`/quote/${expiredQuote.token}`);
  await expect(customer.getByTestId('quote-banner')).toContainText(
    PUBLIC_QUOTE_TEXT.expiredOn(expiredQuote.validUntil),
  );
  await expect(customer.getByRole('button', { name: PUBLIC_QUOTE_TEXT.accept })).toHaveCount(0);
  await expect(customer.getByRole('button', { name: PUBLIC_QUOTE_TEXT.decline })).toHaveCount(0);
  await shoot(customer, 'expired-customer-page', async () => {
    await expect(customer.getByTestId('quote-banner')).toBeVisible();
  });
  await visitor.close();

  // At the desk: the quote reads Expired; Extend asks for a date, then sends version 2.
  await page.goto(`/inquiries?q=${encodeURIComponent(expiredQuote.subject)}`);
  const reading = page.getByRole('region', { name: expiredQuote.subject, exact: true });
  await expect(reading.getByTestId('pane-quotes')).toContainText('Expired');
  await reading.getByRole('link', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { name: 'v1' })).toBeVisible();
  const extend = page.getByRole('dialog', { name: QUOTE_REUSE_TEXT.extendTitle });
  await shoot(page, 'extend', async () => {
    await page.getByRole('button', { name: QUOTE_REUSE_TEXT.extend }).click();
    await extend.getByLabel(QUOTE_REUSE_TEXT.extendDate).fill('2099-03-31');
  });
  await page.getByRole('button', { name: QUOTE_REUSE_TEXT.extend }).click();
  await extend.getByLabel(QUOTE_REUSE_TEXT.extendDate).fill('2099-03-31');
  await extend.getByRole('button', { name: QUOTE_REUSE_TEXT.extendConfirm }).click();
  await expect(toast(page, QUOTE_REUSE_TEXT.extended(2))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'v2' })).toBeVisible();
  await expect(page.getByText('valid until 2099-03-31')).toBeVisible();
  await shoot(page, 'extended', async () => {
    await expect(page.getByRole('heading', { name: 'v2' })).toBeVisible();
  });
  // The expired version is superseded, and the new one's customer page takes an answer.
  await page.getByRole('link', { name: 'v1' }).click();
  await expect(page.getByText('Superseded')).toBeVisible();
});
