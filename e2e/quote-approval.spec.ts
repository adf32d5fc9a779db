import { expect, type Page, test } from '@playwright/test';
import type { Inquiry } from '#domain/inquiries';
import { QUOTE_APPROVAL_SCREEN as T } from '#domain/quote-approval';
import type { Quote } from '#domain/quotes';
import { api } from './api';
import { uniqueTag } from './catalog';
import { E2E } from './env';
import { createUser, signInWithStorage, toast, uniqueEmail } from './fixtures';
import { apiCreateProduct } from './products';

/** Screenshots for a person to look at, when SHOTS_DIR names a folder. */
const SHOTS = process.env.SHOTS_DIR;
/** A screen at the desktop's width and at a phone's, then back as it was. */
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  // From the top, as a person opens it: a closed dialog may have left the page scrolled.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(size);
};

// The limits are the store's one setting: the tests here take turns with them.
test.describe.configure({ mode: 'serial' });

test.afterAll(async ({ request }) => {
  await api(request, 'PUT', '/api/settings/quote-approval', { max_discount_percent: null, max_total: null });
});

test('Sales sets a 30% line discount, asks for approval, the admin approves, and Sales sends', async ({
  browser,
  page,
  request,
}) => {
  const tag = uniqueTag('approval');
  await api(request, 'PUT', '/api/settings/quote-approval', { max_discount_percent: 25, max_total: null });
  const lamp = await apiCreateProduct(request, { name: `Approval lamp ${tag}`, sku: `AP-${tag}`, mrp: 100 });
  const asked = await request.post('/api/inquiries', {
    data: {
      name: 'Vera Volume',
      email: uniqueEmail('vera'),
      subject: `Big order ${tag}`,
      message: 'Best price please.',
      lines: [{ product_id: lamp.id, quantity: 1 }],
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const inquiry = (await asked.json()) as Inquiry;
  const draft = await api<Quote>(request, 'POST', `/api/inquiries/${inquiry.id}/quotes`);
  const builder = `/inquiries/${inquiry.id}/quotes/${draft.id}`;
  const sales = await createUser(request, { name: `Sam Sales ${tag}`, role: 'sales' });

  // Sales types a 30 % discount: the line is marked as the limit is passed, and Send asks instead.
  await signInWithStorage(page, request, sales.email, sales.password);
  await page.goto(builder);
  const line = page.getByTestId('builder-line').first();
  await line.getByLabel('Discount %').fill('20');
  await expect(line).not.toHaveAttribute('data-over-limit');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
  await line.getByLabel('Discount %').fill('30');
  await expect(line).toHaveAttribute('data-over-limit', 'true');
  await expect(line.getByTestId('line-over-limit')).toHaveText(T.lineOver(30, 25));
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
  await shot(page, 'builder-over-limit');

  await page.getByRole('button', { name: T.ask }).click();
  const dialog = page.getByRole('dialog', { name: T.askTitle });
  await dialog.getByLabel(T.noteLabel).fill('Vera orders 40 more next month.');
  await dialog.getByRole('button', { name: T.ask }).click();
  await expect(toast(page, T.asked)).toBeVisible();
  const panel = page.getByTestId('approval-panel');
  await expect(panel).toHaveAttribute('data-status', 'pending');
  await expect(panel).toContainText(T.pendingBy(sales.name));
  await expect(page.getByRole('button', { name: T.waiting })).toBeDisabled();
  await shot(page, 'builder-pending');

  // The admin sees it waiting on the dashboard and the desk, and approves it from the quote.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInWithStorage(admin, request, E2E.admin.email, E2E.admin.password);
  await admin.goto('/');
  const waiting = admin.getByTestId('waiting-approvals');
  await expect(waiting).not.toHaveText('—');
  expect(Number(await waiting.textContent())).toBeGreaterThanOrEqual(1);
  await shot(admin, 'dashboard-waiting');
  await admin.getByRole('link', { name: T.waitingFilter }).click();
  await expect(admin).toHaveURL(/\/inquiries\?approval=pending/);
  await expect(admin.getByTestId('filter-approval')).toBeChecked();
  await expect(admin.getByText(inquiry.subject).first()).toBeVisible();
  await shot(admin, 'desk-waiting');

  await admin.goto(builder);
  const adminPanel = admin.getByTestId('approval-panel');
  await expect(adminPanel).toContainText('Vera orders 40 more next month.');
  await expect(admin.getByTestId('builder-line').first()).toHaveAttribute('data-over-limit', 'true');
  await shot(admin, 'builder-approver');
  await adminPanel.getByRole('button', { name: T.approve }).click();
  const approve = admin.getByRole('dialog', { name: T.approveTitle });
  await approve.getByLabel(T.approveNote).fill('Fine for Vera this once.');
  await approve.getByRole('button', { name: T.approve }).click();
  await expect(toast(admin, T.approved)).toBeVisible();
  await expect(adminPanel).toHaveAttribute('data-status', 'approved');
  await adminContext.close();

  // Sales reads the approver's note, and sends.
  await page.reload();
  await expect(panel).toHaveAttribute('data-status', 'approved');
  await expect(page.getByTestId('approval-reply')).toContainText('Fine for Vera this once.');
  await shot(page, 'builder-approved');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Send this quote?' });
  await confirm.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('button', { name: 'Revise' })).toBeVisible();
  const sent = await api<Quote>(request, 'GET', `/api/quotes/${draft.id}`);
  expect(sent).toMatchObject({ status: 'sent', version: 1, total: 70 });
  expect(sent.approval).toMatchObject({ status: 'approved', reply: 'Fine for Vera this once.' });
});

test('the limits are set on the settings screen', async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto('/settings/integrations?tab=quote-approval');
  const form = page.getByTestId('quote-approval-settings');
  await form.getByLabel(T.maxDiscountLabel).fill('120');
  await form.getByRole('button', { name: T.save }).click();
  await expect(form).toContainText('max_discount_percent must be a percent');
  await form.getByLabel(T.maxDiscountLabel).fill('15');
  await form.getByLabel(T.maxTotalLabel).fill('10000');
  await form.getByRole('button', { name: T.save }).click();
  await expect(toast(page, T.saved)).toBeVisible();
  expect(await api(request, 'GET', '/api/settings/quote-approval')).toEqual({
    max_discount_percent: 15,
    max_total: 10000,
  });
  await shot(page, 'settings');
  await api(request, 'PUT', '/api/settings/quote-approval', { max_discount_percent: null, max_total: null });
});
