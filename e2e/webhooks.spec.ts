import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { authHeaders, uniqueTag } from './catalog';
import { E2E } from './env';
import { apiLogin, createUser, signInWithStorage } from './fixtures';
import { apiCreateProduct } from './products';

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A receiver on loopback (the e2e server allows private addresses) that keeps every request. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/${Date.now()}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Signs in as the admin and opens "Add webhook endpoint" with the receiver's URL filled in. */
async function openNewEndpoint(page: Page, request: APIRequestContext, url: string) {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto('/settings/integrations?tab=webhooks');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
  await dialog.getByLabel('URL').fill(url);
  return dialog;
}

/** The receiver's side of the signature: `t=…,v1=…`, HMAC-SHA256 of "{t}.{body}" with the secret. */
function signedWith(secret: string, request: Received) {
  const header = String(request.headers['stockroom-signature'] ?? '');
  const parts = header.split(',').map((p) => p.split('='));
  const t = parts.find(([k]) => k === 't')?.[1];
  const expected = createHmac('sha256', secret).update(`${t}.${request.body}`).digest('hex');
  return parts.some(([k, v]) => k === 'v1' && v === expected);
}

test('an admin registers an endpoint, sends a test event and receives a signed product event', async ({
  page,
  request,
}) => {
  const receiver = await startReceiver();
  try {
    const dialog = await openNewEndpoint(page, request, receiver.url);
    // Saving with no event says so, and sends nothing.
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose at least one event');
    await dialog.getByRole('checkbox', { name: 'All products events' }).check();
    await expect(dialog.getByRole('checkbox', { name: /Published/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    const secret = (await secretDialog.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Done' }).click();

    const card = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
    await expect(card).toContainText('4 events');
    await expect(card.getByTestId('endpoint-state')).toHaveText('On');

    await card.getByRole('button', { name: 'Delivery log' }).click();
    const log = page.getByRole('dialog').filter({ hasText: 'Delivery log' });
    // Another spec editing a product at the same time may already have sent it a product event,
    // so the log is not always empty here; the test event below is looked for by its type.
    await expect(log).toBeVisible();
    await log.getByRole('button', { name: 'Send test event' }).click();
    const testRow = log.getByTestId('delivery-row').filter({ hasText: 'webhook.test' });
    await expect(testRow.getByTestId('delivery-status')).toHaveText('Delivered', { timeout: 15_000 });
    await expect(testRow).toContainText('200');
    await testRow.getByRole('button', { name: 'Show the answer' }).click();
    await expect(testRow).toContainText('thanks');
    expect(receiver.received.some((r) => JSON.parse(r.body).type === 'webhook.test')).toBe(true);

    // A product change arrives, signed with the secret shown once.
    const product = await apiCreateProduct(request, { name: `Hooked lamp ${Date.now()}`, status: 'draft' });
    await expect
      .poll(() => receiver.received.find((r) => JSON.parse(r.body).data?.id === product.id), {
        timeout: 15_000,
      })
      .toBeTruthy();
    const arrived = receiver.received.find((r) => JSON.parse(r.body).data?.id === product.id) as Received;
    expect(JSON.parse(arrived.body)).toMatchObject({ type: 'product.created', data: { name: product.name } });
    expect(arrived.headers['stockroom-event-type']).toBe('product.created');
    expect(signedWith(secret, arrived)).toBe(true);
    expect(signedWith('whsec_wrong', arrived)).toBe(false);
    await expect(log.getByTestId('delivery-row').filter({ hasText: 'product.created' }).first()).toBeVisible({
      timeout: 15_000,
    });
    await page.keyboard.press('Escape');

    // Rolling asks first and shows the new secret once; deleting asks first.
    await card.getByRole('button', { name: `More actions for ${receiver.url}` }).click();
    await page.getByRole('menuitem', { name: 'Roll secret' }).click();
    await expect(page.getByRole('dialog', { name: 'Roll the signing secret?' })).toContainText('24 hours');
    await page.getByRole('button', { name: 'Roll secret' }).click();
    const rolled = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(rolled.getByTestId('webhook-secret')).not.toHaveText(secret);
    await rolled.getByRole('button', { name: 'Done' }).click();
    await expect(card).toContainText('Old secret still valid until');

    await card.getByRole('button', { name: `More actions for ${receiver.url}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this endpoint?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(card).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

test("an admin subscribes an endpoint to a customer event, and a customer's edit arrives", async ({
  page,
  request,
}) => {
  const receiver = await startReceiver();
  const headers = await authHeaders(request);
  try {
    const dialog = await openNewEndpoint(page, request, receiver.url);
    const customers = dialog.getByTestId('event-group-customer');
    await expect(customers).toContainText('Customers');
    await expect(dialog.getByTestId('event-group-company')).toContainText('Companies');
    await customers.getByRole('checkbox', { name: /customer\.updated/ }).check();
    await expect(customers.getByRole('checkbox', { name: 'All customers events' })).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('dialog', { name: 'Signing secret' }).getByRole('button', { name: 'Done' }).click();

    const card = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
    await expect(card).toContainText('1 event');
    const list = (await (await request.get('/api/webhooks', { headers })).json()) as {
      data: { id: number; url: string; events: string[] }[];
    };
    const saved = list.data.find((e) => e.url === receiver.url);
    expect(saved?.events).toEqual(['customer.updated']);

    // Editing a customer sends its page.
    const [customer] = (await (await request.get('/api/customers?limit=10', { headers })).json()).data as {
      id: number;
    }[];
    const phone = `+44 20 7946 ${String(Date.now()).slice(-4)}`;
    const edited = await request.patch(`/api/customers/${customer.id}`, { headers, data: { phone } });
    expect(edited.status(), await edited.text()).toBe(200);
    const arrivedOf = () =>
      receiver.received.map((r) => JSON.parse(r.body)).find((b) => b.data?.phone === phone);
    await expect.poll(arrivedOf, { timeout: 15_000 }).toBeTruthy();
    expect(arrivedOf()).toMatchObject({ type: 'customer.updated', data: { id: customer.id, phone } });
    await request.delete(`/api/webhooks/${saved?.id}`, { headers });
  } finally {
    await receiver.close();
  }
});

/** axe's serious and critical findings on the page as it is. */
async function seriousFindings(page: Page, label: string) {
  // axe reads colours as drawn: a log still opening (its collapse fades in) reads as low contrast.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${label}: ${v.id}: ${n.target.join(' ')}`));
}

for (const size of [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'phone', width: 390, height: 844 },
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`the Webhooks tab, its dialog and its log pass axe, ${scheme}, at ${size.label} width`, async ({
      page,
      request,
    }) => {
      const receiver = await startReceiver();
      try {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.addInitScript((s) => localStorage.setItem('stockroom.shell.colorScheme', s), scheme);
        await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
        const headers = await authHeaders(request);
        const made = await request.post('/api/webhooks', {
          headers,
          data: { url: receiver.url, events: ['order.created'], enabled: true },
        });
        expect(made.status(), await made.text()).toBe(201);
        const { id } = await made.json();
        await request.post(`/api/webhooks/${id}/test`, { headers });

        await page.goto('/settings/integrations?tab=webhooks');
        const card = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
        await expect(card).toBeVisible();
        const findings = await seriousFindings(page, 'list');
        await page.getByRole('button', { name: 'Add endpoint' }).click();
        await expect(page.getByRole('dialog', { name: 'Add webhook endpoint' })).toBeVisible();
        findings.push(...(await seriousFindings(page, 'dialog')));
        await page.keyboard.press('Escape');
        await card.getByRole('button', { name: 'Delivery log' }).click();
        await expect(page.getByTestId('delivery-row').first()).toBeVisible({ timeout: 15_000 });
        findings.push(...(await seriousFindings(page, 'log')));
        expect(findings).toEqual([]);
        await request.delete(`/api/webhooks/${id}`, { headers });
      } finally {
        await receiver.close();
      }
    });
  }
}

test('a settings manager who cannot read requests or customers is offered only the events they may read', async ({
  page,
  request,
}) => {
  const headers = await authHeaders(request);
  const tag = uniqueTag('hooks');
  const role = await request.post('/api/roles', {
    headers,
    data: { name: `Hook keeper ${tag}`, permissions: ['settings.manage', 'catalogue.read', 'order.read'] },
  });
  expect(role.status(), await role.text()).toBe(201);
  const keeper = await createUser(request, { name: `Kim ${tag}`, role: (await role.json()).key });
  await signInWithStorage(page, request, keeper.email, keeper.password);
  await page.goto('/settings/integrations?tab=webhooks');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
  for (const group of ['inquiry', 'quote', 'customer', 'company']) {
    const box = dialog.getByTestId(`event-group-${group}`);
    for (const check of await box.getByRole('checkbox').all()) await expect(check).toBeDisabled();
  }
  await expect(dialog.getByTestId('event-group-inquiry')).toContainText(
    'Needs “Read requests”, which your role lacks',
  );
  await expect(dialog.getByTestId('event-group-company')).toContainText('Needs “Read customers”');
  await expect(dialog.getByRole('checkbox', { name: 'All orders events' })).toBeEnabled();

  // The server holds the same line for a caller that skips the dialog.
  const { token } = await apiLogin(request, keeper.email, keeper.password);
  const refused = await request.post('/api/webhooks', {
    headers: { authorization: `Bearer ${token}` },
    data: { url: 'http://127.0.0.1:9/hooks', events: ['inquiry.created'] },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ permission: 'inquiry.read' });
});
