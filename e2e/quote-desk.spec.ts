import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Dashboard } from '#domain/dashboard';
import type { Inquiry } from '#domain/inquiries';
import { CONFIRM, VALIDATION } from '#domain/messages';
import { BUILDER_TEXT, PUBLIC_QUOTE_TEXT } from '#domain/quote-texts';
import { authHeaders, uniqueTag } from './catalog';
import { E2E } from './env';
import { createUser, signInWithStorage, toast, uniqueEmail } from './fixtures';
import { apiCreateProduct } from './products';

async function apiSendBasket(
  request: APIRequestContext,
  input: { name: string; email: string; subject: string; lines: { product_id: number; quantity: number }[] },
): Promise<Inquiry> {
  const res = await request.post('/api/inquiries', {
    data: { ...input, phone: null, message: 'Please quote these.', company: 'Buyer Ltd' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** A status filter's chip: its label, since Mantine keeps the radio itself out of sight. */
const statusChip = (page: Page, status: string) =>
  page
    .getByTestId('inquiry-filters')
    .locator('label')
    .filter({ hasText: new RegExp(`^${status}`) });

const pane = (page: Page, subject: string) => page.getByRole('region', { name: subject, exact: true });

const acceptedValue = async (request: APIRequestContext) => {
  const res = await request.get('/api/dashboard', { headers: await authHeaders(request) });
  return ((await res.json()) as Dashboard).pipeline.accepted_value;
};

test.beforeEach(async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
});

test('a request goes from the inbox to an accepted quote', async ({ page, request, browser }) => {
  const tag = uniqueTag('desk');
  const lamp = await apiCreateProduct(request, { name: `Lamp ${tag}`, sku: `L-${tag}`, mrp: 40 });
  const chair = await apiCreateProduct(request, { name: `Chair ${tag}`, mrp: 25 });
  const email = uniqueEmail('buyer');
  const inquiry = await apiSendBasket(request, {
    name: 'Ada Buyer',
    email,
    subject: `Office ${tag}`,
    lines: [
      { product_id: lamp.id, quantity: 2 },
      { product_id: chair.id, quantity: 1 },
    ],
  });
  const before = await acceptedValue(request);

  await page.goto(`/inquiries?q=${tag}`);
  const reading = pane(page, inquiry.subject);
  await expect(reading.getByTestId('pane-status')).toHaveText('New');

  // Assign to me, in one click; the list row names the owner.
  await reading.getByRole('button', { name: 'Assign to me' }).click();
  await expect(reading.getByLabel('Owner', { exact: true })).toHaveValue(E2E.admin.name);
  await expect(page.getByTestId('inquiry-owner')).toHaveText(E2E.admin.name);

  // A note, sent with Ctrl+Enter.
  await reading.getByRole('textbox', { name: 'Add note' }).fill('Customer called; wants it by Friday.');
  await reading.getByRole('textbox', { name: 'Add note' }).press('Control+Enter');
  await expect(reading.getByTestId('pane-notes')).toContainText('Customer called; wants it by Friday.');
  await expect(reading.getByTestId('pane-notes')).toContainText(E2E.admin.name);
  await expect(reading.getByTestId('pane-history')).toContainText(`Owner nobody → ${E2E.admin.name}`);

  // The quote starts from the request's lines at their prices.
  await reading.getByRole('button', { name: 'Create quote' }).click();
  await expect(page).toHaveURL(new RegExp(`/inquiries/${inquiry.id}/quotes/\\d+$`));
  const lines = page.getByTestId('builder-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0).getByLabel('Name')).toHaveValue(lamp.name);
  await expect(page.getByTestId('builder-total')).toHaveText('$105.00');

  // A new price and a quantity; a minus sign is refused as it is typed.
  await lines.nth(0).getByLabel('Unit price').fill('35');
  await lines.nth(1).getByLabel('Qty').fill('3');
  await lines.nth(1).getByLabel('Qty').pressSequentially('-');
  await expect(lines.nth(1).getByLabel('Qty')).toHaveValue('3');
  // The field says why the sign went, under itself, until it is left.
  await expect(lines.nth(1).getByText(VALIDATION.noNegative)).toBeVisible();
  await lines.nth(1).getByLabel('Qty').blur();
  await expect(lines.nth(1).getByText(VALIDATION.noNegative)).toHaveCount(0);
  await expect(lines.nth(0).getByTestId('line-total')).toHaveText('$70.00');
  await expect(page.getByTestId('builder-total')).toHaveText('$145.00');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page, 'Draft saved')).toBeVisible();

  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Send this quote?' });
  await expect(confirm).toContainText(email);
  await expect(confirm).toContainText('$145.00');
  await confirm.getByRole('button', { name: 'Send' }).click();
  // No mail server in this run: the e-mail was kept in the outbox, and every place says so.
  await expect(toast(page, 'Quote sent · E-mail stored, not sent')).toBeVisible();
  await expect(page.getByText('This version was sent and can no longer be changed.')).toBeVisible();
  const delivery = page.getByTestId('delivery-state');
  await expect(delivery).toContainText('E-mail stored, not sent');
  await expect(delivery).toContainText('No mail server is configured');
  await expect(page.getByText('E-mail sent')).toHaveCount(0);
  // An admin reads the very message in the outbox.
  await delivery.getByRole('link', { name: 'View message' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Your quote');
  await expect(page.getByTestId('outbox-status')).toHaveText('Stored');
  await expect(page.getByTestId('outbox-body')).toContainText('The quote is attached as a PDF.');
  await page.goBack();
  const href = await page.getByRole('link', { name: 'Customer page' }).getAttribute('href');
  expect(href).toMatch(/^\/quote\/[A-Za-z0-9_-]+$/);

  // The customer, without any session, accepts with a typed name.
  const visitor = await browser.newContext();
  const customer = await visitor.newPage();
  await customer.goto(href as string);
  await expect(customer.getByRole('heading', { level: 1 })).toContainText('Quote from');
  await expect(customer.getByTestId('quote-document-total')).toHaveText('$145.00');
  await customer.getByRole('button', { name: 'Accept' }).click();
  const sign = customer.getByRole('dialog', { name: 'Accept this quote' });
  await sign.getByLabel('Type your full name to sign').fill('Ada Buyer');
  await sign.getByRole('button', { name: 'Confirm acceptance' }).click();
  await expect(customer.getByTestId('quote-banner')).toContainText('Accepted by Ada Buyer');
  await expect(customer.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await visitor.close();

  // Back at the desk: the request is accepted, and the month's pipeline counts its value.
  await page.goto(`/inquiries?q=${tag}&selected=${inquiry.id}`);
  await expect(pane(page, inquiry.subject).getByTestId('pane-status')).toHaveText('Accepted');
  // The request's quotes say the same of the e-mail.
  await expect(pane(page, inquiry.subject).getByTestId('delivery-state')).toContainText(
    'E-mail stored, not sent',
  );
  // Other tests may accept quotes alongside, so the month's value grows by this one at least, and
  // the card shows what the API says once both have answered.
  const after = await acceptedValue(request);
  expect(Math.round((after - before) * 100)).toBeGreaterThanOrEqual(14500);
  await page.goto('/');
  const money = (n: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
  await expect(async () => {
    const shown = await page.getByTestId('pipeline-Accepted value').textContent();
    expect(shown).toBe(money(await acceptedValue(request)));
  }).toPass();
});

test('the inbox filters live in the URL and survive a reload and Back', async ({ page, request }) => {
  const tag = uniqueTag('flt');
  const product = await apiCreateProduct(request, { name: `Desk ${tag}`, mrp: 10 });
  await apiSendBasket(request, {
    name: 'Bo Filter',
    email: uniqueEmail('bo'),
    subject: `Filter ${tag}`,
    lines: [{ product_id: product.id, quantity: 1 }],
  });
  await page.goto('/inquiries');
  await page.getByLabel('Search', { exact: true }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await statusChip(page, 'New').click();
  await expect(page).toHaveURL(/status=new/);
  await page.getByLabel('From').fill('2020-01-01');
  await expect(page).toHaveURL(/from=2020-01-01/);
  await expect(page.getByRole('list', { name: 'Inquiries' }).getByRole('button')).toHaveCount(1);

  await page.reload();
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue(tag);
  await expect(page.getByRole('radio', { name: /^New/ })).toBeChecked();
  await expect(page.getByLabel('From')).toHaveValue('2020-01-01');
  await expect(page.getByRole('list', { name: 'Inquiries' }).getByRole('button')).toHaveCount(1);
  await expect(page).toHaveURL(/selected=\d+/);

  // The CSV holds what the filters hold, fetched with the session's token.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await download.path()) as string, 'utf8');
  expect(csv).toContain(`Filter ${tag}`);
  expect(csv.trim().split('\n')).toHaveLength(2);

  // A status with none of these requests empties the list; Back brings the previous filter back.
  await statusChip(page, 'Closed').click();
  await expect(page.getByText('No inquiries found.')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('radio', { name: /^New/ })).toBeChecked();
  await expect(page.getByRole('list', { name: 'Inquiries' }).getByRole('button')).toHaveCount(1);
});

test('the customer page: a wrong link is a friendly not-found, a replaced version is read-only', async ({
  browser,
  request,
}) => {
  const headers = await authHeaders(request);
  const tag = uniqueTag('sup');
  const product = await apiCreateProduct(request, { name: `Vase ${tag}`, mrp: 12 });
  const inquiry = await apiSendBasket(request, {
    name: 'Cy Replaced',
    email: uniqueEmail('cy'),
    subject: `Vases ${tag}`,
    lines: [{ product_id: product.id, quantity: 5 }],
  });
  const draft = await (await request.post(`/api/inquiries/${inquiry.id}/quotes`, { headers })).json();
  const v1 = await (await request.post(`/api/quotes/${draft.id}/send`, { headers })).json();
  const revised = await (await request.post(`/api/quotes/${v1.id}/revise`, { headers })).json();
  expect((await request.post(`/api/quotes/${revised.id}/send`, { headers })).status()).toBe(200);

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`/quote/${v1.token}`);
  await expect(page.getByTestId('quote-banner')).toHaveText(
    'A newer version of this quote replaces this one. Use the link in the latest e-mail.',
  );
  await expect(page.getByTestId('quote-document-total')).toHaveText('$60.00');
  await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);

  await page.goto('/quote/this-is-not-a-quote-token-at-all');
  await expect(page.getByRole('heading', { name: 'Quote not found' })).toBeVisible();
  // Outside the staff shell: no navigation, no sign-in.
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/quote\//);
  await visitor.close();
});

test('a sent quote whose request the desk closed says it can no longer be answered, and offers no answer', async ({
  browser,
  request,
}) => {
  const headers = await authHeaders(request);
  const tag = uniqueTag('cls');
  const product = await apiCreateProduct(request, { name: `Lamp ${tag}`, mrp: 20 });
  const inquiry = await apiSendBasket(request, {
    name: 'Flo Closed',
    email: uniqueEmail('flo'),
    subject: `Lamps ${tag}`,
    lines: [{ product_id: product.id, quantity: 1 }],
  });
  const draft = await (await request.post(`/api/inquiries/${inquiry.id}/quotes`, { headers })).json();
  const v1 = await (await request.post(`/api/quotes/${draft.id}/send`, { headers })).json();
  const closed = await request.patch(`/api/inquiries/${inquiry.id}`, {
    headers,
    data: { status: 'closed', close_reason: 'lost' },
  });
  expect(closed.status(), await closed.text()).toBe(200);

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`/quote/${v1.token}`);
  await expect(page.getByTestId('quote-banner')).toHaveText(PUBLIC_QUOTE_TEXT.notAnswerable);
  await expect(page.getByTestId('quote-document-total')).toHaveText('$20.00');
  for (const name of ['Accept', 'Decline', 'Ask for changes'])
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  await visitor.close();
});

test('staff move a request only as the desk allows, and closing asks for a reason', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('mv');
  const product = await apiCreateProduct(request, { name: `Rug ${tag}`, mrp: 80 });
  const inquiry = await apiSendBasket(request, {
    name: 'Di Mover',
    email: uniqueEmail('di'),
    subject: `Rugs ${tag}`,
    lines: [{ product_id: product.id, quantity: 2 }],
  });
  await page.goto(`/inquiries?q=${tag}`);
  const reading = pane(page, inquiry.subject);
  await reading.getByRole('button', { name: 'Move to' }).click();
  // From New: Open or Closed, never Quoted or Accepted before a quote was sent.
  await expect(page.getByRole('menuitem')).toHaveText(['Open', 'Closed']);
  await page.getByRole('menuitem', { name: 'Open' }).click();
  await expect(reading.getByTestId('pane-status')).toHaveText('Open');
  await expect(page.getByTestId('status-badge').first()).toHaveText('Open');

  await reading.getByRole('button', { name: 'Move to' }).click();
  await page.getByRole('menuitem', { name: 'Closed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close this request' });
  await expect(dialog.getByRole('button', { name: 'Close request' })).toBeDisabled();
  await dialog.getByLabel('Reason').click();
  await page.getByRole('option', { name: 'Duplicate' }).click();
  await dialog.getByRole('button', { name: 'Close request' }).click();
  await expect(reading.getByTestId('pane-status')).toHaveText('Closed');
  await expect(reading.getByTestId('pane-history')).toContainText('Status Open → Closed (Duplicate)');
});

test('the builder shows the server refusing a field next to that field', async ({ page, request }) => {
  const headers = await authHeaders(request);
  const tag = uniqueTag('fe');
  const product = await apiCreateProduct(request, { name: `Shelf ${tag}`, mrp: 30 });
  const inquiry = await apiSendBasket(request, {
    name: 'Ed Errors',
    email: uniqueEmail('ed'),
    subject: `Shelves ${tag}`,
    lines: [{ product_id: product.id, quantity: 1 }],
  });
  const draft = await (await request.post(`/api/inquiries/${inquiry.id}/quotes`, { headers })).json();
  await page.goto(`/inquiries/${inquiry.id}/quotes/${draft.id}`);
  const line = page.getByTestId('builder-line');
  await line.getByLabel('Qty').fill('');
  await expect(line.getByTestId('line-total')).toHaveText('—');
  await page.getByRole('button', { name: 'Save draft' }).click();
  const refused = 'Quantity must be a whole number from 1 to 9999';
  await expect(line.getByText(refused)).toBeVisible();
  // Editing the field takes its error away; the toast saying the same goes in its own time.
  await line.getByLabel('Qty').fill('2');
  await expect(line.getByText(refused)).toHaveCount(0);
  // A toast waits while the pointer is over it.
  await page.mouse.move(0, 0);
  await expect(toast(page, refused)).toBeHidden();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page, 'Draft saved')).toBeVisible();
});

test('an editor, who may not list staff, filters by Anyone, Me or Nobody', async ({ page, request }) => {
  const editor = await createUser(request, { name: 'Desk Editor', role: 'editor' });
  await signInWithStorage(page, request, editor.email, editor.password);
  await page.goto('/inquiries');
  await page.getByTestId('inquiry-filters').getByLabel('Owner').click();
  await expect(page.getByRole('option')).toHaveText(['Anyone', 'Me', 'Nobody']);
  await page.getByRole('option', { name: 'Me' }).click();
  await expect(page).toHaveURL(/owner=me/);
});

test("deleting a draft asks in the app's dialog, says it is gone for good, and Cancel keeps it", async ({
  page,
  request,
}) => {
  const headers = await authHeaders(request);
  const tag = uniqueTag('dd');
  const product = await apiCreateProduct(request, { name: `Desk ${tag}`, mrp: 40 });
  const inquiry = await apiSendBasket(request, {
    name: 'Dee Draft',
    email: uniqueEmail('dee'),
    subject: `Desks ${tag}`,
    lines: [{ product_id: product.id, quantity: 1 }],
  });
  const draft = await (await request.post(`/api/inquiries/${inquiry.id}/quotes`, { headers })).json();
  const browserDialogs: string[] = [];
  page.on('dialog', (d) => {
    browserDialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`/inquiries/${inquiry.id}/quotes/${draft.id}`);
  await page.getByRole('button', { name: BUILDER_TEXT.deleteDraft }).click();
  const confirm = page.getByRole('dialog', { name: BUILDER_TEXT.deleteConfirm });
  await expect(confirm).toContainText(CONFIRM.deleteQuoteDraft);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await request.get(`/api/quotes/${draft.id}`, { headers })).status()).toBe(200);

  await page.getByRole('button', { name: BUILDER_TEXT.deleteDraft }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, BUILDER_TEXT.deleted)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/inquiries\\?selected=${inquiry.id}`));
  expect((await request.get(`/api/quotes/${draft.id}`, { headers })).status()).toBe(404);
  expect(browserDialogs).toEqual([]);
});
