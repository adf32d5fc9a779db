import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { ACCOUNT_TEXT } from '#domain/account';
import type { Inquiry } from '#domain/inquiries';
import type { OutboxListResponse } from '#domain/outbox';
import { SHOP_TEXT } from '#domain/shop-texts';
import { authHeaders, uniqueTag } from './catalog';
import { uniqueEmail } from './fixtures';
import { apiCreateProduct } from './products';

const SHOTS = '.tmp/shots/portal';

/** A visitor's quote request through the public form's API. */
async function ask(
  request: APIRequestContext,
  who: { name: string; email: string; company: string },
  tag: string,
) {
  const res = await request.post('/api/inquiries', {
    data: { ...who, subject: `Shelving ${tag}`, message: 'Shelves for the new store, please.' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Inquiry;
}

/** Staff quote the request (the API is the desk's): a catalogue product and a typed line, sent. */
async function sendQuote(
  request: APIRequestContext,
  inquiry: Inquiry,
  product: { id: number; name: string },
) {
  const headers = await authHeaders(request);
  const draft = await (await request.post(`/api/inquiries/${inquiry.id}/quotes`, { headers })).json();
  const put = await request.put(`/api/quotes/${draft.id}`, {
    headers,
    data: {
      lines: [
        { product_id: product.id, name: product.name, quantity: 4, unit_price: 180 },
        { name: 'Assembly on site', quantity: 1, unit_price: 60 },
      ],
      shipping: 25,
      tax_rate: 20,
      valid_until: '2099-12-31',
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  const sent = await request.post(`/api/quotes/${draft.id}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
}

/** The link of the newest sign-in e-mail to the address, read from the outbox as staff would. */
async function linkFrom(request: APIRequestContext, email: string): Promise<string> {
  const headers = await authHeaders(request);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/api/outbox?limit=100', { headers });
      const mail = ((await res.json()) as OutboxListResponse).data.find(
        (m) => m.kind === 'account_login' && m.to === email,
      );
      link = mail?.text.match(/https?:\/\/\S+\/account\/login\?token=[A-Za-z0-9_-]+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link as string;
}

/** A buyer in a browser of their own: asks for a link on the sign-in page and opens it. */
async function signInAsBuyer(browser: Browser, request: APIRequestContext, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/account');
  await page.getByLabel(ACCOUNT_TEXT.email).fill(email);
  await page.getByRole('button', { name: ACCOUNT_TEXT.sendLink }).click();
  await expect(page.getByRole('heading', { name: ACCOUNT_TEXT.checkTitle })).toBeVisible();
  const link = await linkFrom(request, email);
  await page.goto(link);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('tab', { name: ACCOUNT_TEXT.quotes })).toBeVisible();
  return page;
}

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Each width and scheme of the page as it is now, with axe's verdict on each. */
async function shootAll(page: Page, name: string) {
  const findings: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((s) => {
      localStorage.setItem('stockroom.shell.colorScheme', s);
      document.documentElement.setAttribute('data-mantine-color-scheme', s);
    }, scheme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: true });
      findings.push(...(await axe(page)).map((f) => `${name} ${width} ${scheme}: ${f}`));
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return findings;
}

test('a buyer signs in with an e-mailed link, accepts a quote in the portal and sees the order', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag('acct');
  const email = uniqueEmail('petra');
  const product = await apiCreateProduct(request, { name: `Boltless shelf ${tag}`, mrp: 199 });
  const inquiry = await ask(request, { name: 'Petra Portal', email, company: `Portal Retail ${tag}` }, tag);
  await sendQuote(request, inquiry, product);
  const findings: string[] = [];

  // The sign-in page, then "check your e-mail".
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: ACCOUNT_TEXT.signInTitle })).toBeVisible();
  findings.push(...(await shootAll(page, 'sign-in')));
  // Keyboard only: the address, then Enter.
  await page.getByLabel(ACCOUNT_TEXT.email).focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: ACCOUNT_TEXT.checkTitle })).toBeVisible();
  await expect(page.getByText(ACCOUNT_TEXT.checkBody(email))).toBeVisible();
  findings.push(...(await shootAll(page, 'check-your-email')));

  // The link from the outbox opens the portal; the token leaves the address bar.
  await page.goto(await linkFrom(request, email));
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('account-who')).toContainText('Petra Portal');
  // The buyer's token is kept apart from the staff's.
  expect(await page.evaluate(() => localStorage.getItem('user_token'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('stockroom.account.token'))).toMatch(/^by_/);
  const quotes = page.getByTestId('account-quotes-row');
  await expect(quotes).toHaveCount(1);
  await expect(quotes).toContainText(inquiry.reference);
  await expect(quotes).toContainText(ACCOUNT_TEXT.quoteStatus.sent);
  findings.push(...(await shootAll(page, 'portal-quotes')));

  // The quote, answerable right there.
  await page.getByRole('link', { name: ACCOUNT_TEXT.openQuote(inquiry.reference) }).click();
  await expect(page).toHaveURL(/\/account\/quotes\/\d+$/);
  await expect(page.getByTestId('account-version')).toHaveCount(1);
  await page.getByRole('button', { name: 'Accept' }).click();
  const sign = page.getByRole('dialog', { name: 'Accept this quote' });
  await sign.getByLabel('Type your full name to sign').fill('Petra Portal');
  await sign.getByRole('button', { name: 'Confirm acceptance' }).click();
  await expect(page.getByTestId('quote-order')).toHaveText(/^Order SO-\d{6}: Confirmed$/);
  const number = ((await page.getByTestId('quote-order').textContent()) ?? '').match(/SO-\d{6}/)?.[0];
  await expect(page.getByTestId('account-version')).toContainText(ACCOUNT_TEXT.quoteStatus.accepted);
  findings.push(...(await shootAll(page, 'portal-quote-answered')));

  // Back in the portal: the order, and the request accepted.
  await page.getByRole('link', { name: ACCOUNT_TEXT.back }).click();
  await page.getByRole('tab', { name: ACCOUNT_TEXT.orders }).click();
  await expect(page).toHaveURL(/\/account\?tab=orders$/);
  const orders = page.getByTestId('account-orders-row');
  await expect(orders).toHaveCount(1);
  await expect(orders).toContainText(number as string);
  await expect(orders).toContainText('Confirmed');
  findings.push(...(await shootAll(page, 'portal-orders')));
  await page.getByRole('tab', { name: ACCOUNT_TEXT.requests }).click();
  const requests = page.getByTestId('account-requests-row');
  await expect(requests).toContainText(inquiry.reference);
  await expect(requests).toContainText(ACCOUNT_TEXT.requestStatus.accepted);
  findings.push(...(await shootAll(page, 'portal-requests')));

  // Request again: the shop's basket holds the quote's product at today's price, not the typed line.
  await page.goto('/account');
  await page.getByRole('link', { name: ACCOUNT_TEXT.openQuote(inquiry.reference) }).click();
  await page.getByRole('button', { name: ACCOUNT_TEXT.requestAgain }).click();
  await expect(page).toHaveURL(/\/shop\/quote$/);
  const basket = await page.evaluate(() => JSON.parse(localStorage.getItem('stockroom.shop.basket') ?? '[]'));
  expect(basket).toEqual([expect.objectContaining({ product_id: product.id, price: 199, quantity: 4 })]);
  await expect(page.getByText(product.name)).toBeVisible();
  // The shop knows the buyer: their name in the header, their details in the request's form.
  await expect(page.locator('[data-account-link]')).toHaveText('Petra Portal');
  await expect(page.locator('#quote-email')).toHaveValue(email);
  await expect(page.locator('#quote-company')).toHaveValue(`Portal Retail ${tag}`);
  findings.push(...(await shootAll(page, 'shop-basket-signed-in')));

  // Signing out ends the session: the portal asks for the e-mail again.
  await page.goto('/account');
  await page.getByRole('button', { name: ACCOUNT_TEXT.signOut }).click();
  await expect(page.getByRole('heading', { name: ACCOUNT_TEXT.signInTitle })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('stockroom.account.token'))).toBeNull();
  await page.goto('/shop');
  await expect(page.locator('[data-account-link]')).toHaveText(SHOP_TEXT.signIn);

  expect(findings).toEqual([]);
});

test('a used or broken link says so and offers a new one', async ({ page }) => {
  await page.goto(`/account/login?token=${'A'.repeat(43)}`);
  await expect(page.getByText(ACCOUNT_TEXT.linkFailedTitle)).toBeVisible();
  await expect(page).toHaveURL(/\/account\/login$/);
  await page.getByRole('link', { name: ACCOUNT_TEXT.askAgain }).click();
  await expect(page.getByRole('heading', { name: ACCOUNT_TEXT.signInTitle })).toBeVisible();
});

test("a colleague sees the company's order while granted, and not once the right is removed", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = await authHeaders(request);
  // Staff grant "sees the company's" on the customer's page (PATCH /api/customers/{id}).

  const tag = uniqueTag('team');
  const company = `Team Shelving ${tag}`;
  const product = await apiCreateProduct(request, { name: `Wire shelf ${tag}`, mrp: 80 });
  const buyerEmail = uniqueEmail('ines');
  const colleagueEmail = uniqueEmail('omar');
  const bought = await ask(request, { name: 'Ines Buyer', email: buyerEmail, company }, tag);
  await sendQuote(request, bought, product);
  await ask(request, { name: 'Omar Colleague', email: colleagueEmail, company }, `${tag}-b`);
  const token = (await (await request.get(`/api/inquiries/${bought.id}`, { headers })).json()).quotes[0]
    .token as string;
  const accepted = await request.post(`/api/public/quotes/${token}/accept`, { data: { name: 'Ines Buyer' } });
  expect(accepted.status(), await accepted.text()).toBe(200);

  const found = await (
    await request.get(`/api/customers?q=${encodeURIComponent(colleagueEmail)}`, { headers })
  ).json();
  const colleagueId = found.data[0].id as number;
  // A request joins nobody to an existing company: staff link Omar to Ines's.
  const ines = await (
    await request.get(`/api/customers?q=${encodeURIComponent(buyerEmail)}`, { headers })
  ).json();
  const linked = await request.patch(`/api/customers/${colleagueId}`, {
    headers,
    data: { company_id: ines.data[0].company.id },
  });
  expect(linked.status(), await linked.text()).toBe(200);
  const grant = (on: boolean) =>
    request.patch(`/api/customers/${colleagueId}`, { headers, data: { sees_company: on } });

  const colleague = await signInAsBuyer(browser, request, colleagueEmail);
  await colleague.getByRole('tab', { name: ACCOUNT_TEXT.orders }).click();
  await expect(colleague.getByText(ACCOUNT_TEXT.noOrders)).toBeVisible();

  expect((await grant(true)).status()).toBe(200);
  await colleague.reload();
  await expect(colleague.getByTestId('account-company-note')).toContainText(company);
  await expect(colleague.getByTestId('account-orders-row')).toHaveCount(1);
  await expect(colleague.getByTestId('account-orders-row')).toContainText('Ines Buyer');
  await colleague.getByRole('tab', { name: ACCOUNT_TEXT.requests }).click();
  await expect(colleague.getByTestId('account-requests-row')).toHaveCount(2);

  expect((await grant(false)).status()).toBe(200);
  await colleague.reload();
  await expect(colleague.getByTestId('account-requests-row')).toHaveCount(1);
  await colleague.getByRole('tab', { name: ACCOUNT_TEXT.orders }).click();
  await expect(colleague.getByText(ACCOUNT_TEXT.noOrders)).toBeVisible();
  await expect(colleague.getByTestId('account-company-note')).toHaveCount(0);
});
