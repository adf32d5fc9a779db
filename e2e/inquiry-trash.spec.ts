import { expect, test } from '@playwright/test';
import { HISTORY_TEXT } from '#domain/history';
import { INQUIRY_TEXT, type Inquiry, inquiryTrashName } from '#domain/inquiries';
import { CONFIRM } from '#domain/messages';
import { authHeaders, pickOption, rowWith, uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, toast, uniqueEmail } from './fixtures';

/** A request deleted from the inbox goes to the trash with its quote, and the trash brings it back. */
test('a deleted request goes to the trash with its quote, and Restore brings it back', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('inqtrash');
  const headers = await authHeaders(request);
  const asked = await request.post('/api/inquiries', {
    data: {
      name: 'Tess Trashed',
      email: uniqueEmail('tess'),
      phone: null,
      subject: `Shelving ${tag}`,
      message: 'Twelve bays, please.',
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const inquiry = (await asked.json()) as Inquiry;
  const draft = await request.post(`/api/inquiries/${inquiry.id}/quotes`, { headers });
  expect(draft.status(), await draft.text()).toBe(201);
  const quote = (await draft.json()) as { id: number };
  const saved = await request.put(`/api/quotes/${quote.id}`, {
    headers,
    data: { lines: [{ name: 'Bay', quantity: 12, unit_price: 80 }] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const sent = await request.post(`/api/quotes/${quote.id}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  const { token } = (await sent.json()) as { token: string };

  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto(`/inquiries?q=${tag}&selected=${inquiry.id}`);
  const pane = page.getByRole('region', { name: inquiry.subject });
  await expect(pane).toBeVisible();
  await pane.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: INQUIRY_TEXT.deleteConfirm });
  await expect(confirm).toContainText(CONFIRM.deleteInquiry);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, HISTORY_TEXT.movedToTrash(inquiry.reference))).toBeVisible();
  await expect(page.getByText(inquiry.subject)).toHaveCount(0);
  // While it is in the trash, the customer's link to its quote answers as if it never was.
  expect((await request.get(`/api/public/quotes/${token}`)).status()).toBe(404);

  await page.goto('/trash');
  await pickOption(page, page.locator('main'), 'Type', 'Inquiry');
  await expect(page).toHaveURL(/entity_type=inquiry/);
  // Named by its reference, subject and sender, so any of them finds it.
  const trashName = inquiryTrashName(inquiry.id, inquiry);
  const row = rowWith(page, trashName);
  await expect(row).toContainText('Inquiry');
  await row.getByRole('button', { name: /^Restore/ }).click();
  await expect(toast(page, HISTORY_TEXT.restoredFromTrash(trashName))).toBeVisible();
  await expect(rowWith(page, trashName)).toHaveCount(0);

  expect((await request.get(`/api/public/quotes/${token}`)).status()).toBe(200);
  await page.goto(`/inquiries?q=${tag}&selected=${inquiry.id}`);
  await expect(pane).toBeVisible();
  await expect(pane.getByText('v1', { exact: true }).first()).toBeVisible();
});
