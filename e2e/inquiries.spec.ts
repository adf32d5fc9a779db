import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { HISTORY_TEXT } from '#domain/history';
import { composeHref, INQUIRY_TEXT, type Inquiry, inquiryTime } from '#domain/inquiries';
import { CONFIRM } from '#domain/messages';
import { authHeaders, uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, toast, uniqueEmail } from './fixtures';
import { apiCreateProduct, apiSetDiscount } from './products';

type QuoteInput = {
  name: string;
  email: string;
  phone?: string | null;
  subject: string;
  message: string;
  company?: string;
  lines?: { product_id: number; quantity: number }[];
};

/** A quote request as a visitor sends it: the route is public, so no token goes along. */
async function apiSendInquiry(request: APIRequestContext, input: QuoteInput): Promise<Inquiry> {
  const res = await request.post('/api/inquiries', { data: input });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

const openInbox = async (page: Page, search: string) => {
  await page.goto('/inquiries');
  await expect(page.getByRole('heading', { name: 'Inquiries', level: 1 })).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill(search);
};

const inbox = (page: Page) => page.getByRole('list', { name: 'Inquiries' });
const entries = (page: Page) => inbox(page).getByRole('button');
const entry = (page: Page, subject: string) => inbox(page).getByRole('button').filter({ hasText: subject });
/** The reading pane, named by the inquiry's subject. */
const pane = (page: Page, subject: string) => page.getByRole('region', { name: subject, exact: true });

test.beforeEach(async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
});

test('finds a quote request by search, reads it and deletes it', async ({ page, request }) => {
  const tag = uniqueTag('inq');
  const older = await apiSendInquiry(request, {
    name: 'Ada Buyer',
    email: uniqueEmail('ada'),
    phone: null,
    subject: `Bulk order ${tag}`,
    message: 'Hello,\nWe need 40 lamps.\n<b>Not bold</b>',
  });
  const newer = await apiSendInquiry(request, {
    name: 'Grace Buyer',
    email: uniqueEmail('grace'),
    phone: '+1 555 0100',
    subject: `Price question ${tag}`,
    message: 'What is your best price?',
  });

  await openInbox(page, tag);
  await expect(entries(page)).toHaveCount(2);
  await expect(page.getByTestId('inquiries-total')).toHaveText('2 inquiries');
  // Newest first, and the first one is selected on load.
  await expect(entries(page).first()).toContainText(newer.subject);
  await expect(entries(page).first()).toHaveAttribute('aria-current', 'true');
  await expect(entries(page).first()).toContainText('Grace Buyer');
  await expect(entries(page).first()).toContainText(inquiryTime(newer.created_at));
  await expect(pane(page, newer.subject)).toBeVisible();

  // The search covers the phone number too.
  await page.getByLabel('Search', { exact: true }).fill('555 0100');
  await expect(entry(page, newer.subject)).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill(tag);
  await expect(entries(page)).toHaveCount(2);
  // The entries are drawn again when the search's answer arrives: a click before it is lost.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  await expect(inbox(page)).toHaveAttribute('aria-busy', 'false');

  await entry(page, older.subject).click();
  await expect(entry(page, older.subject)).toHaveAttribute('aria-current', 'true');
  const reading = pane(page, older.subject);
  await expect(reading).toContainText('Ada Buyer');
  await expect(reading.getByRole('link', { name: older.email })).toHaveAttribute(
    'href',
    `mailto:${older.email}`,
  );
  await expect(reading.getByRole('link', { name: 'Compose' })).toHaveAttribute(
    'href',
    composeHref(older.email, older.subject),
  );
  const created = reading.getByRole('definition').filter({ hasText: /^\d{4}-/ });
  await expect(created).toHaveText(inquiryTime(older.created_at));
  await expect(created).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  // No phone: a dash.
  await expect(reading.getByRole('definition').nth(2)).toHaveText('—');
  // Plain text with its line breaks: the markup is shown, never rendered.
  const message = reading.getByTestId('inquiry-message');
  await expect(message).toHaveText('Hello,\nWe need 40 lamps.\n<b>Not bold</b>', { useInnerText: true });
  await expect(message.locator('b')).toHaveCount(0);

  // Cancelling the in-page confirmation keeps it; the browser's own confirm() is never used.
  const browserDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    browserDialogs.push(dialog.message());
    return dialog.dismiss();
  });
  await reading.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: INQUIRY_TEXT.deleteConfirm });
  await expect(confirm).toContainText(CONFIRM.deleteInquiry);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(entries(page)).toHaveCount(2);

  await reading.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, HISTORY_TEXT.movedToTrash(older.reference))).toBeVisible();
  expect(browserDialogs).toEqual([]);
  await expect(entries(page)).toHaveCount(1);
  // The selection moves to the one left.
  await expect(entry(page, newer.subject)).toHaveAttribute('aria-current', 'true');
  await expect(pane(page, newer.subject)).toContainText('+1 555 0100');

  const res = await request.get(`/api/inquiries?q=${tag}`, { headers: await authHeaders(request) });
  expect((await res.json()).data.map((i: Inquiry) => i.id)).toEqual([newer.id]);
});

test('a request from the product preview shows where it was sent from', async ({ page, request }) => {
  const tag = uniqueTag('inq');
  const product = await apiCreateProduct(request, { name: `Oak table ${tag}`, sku: `OAK-${tag}`, mrp: 450 });
  const subject = `Preview quote ${tag}`;
  const email = uniqueEmail('preview');

  await page.goto(`/product/${product.slug}/preview`);
  await page.getByRole('button', { name: 'Request Quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Quote' });
  await dialog.getByLabel('Name').fill('Linus Buyer');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, INQUIRY_TEXT.sent)).toBeVisible();

  await openInbox(page, tag);
  await expect(entries(page)).toHaveCount(1);
  const reading = pane(page, subject);
  await expect(reading).toContainText('Linus Buyer');
  await expect(reading.getByTestId('inquiry-message')).toContainText(`OAK-${tag}`);
  await expect(reading.getByRole('link', { name: 'Compose' })).toHaveAttribute(
    'href',
    composeHref(email, subject),
  );
  const sentFrom = reading.getByRole('link', { name: product.name });
  await expect(sentFrom).toHaveAttribute('href', `/product/${product.slug}`);
  await sentFrom.click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
});

test('pages through the inbox; deleting the last one on a page goes back a page', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('inq');
  for (let i = 1; i <= 11; i++) {
    await apiSendInquiry(request, {
      name: `Sender ${String(i).padStart(2, '0')}`,
      email: uniqueEmail('pager'),
      subject: `Batch ${tag} #${String(i).padStart(2, '0')}`,
      message: 'Hello',
    });
  }
  await openInbox(page, tag);
  await expect(page.getByLabel('Per page')).toHaveValue('15');
  await expect(entries(page)).toHaveCount(11);

  await page.getByLabel('Per page').click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(entries(page)).toHaveCount(10);
  await expect(page.getByText('Page 1 / 2')).toBeVisible();

  // By name, ascending: Sender 11 is alone on page 2.
  await page.getByLabel('Sort').click();
  await page.getByRole('option', { name: 'Name', exact: true }).click();
  await page.getByLabel('Order').click();
  await page.getByRole('option', { name: 'Asc', exact: true }).click();
  await expect(entries(page).first()).toContainText('Sender 01');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 / 2')).toBeVisible();
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText('Sender 11');
  await expect(entries(page).first()).toHaveAttribute('aria-current', 'true');

  await pane(page, `Batch ${tag} #11`).getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: INQUIRY_TEXT.deleteConfirm })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toast(page, HISTORY_TEXT.movedToTrash(''))).toBeVisible();
  await expect(page.getByText('Page 1 / 1')).toBeVisible();
  await expect(entries(page)).toHaveCount(10);
  await expect(entries(page).first()).toHaveAttribute('aria-current', 'true');
  await expect(entries(page).first()).toContainText('Sender 01');
});

test('says so when nothing matches', async ({ page }) => {
  await openInbox(page, uniqueTag('nothing'));
  await expect(page.getByText('No inquiries found.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('region')).toHaveCount(0);
});

/** A row's cells as a person reads them (what is hidden at this width left out). */
const cellTexts = (row: Locator) => row.getByRole('cell').allInnerTexts();

test('a request with a basket shows its reference, company and lines with their exact total', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('basket');
  const lamp = await apiCreateProduct(request, { name: `Brass lamp ${tag}`, sku: `LMP-${tag}`, mrp: 19.99 });
  // 15 % off 19.99 is 16.99: the line keeps the price the visitor saw.
  await apiSetDiscount(request, lamp, { discountPercent: 15 });
  const sofa = await apiCreateProduct(request, { name: `Sofa ${tag}`, mrp: 1299 });
  const stool = await apiCreateProduct(request, { name: `Stool ${tag}`, sku: `ST-${tag}`, mrp: 0.1 });
  const company = `Basil & Co ${tag}`;
  const sent = await apiSendInquiry(request, {
    name: 'Basil Buyer',
    email: uniqueEmail('basil'),
    subject: `Office fit-out ${tag}`,
    message: 'For our new office.',
    company,
    lines: [
      { product_id: lamp.id, quantity: 3 },
      { product_id: sofa.id, quantity: 2 },
      { product_id: stool.id, quantity: 7 },
    ],
  });
  expect(sent.reference).toMatch(/^Q-\d{6,}$/);
  // A product deleted since keeps its line as sent, with nothing left to link to.
  const removed = await request.delete(`/api/products/${stool.id}`, { headers: await authHeaders(request) });
  expect(removed.status()).toBe(204);

  await openInbox(page, tag);
  await expect(entry(page, sent.subject)).toContainText(sent.reference);
  const reading = pane(page, sent.subject);
  await expect(reading.getByTestId('inquiry-reference')).toHaveText(`Reference ${sent.reference}`);
  await expect(reading.locator('dt', { hasText: 'Company' }).locator('+ dd')).toHaveText(company);

  const table = reading.getByRole('table', { name: INQUIRY_TEXT.lines.heading });
  const T = INQUIRY_TEXT.lines;
  await expect(table.getByRole('columnheader')).toHaveText([
    T.product,
    T.sku,
    T.quantity,
    T.unitPrice,
    T.lineTotal,
  ]);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  expect(await cellTexts(rows.nth(0))).toEqual([lamp.name, `LMP-${tag}`, '3', '$16.99', '$50.97']);
  expect(await cellTexts(rows.nth(1))).toEqual([sofa.name, '—', '2', '$1,299.00', '$2,598.00']);
  expect(await cellTexts(rows.nth(2))).toEqual([stool.name, `ST-${tag}`, '7', '$0.10', '$0.70']);
  await expect(table.getByRole('rowheader')).toHaveText(T.total);
  await expect(table.getByTestId('quote-total')).toHaveText('$2,649.67');

  await expect(table.getByRole('link', { name: stool.name })).toHaveCount(0);
  const lampLink = table.getByRole('link', { name: lamp.name });
  await expect(lampLink).toHaveAttribute('href', `/product/${lamp.slug}`);
  await lampLink.click();
  await expect(page).toHaveURL(new RegExp(`/product/${lamp.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: lamp.name })).toBeVisible();
});

test('a request without a company or a basket shows neither', async ({ page, request }) => {
  const tag = uniqueTag('plain');
  const sent = await apiSendInquiry(request, {
    name: 'Plain Buyer',
    email: uniqueEmail('plain'),
    subject: `Plain question ${tag}`,
    message: 'Just a question.',
  });
  await openInbox(page, tag);
  const reading = pane(page, sent.subject);
  await expect(reading.getByTestId('inquiry-reference')).toContainText(sent.reference);
  await expect(reading.locator('dt', { hasText: 'Company' })).toHaveCount(0);
  await expect(reading.getByRole('table')).toHaveCount(0);
});
