import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Inquiry } from '#domain/inquiries';
import type { OutboxListResponse } from '#domain/outbox';
import { authHeaders, uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, toast, uniqueEmail } from './fixtures';

const SHOTS = '.tmp/shots/orders';

/** A request with a quote of two typed lines, sent: its token opens the customer's page. */
async function sentQuote(request: APIRequestContext, tag: string) {
  const headers = await authHeaders(request);
  const res = await request.post('/api/inquiries', {
    data: {
      name: 'Olga Orderer',
      email: uniqueEmail('olga'),
      subject: `Shelving ${tag}`,
      message: 'Shelves for the new store.',
      company: `Olga Retail ${tag}`,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const inquiry = (await res.json()) as Inquiry;
  const draft = await (await request.post(`/api/inquiries/${inquiry.id}/quotes`, { headers })).json();
  const put = await request.put(`/api/quotes/${draft.id}`, {
    headers,
    data: {
      lines: [
        { name: 'Steel shelf unit', sku: `SSU-${tag}`, quantity: 3, unit_price: 189.5, discount_percent: 5 },
        { name: 'Assembly', quantity: 1, unit_price: 60 },
      ],
      shipping: 25,
      tax_rate: 20,
      valid_until: '2099-12-31',
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  const sent = await (await request.post(`/api/quotes/${draft.id}/send`, { headers })).json();
  return { headers, inquiry, token: sent.token as string };
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('the customer accepts with a PO number and addresses, and staff ship the order', async ({
  browser,
  page,
  request,
}) => {
  const tag = uniqueTag('ord');
  const po = `PO-${tag}`;
  const { headers, inquiry, token } = await sentQuote(request, tag);

  // The customer accepts on the quote's page, with a PO number and both addresses.
  const visitor = await browser.newContext();
  const customer = await visitor.newPage();
  await customer.goto(`/quote/${token}`);
  await customer.getByRole('button', { name: 'Accept' }).click();
  const sign = customer.getByRole('dialog', { name: 'Accept this quote' });
  await sign.getByLabel('Type your full name to sign').fill('Olga Orderer');
  await sign.getByLabel('Purchase-order number').fill(po);
  await sign.getByLabel('Billing address').fill('Olga Retail\n5 Market Row\nBristol BS1 4DJ');
  // "Same as billing" is the default; this customer has goods go elsewhere.
  await expect(sign.getByLabel('Delivery address same as billing')).toBeChecked();
  await sign.getByLabel('Delivery address same as billing').uncheck();
  await sign.getByLabel('Delivery address', { exact: true }).fill('Unit 9, Avon Trade Park\nBristol BS2 0XP');
  await customer.screenshot({ path: `${SHOTS}/accept-dialog-1280.png` });
  await customer.setViewportSize({ width: 390, height: 844 });
  await customer.screenshot({ path: `${SHOTS}/accept-dialog-390.png` });
  await sign.getByRole('button', { name: 'Confirm acceptance' }).click();
  const orderNote = customer.getByTestId('quote-order');
  await expect(orderNote).toHaveText(/^Order SO-\d{6}: Confirmed$/);
  const number = ((await orderNote.textContent()) ?? '').match(/SO-\d{6}/)?.[0] as string;

  // The confirmation is in the outbox, to the customer, with the order as a PDF.
  const outbox = await request.get(`/api/outbox?inquiry_id=${inquiry.id}`, { headers });
  const confirmations = ((await outbox.json()) as OutboxListResponse).data.filter(
    (m) => m.kind === 'order_confirmed',
  );
  expect(confirmations).toHaveLength(1);
  expect(confirmations[0].to).toBe(inquiry.email);
  expect(confirmations[0].subject).toContain(number);
  expect(confirmations[0].attachments).toMatchObject([
    { filename: `order-${number}.pdf`, content_type: 'application/pdf' },
  ]);

  // Staff find it by its PO number, read it, and move it on to shipped.
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  // Staff choose what the acceptance form requires (looked at, left as it is: other tests accept too).
  await page.getByRole('button', { name: 'Acceptance form' }).click();
  const settings = page.getByRole('dialog', { name: 'Acceptance form' });
  await expect(settings.getByRole('checkbox')).toHaveCount(3);
  await expect(settings.getByLabel('Purchase-order number')).not.toBeChecked();
  await shoot(page, 'acceptance-settings-1280');
  await settings.getByRole('button', { name: 'Cancel' }).click();
  await page.getByPlaceholder('Number, reference, company, email, PO number').fill(po);
  await expect(page).toHaveURL(new RegExp(`q=${po}`));
  const row = page.getByTestId('order-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(number);
  await row.click();
  const pane = page.getByTestId('order-pane');
  await expect(pane.getByTestId('order-number')).toHaveText(number);
  await expect(pane.getByTestId('order-po')).toHaveText(po);
  await expect(pane).toContainText('5 Market Row');
  await expect(pane).toContainText('Unit 9, Avon Trade Park');
  await expect(pane.getByTestId('order-lines')).toContainText('Steel shelf unit');
  // 3 × 189.50 − 5 % = 540.08; + 60 + 25 shipping = 625.08; 20 % tax 125.02.
  await expect(pane.getByTestId('order-total')).toHaveText('$750.10');
  await pane.getByRole('textbox', { name: 'Add note' }).fill('Deliver before 9am.');
  await pane.getByRole('button', { name: 'Add note' }).click();
  await expect(pane.getByTestId('order-notes')).toContainText('Deliver before 9am.');
  await shoot(page, 'orders-1280');

  await pane.getByRole('button', { name: 'Move to' }).click();
  await page.getByRole('menuitem', { name: 'In progress' }).click();
  await expect(toast(page, 'Order updated')).toBeVisible();
  await expect(pane.getByTestId('order-status')).toHaveText('In progress');
  await pane.getByRole('button', { name: 'Move to' }).click();
  await page.getByRole('menuitem', { name: 'Shipped' }).click();
  // Shipping e-mails the customer, so it is asked first.
  await page
    .getByRole('dialog', { name: 'Move to Shipped?' })
    .getByRole('button', { name: 'Move and e-mail' })
    .click();
  await expect(pane.getByTestId('order-status')).toHaveText('Shipped');
  await expect(pane.getByTestId('order-history')).toContainText('In progress → Shipped');
  await expect(pane.getByTestId('order-history')).toContainText(E2E.admin.name);

  // The list shows it shipped, also under the shipped filter, which the URL keeps.
  await expect(row).toContainText('Shipped');
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('Shipped').click();
  await expect(page).toHaveURL(/status=shipped/);
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId('order-row')).toContainText(number);
  await expect(page.getByTestId('order-pane').getByTestId('order-status')).toHaveText('Shipped');

  // The shipping e-mail went out through the outbox too; the customer's page says shipped.
  const after = (
    (await (
      await request.get(`/api/outbox?inquiry_id=${inquiry.id}`, { headers })
    ).json()) as OutboxListResponse
  ).data.filter((m) => m.kind === 'order_shipped');
  expect(after).toHaveLength(1);
  await customer.reload();
  await expect(customer.getByTestId('quote-order')).toHaveText(`Order ${number}: Shipped`);
  await customer.screenshot({ path: `${SHOTS}/quote-page-order-1280.png`, fullPage: true });
  await visitor.close();

  // The request's pane names its order too, with where it stands.
  await page.goto(`/inquiries?selected=${inquiry.id}`);
  await expect(page.getByTestId('pane-order')).toContainText(number);
  await expect(page.getByTestId('pane-order')).toContainText('Shipped');
  await page.goto(`/orders?status=shipped&q=${po}`);
  await page.getByTestId('order-row').click();

  // The screen at a phone's width and in dark mode.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.getByTestId('order-pane')).toBeVisible();
  await shoot(page, 'orders-1280-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('order-pane')).toBeVisible();
  await shoot(page, 'orders-390-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: 'Back to list' }).click();
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  await shoot(page, 'orders-list-390');
  await page.getByTestId('order-row').first().click();
  await expect(page.getByTestId('order-pane')).toBeVisible();
  await shoot(page, 'orders-390');
});

test('staff cancel an order only with a reason, which its history keeps', async ({ page, request }) => {
  const tag = uniqueTag('ordc');
  const { token } = await sentQuote(request, tag);
  const accepted = await request.post(`/api/public/quotes/${token}/accept`, {
    data: { name: 'Olga Orderer' },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const { number } = (await accepted.json()).order as { number: string };

  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto(`/orders?q=${number}`);
  await page.getByTestId('order-row').click();
  const pane = page.getByTestId('order-pane');
  await pane.getByRole('button', { name: 'Move to' }).click();
  await page.getByRole('menuitem', { name: 'Cancelled' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  const reason = dialog.getByRole('textbox', { name: 'Reason' });
  await expect(reason).toBeFocused();
  // "Keep it" leaves the order as it was.
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toBeHidden();
  await expect(pane.getByTestId('order-status')).toHaveText('Confirmed');

  await pane.getByRole('button', { name: 'Move to' }).click();
  await page.getByRole('menuitem', { name: 'Cancelled' }).click();
  // Without a reason the form does not go.
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toBeVisible();
  await expect(pane.getByTestId('order-status')).toHaveText('Confirmed');
  await reason.fill('Customer ordered twice.');
  await shoot(page, 'cancel-dialog-1280');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toBeHidden();
  await expect(pane.getByTestId('order-status')).toHaveText('Cancelled');
  await expect(pane.getByTestId('order-history')).toContainText('Confirmed → Cancelled');
  await expect(pane.getByTestId('order-history')).toContainText('Customer ordered twice.');
});

const MY_SHOTS = '.tmp/shots/merge';

test('a move that e-mails the customer asks first; an admin steps an order back with a reason', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('ordb');
  const { headers, inquiry, token } = await sentQuote(request, tag);
  const accepted = await request.post(`/api/public/quotes/${token}/accept`, {
    data: { name: 'Olga Orderer' },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const { number } = (await accepted.json()).order as { number: string };
  const shippedMails = async () =>
    (
      (await (
        await request.get(`/api/outbox?inquiry_id=${inquiry.id}`, { headers })
      ).json()) as OutboxListResponse
    ).data.filter((m) => m.kind === 'order_shipped').length;

  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto(`/orders?q=${number}`);
  await page.getByTestId('order-row').click();
  const pane = page.getByTestId('order-pane');
  // A confirmed order has no step to go back to.
  await expect(pane.getByRole('button', { name: 'Step back' })).toHaveCount(0);

  // Shipping asks first, in the app's own dialog, naming who is e-mailed; Cancel sends nothing.
  await pane.getByRole('button', { name: 'Move to' }).click();
  await page.getByRole('menuitem', { name: 'Shipped' }).click();
  const ask = page.getByRole('dialog', { name: 'Move to Shipped?' });
  await expect(ask).toContainText(
    `The customer will be e-mailed at ${inquiry.email} that order ${number} has shipped.`,
  );
  await page.screenshot({ path: `${MY_SHOTS}/order-email-confirm-1280.png` });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(pane.getByTestId('order-status')).toHaveText('Confirmed');
  expect(await shippedMails()).toBe(0);
  await pane.getByRole('button', { name: 'Move to' }).click();
  await page.getByRole('menuitem', { name: 'Shipped' }).click();
  await ask.getByRole('button', { name: 'Move and e-mail' }).click();
  await expect(toast(page, 'Order updated')).toBeVisible();
  await expect(pane.getByTestId('order-status')).toHaveText('Shipped');
  expect(await shippedMails()).toBe(1);

  // Step back: a reason is required; it goes back one step, says so in the history, e-mails no one.
  await pane.getByRole('button', { name: 'Step back' }).click();
  const back = page.getByRole('dialog', { name: 'Take this order back to In progress?' });
  const reason = back.getByRole('textbox', { name: 'Reason' });
  await expect(reason).toBeFocused();
  await expect(back).toContainText('No e-mail is sent to the customer.');
  await back.getByRole('button', { name: 'Step back' }).click();
  await expect(back).toBeVisible();
  await expect(pane.getByTestId('order-status')).toHaveText('Shipped');
  await reason.fill('Marked shipped by mistake; still on the dock.');
  await page.screenshot({ path: `${MY_SHOTS}/order-step-back-1280.png` });
  await back.getByRole('button', { name: 'Step back' }).click();
  await expect(back).toBeHidden();
  await expect(toast(page, 'Order taken one step back')).toBeVisible();
  await expect(pane.getByTestId('order-status')).toHaveText('In progress');
  const history = pane.getByTestId('order-history');
  await expect(history).toContainText(
    'Shipped → In progress, stepped back (Marked shipped by mistake; still on the dock.)',
  );
  await expect(history).toContainText(E2E.admin.name);
  expect(await shippedMails()).toBe(1);
  await page.screenshot({ path: `${MY_SHOTS}/order-stepped-back-1280.png`, fullPage: true });

  // The screen and the dialogs at a phone's width and in dark mode.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(pane).toBeVisible();
  await page.screenshot({ path: `${MY_SHOTS}/order-390-dark.png`, fullPage: true });
  await pane.getByRole('button', { name: 'Step back' }).click();
  // Photographed once its opening transition has ended.
  await expect(page.getByRole('dialog', { name: 'Take this order back to Confirmed?' })).toHaveCSS(
    'opacity',
    '1',
  );
  await page.screenshot({ path: `${MY_SHOTS}/order-step-back-390-dark.png` });
  await page.getByRole('dialog').getByRole('button', { name: 'Keep it' }).click();
  await pane.getByRole('button', { name: 'Move to' }).click();
  await page.getByRole('menuitem', { name: 'Shipped' }).click();
  await expect(ask).toHaveCSS('opacity', '1');
  await page.screenshot({ path: `${MY_SHOTS}/order-email-confirm-390-dark.png` });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: `${MY_SHOTS}/order-390.png`, fullPage: true });
});
