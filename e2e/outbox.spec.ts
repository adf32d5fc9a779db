import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Inquiry } from '#domain/inquiries';
import { inquiryReference } from '#domain/inquiries';
import type { OutboxMessage } from '#domain/outbox';
import { PERMISSION_TEXT } from '#domain/permissions';
import type { Quote } from '#domain/quotes';
import { authHeaders, uniqueTag } from './catalog';
import { E2E } from './env';
import { createUser, signInWithStorage, toast, uniqueEmail } from './fixtures';
import { apiCreateProduct } from './products';

/** A request with its first quote sent, through the API: the run has no mail server, so it is stored. */
async function sentQuote(request: APIRequestContext, tag: string) {
  const headers = await authHeaders(request);
  const product = await apiCreateProduct(request, { name: `Outbox rack ${tag}`, sku: `OB-${tag}`, mrp: 99 });
  const res = await request.post('/api/inquiries', {
    data: {
      name: 'Olive Outbox',
      email: uniqueEmail('olive'),
      phone: null,
      subject: `Racks ${tag}`,
      message: 'Two, please.',
      lines: [{ product_id: product.id, quantity: 2 }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const inquiry = (await res.json()) as Inquiry;
  const draft = (await (
    await request.post(`/api/inquiries/${inquiry.id}/quotes`, { headers })
  ).json()) as Quote;
  const sent = await request.post(`/api/quotes/${draft.id}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  return { inquiry, quote: (await sent.json()) as Quote };
}

const rows = (page: Page) => page.getByTestId('outbox-row');

test.describe('as an admin', () => {
  test.beforeEach(async ({ page, request }) => {
    await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  });

  test('lists a request’s messages, filters by state in the URL, reads one and downloads its PDF', async ({
    page,
    request,
  }) => {
    const { inquiry, quote } = await sentQuote(request, uniqueTag('ob'));
    const reference = inquiryReference(inquiry.id);

    // From the sidebar, then narrowed to the request.
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Outbox' }).click();
    await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
    // The desk links a request to its messages.
    await page.goto(`/inquiries?selected=${inquiry.id}`);
    await page.getByRole('link', { name: 'E-mails', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/outbox\\?inquiry_id=${inquiry.id}$`));
    await expect(page.getByTestId('outbox-request-filter')).toContainText(`Request ${reference}`);
    // The buyer's acknowledgement of the request, and the quote (newest first).
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).last()).toContainText(`We have your quote request ${reference}`);
    await expect(rows(page).first()).toContainText(inquiry.email);
    await expect(rows(page).first().getByTestId('outbox-status')).toHaveText('Stored');

    // A state with nothing in it: said so, and kept in the address through a reload.
    const status = page.getByRole('combobox', { name: 'Status' });
    await status.click();
    await page.getByRole('option', { name: 'Failed' }).click();
    await expect(page).toHaveURL(/status=failed/);
    await expect(page.getByText('No message matches these filters.')).toBeVisible();
    await page.reload();
    await expect(status).toHaveValue('Failed');
    await expect(page.getByText('No message matches these filters.')).toBeVisible();
    await status.click();
    await page.getByRole('option', { name: 'Stored' }).click();
    await expect(page).toHaveURL(/status=stored/);
    await expect(rows(page)).toHaveCount(2);

    // The message itself.
    await rows(page).first().click();
    await expect(page).toHaveURL(new RegExp(`/outbox/${quote.delivery_detail?.outbox_id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Your quote ${reference}`);
    await expect(page.getByTestId('outbox-status')).toHaveText('Stored');
    await expect(page.getByText(inquiry.email)).toBeVisible();
    await expect(page.getByText('No mail server is configured')).toBeVisible();
    await expect(page.getByTestId('outbox-body')).toContainText(`/quote/${quote.token}`);
    await expect(page.getByRole('link', { name: reference })).toHaveAttribute(
      'href',
      `/inquiries?selected=${inquiry.id}`,
    );
    // Nothing to retry: it was never failed.
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download quote-${reference}-v1.pdf` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`quote-${reference}-v1.pdf`);
    const bytes = await readFile((await download.path()) as string);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // Back returns to the list as it was left.
    await page.getByRole('link', { name: 'Back to the outbox' }).click();
    await expect(page).toHaveURL(new RegExp(`/outbox\\?(?=.*status=stored)(?=.*inquiry_id=${inquiry.id})`));
    await expect(rows(page)).toHaveCount(2);
  });

  test('retries a failed message and shows it queued', async ({ page }) => {
    // This run has no mail server, so nothing fails by itself: the API's answers are stood in for
    // (the retry itself is covered against a real SMTP server in server/mail/outbox-delivery.test.ts).
    const id = 987654;
    const failed: OutboxMessage = {
      id,
      created_at: '2026-11-20T09:00:00.000Z',
      kind: 'quote_sent',
      to: 'gone@example.com',
      subject: 'Your quote Q-000042 (version 1)',
      text: 'Hello',
      status: 'failed',
      attempts: 6,
      last_error: '550 5.1.1 Mailbox does not exist',
      next_attempt_at: null,
      sent_at: null,
      inquiry_id: null,
      quote_id: null,
      attachments: [],
    };
    let current = failed;
    let retried = 0;
    await page.route(`**/api/outbox/${id}/retry`, async (route) => {
      retried += 1;
      current = { ...failed, status: 'pending', next_attempt_at: new Date().toISOString() };
      await route.fulfill({ json: current });
    });
    await page.route(`**/api/outbox/${id}`, (route) => route.fulfill({ json: current }));
    await page.route('**/api/outbox?*', (route) =>
      route.fulfill({
        json: {
          data: current.status === 'failed' ? [current] : [],
          total: current.status === 'failed' ? 1 : 0,
          meta: { total: current.status === 'failed' ? 1 : 0, page: 1, limit: 20, total_exact: true },
        },
      }),
    );

    // From the list: the row's Retry, and the failed list empties.
    await page.goto('/outbox?status=failed');
    await expect(rows(page).first().getByTestId('outbox-status')).toHaveText('Failed');
    await rows(page)
      .first()
      .getByRole('button', { name: `Retry: ${failed.subject}` })
      .click();
    await expect(toast(page, 'Message queued to be sent again')).toBeVisible();
    await expect(page.getByText('No message matches these filters.')).toBeVisible();
    expect(retried).toBe(1);

    // From the message itself.
    current = failed;
    await page.goto(`/outbox/${id}`);
    await expect(page.getByTestId('outbox-status')).toHaveText('Failed');
    await expect(page.getByTestId('outbox-last-error')).toHaveText('550 5.1.1 Mailbox does not exist');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(toast(page, 'Message queued to be sent again')).toBeVisible();
    // Pending again after a failure: retrying, with the error kept until the next attempt.
    await expect(page.getByTestId('outbox-status')).toHaveText('Retrying');
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    expect(retried).toBe(2);
  });

  test('g then o opens the outbox, and the palette lists it', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    // The sequence again if the first went unheard: on a busy machine the dashboard's first render
    // can hold the page's thread past the sequence's window between the two keys.
    await expect(async () => {
      await page.keyboard.press('g');
      await page.keyboard.press('o');
      await expect(page).toHaveURL(/\/outbox$/, { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Outbox');
    await expect(page.getByRole('dialog').getByText('Outbox', { exact: true }).first()).toBeVisible();
  });
});

test('an editor has no Outbox: not in the sidebar, and the screen says why', async ({ page, request }) => {
  const editor = await createUser(request, { name: 'Outbox Editor' });
  await signInWithStorage(page, request, editor.email, editor.password);
  await page.goto('/');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Trash' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Outbox' })).toHaveCount(0);
  await page.goto('/outbox');
  await expect(page.getByText(PERMISSION_TEXT.noAccess)).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
  // The desk tells editors the delivery too, without links into the outbox.
  const { inquiry } = await sentQuote(request, uniqueTag('oe'));
  await page.goto(`/inquiries?selected=${inquiry.id}`);
  await expect(page.getByTestId('delivery-state')).toContainText('E-mail stored, not sent');
  await expect(page.getByRole('link', { name: 'View message' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'E-mails', exact: true })).toHaveCount(0);
});
