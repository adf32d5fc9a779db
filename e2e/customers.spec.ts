import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Customer } from '#domain/customers';
import type { Inquiry } from '#domain/inquiries';
import { authHeaders, pickOption, uniqueTag } from './catalog';
import { E2E } from './env';
import { createUser, signInWithStorage, toast, uniqueEmail } from './fixtures';

const SHOTS = '.tmp/shots/customers-web';

type Person = { name: string; email: string; company?: string };

/** A quote request as a visitor sends it; the database links it to the customer its e-mail names. */
async function ask(request: APIRequestContext, who: Person, subject: string): Promise<Inquiry> {
  const res = await request.post('/api/inquiries', {
    data: { name: who.name, email: who.email, company: who.company, subject, message: 'Please quote.' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Inquiry;
}

/** A quote on the request, sent and accepted by the customer: an order, and accepted value. */
async function acceptedQuote(request: APIRequestContext, inquiry: Inquiry) {
  const headers = await authHeaders(request);
  const draft = await (await request.post(`/api/inquiries/${inquiry.id}/quotes`, { headers })).json();
  const put = await request.put(`/api/quotes/${draft.id}`, {
    headers,
    data: {
      lines: [{ name: 'Steel shelf unit', quantity: 2, unit_price: 150 }],
      shipping: 0,
      tax_rate: 0,
      valid_until: '2099-12-31',
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  const sent = await (await request.post(`/api/quotes/${draft.id}/send`, { headers })).json();
  const accept = await request.post(`/api/public/quotes/${sent.token}/accept`, {
    data: { name: inquiry.name },
  });
  expect(accept.status(), await accept.text()).toBeLessThan(300);
}

/** The customer an e-mail names, through the list's search. */
async function customerByEmail(request: APIRequestContext, email: string): Promise<Customer> {
  const res = await request.get(`/api/customers?q=${encodeURIComponent(email)}`, {
    headers: await authHeaders(request),
  });
  expect(res.status(), await res.text()).toBe(200);
  const found = ((await res.json()) as { data: Customer[] }).data.filter((c) => c.email === email);
  expect(found).toHaveLength(1);
  return found[0];
}

/** The whole page; a dialog as the viewport shows it (the overlay covers only the viewport). */
async function shoot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/** Three buyers of one company: Cora asks three times (one accepted), Dan once, and Cora's second address twice. */
async function seed(request: APIRequestContext) {
  const tag = uniqueTag('cust');
  const company = `Castle Fittings ${tag}`;
  const cora: Person = { name: `Cora Castle ${tag}`, email: uniqueEmail('cora'), company };
  const dan: Person = { name: `Dan Delve ${tag}`, email: uniqueEmail('dan'), company };
  const dupe: Person = { name: `C. Castle ${tag}`, email: uniqueEmail('cora-home') };
  const first = await ask(request, cora, `Shelving ${tag}`);
  await acceptedQuote(request, first);
  await ask(request, cora, `Racking ${tag}`);
  const danAsks = await ask(request, dan, `Bins ${tag}`);
  await ask(request, dupe, `Ladders ${tag}`);
  await ask(request, dupe, `Trolleys ${tag}`);
  const latest = await ask(request, cora, `Lockers ${tag}`);
  // A request joins nobody to a company that exists: staff link Dan to Cora's.
  const companyId = (await customerByEmail(request, cora.email)).company?.id;
  const linked = await request.patch(`/api/customers/${(await customerByEmail(request, dan.email)).id}`, {
    headers: await authHeaders(request),
    data: { company_id: companyId },
  });
  expect(linked.status(), await linked.text()).toBe(200);
  return { tag, company, cora, dan, dupe, latest, danAsks };
}

test('staff find a customer, edit and note them, merge a duplicate, and see the company', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { tag, company, cora, dan, dupe, latest, danAsks } = await seed(request);

  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Customers' })
    .click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();

  // The search finds both of the company's people by its name, and is kept in the URL.
  await page.getByPlaceholder('Name, email, phone, company').fill(company);
  await expect(page).toHaveURL(/q=Castle/);
  const rows = page.getByTestId('customer-row');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('customers-total')).toHaveText('2 customers');
  // Sorted by requests, most first: Cora (3) before Dan (1).
  await pickOption(page, page.locator('main'), 'Sort', 'Requests');
  await expect(page).toHaveURL(/sortBy=request_count/);
  await expect(rows.first()).toContainText(cora.name);
  await expect(rows.first()).toContainText('3 requests · 1 order');
  await expect(rows.first()).toContainText('$300.00');
  // The export holds the searched list: the two of them.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await download.path()) as string, 'utf8');
  expect(csv).toContain(cora.email);
  expect(csv).toContain(dan.email);
  expect(csv).not.toContain(dupe.email);
  await rows.first().click();
  await expect(page).toHaveURL(/selected=\d+/);

  const pane = page.getByTestId('customer-pane');
  await expect(pane.getByTestId('customer-name')).toHaveText(cora.name);
  await expect(pane.getByTestId('customer-requests-count')).toHaveText('3');
  await expect(pane.getByTestId('customer-accepted')).toHaveText('$300.00');
  await expect(pane.getByTestId('customer-requests')).toContainText(`Lockers ${tag}`);
  await expect(pane.getByTestId('customer-requests').getByRole('listitem')).toHaveCount(3);
  await expect(pane.getByTestId('customer-quotes')).toContainText('v1');
  await expect(pane.getByTestId('customer-orders')).toContainText(/SO-\d{6}/);

  // The phone, edited; a bad e-mail is refused with the domain's message first.
  await pane.getByRole('button', { name: 'Edit' }).click();
  const form = pane.getByTestId('customer-form');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter a valid email address')).toBeVisible();
  await form.getByLabel('Email').fill(cora.email);
  await form.getByLabel('Phone').fill('+44 20 7946 0001');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Customer saved')).toBeVisible();
  await expect(pane).toContainText('+44 20 7946 0001');

  // An internal note.
  await pane.getByRole('textbox', { name: 'Add note' }).fill('Prefers morning deliveries.');
  await pane.getByRole('button', { name: 'Add note' }).click();
  await expect(pane.getByTestId('customer-notes')).toContainText('Prefers morning deliveries.');
  // The change history shows the phone's edit.
  await expect(pane.getByTestId('customer-history')).toContainText('+44 20 7946 0001');
  await shoot(page, 'customer-1280');

  // Open in Activity shows this customer's changes alone, until the screen is told to let go.
  const paneUrl = page.url();
  await pane.getByRole('link', { name: 'Open in Activity' }).click();
  await expect(page).toHaveURL(/\/activity\?type=customer&entity=\d+$/);
  await expect(page.getByTestId('activity-record-chip')).toHaveText(`Only customer “${cora.name}”`);
  const logged = page.getByTestId('activity-entry');
  await expect(logged.filter({ hasText: '+44 20 7946 0001' })).toHaveCount(1);
  for (const text of await logged.allTextContents()) expect(text).toContain(cora.name);
  await shoot(page, 'activity-one-customer-1280');
  await page.getByRole('button', { name: 'Show every customer' }).click();
  await expect(page).toHaveURL(/\/activity\?type=customer$/);
  await expect(page.getByTestId('activity-record-chip')).toHaveCount(0);
  await page.goto(paneUrl);

  // A request opens in the desk, which names its customer with their earlier requests.
  await pane
    .getByTestId('customer-requests')
    .getByRole('link', { name: new RegExp(`Lockers ${tag}`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/inquiries\\?selected=${latest.id}`));
  const deskCustomer = page.getByTestId('request-customer');
  await expect(deskCustomer).toContainText(cora.name);
  await expect(deskCustomer).toContainText(company);
  await expect(page.getByTestId('request-customer-summary')).toHaveText('2 earlier requests, 1 accepted');
  await shoot(page, 'desk-1280');
  await page.goto(`/inquiries?selected=${danAsks.id}`);
  await expect(page.getByTestId('request-customer-summary')).toHaveText('First request');

  // The duplicate (Cora's home address) merged into Cora: the dialog says what moves.
  const dupeRow = await customerByEmail(request, dupe.email);
  const coraRow = await customerByEmail(request, cora.email);
  await page.goto(`/customers?q=${encodeURIComponent(dupe.name)}&selected=${dupeRow.id}`);
  await expect(pane.getByTestId('customer-name')).toHaveText(dupe.name);
  await pane.getByRole('button', { name: 'Merge into…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge into another customer' });
  await dialog.getByLabel('The customer to keep').fill(cora.email);
  await page.getByRole('option', { name: new RegExp(cora.name) }).click();
  await expect(dialog.getByTestId('merge-summary')).toContainText('2 requests');
  await expect(dialog.getByTestId('merge-summary')).toContainText(`${dupe.name} is merged into ${cora.name}`);
  await shoot(page, 'merge-dialog-chosen-1280', false);
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(toast(page, 'Customers merged')).toBeVisible();
  // The page goes to the survivor, whose requests now include the duplicate's.
  await expect(page).toHaveURL(new RegExp(`selected=${coraRow.id}`));
  await expect(pane.getByTestId('customer-name')).toHaveText(cora.name);
  await expect(pane.getByTestId('customer-requests-count')).toHaveText('5');
  await expect(pane.getByTestId('customer-requests')).toContainText(`Ladders ${tag}`);
  await expect(pane.getByTestId('customer-requests')).toContainText(`Trolleys ${tag}`);
  // The merged customer's old link points on to the survivor.
  await page.goto(`/customers?selected=${dupeRow.id}`);
  await expect(pane.getByTestId('customer-merged')).toBeVisible();
  await pane.getByRole('button', { name: 'Open the customer it became' }).click();
  await expect(pane.getByTestId('customer-name')).toHaveText(cora.name);
  // The desk counts the moved requests among the earlier ones.
  await page.goto(`/inquiries?selected=${latest.id}`);
  await expect(page.getByTestId('request-customer-summary')).toHaveText('4 earlier requests, 1 accepted');
  // The merge undone from the merged customer's history: it is back, with its own requests.
  await page.goto(`/customers?selected=${dupeRow.id}`);
  await pane.getByTestId('customer-history').getByRole('button', { name: 'Undo merge' }).first().click();
  await page
    .getByRole('dialog', { name: 'Undo this merge?' })
    .getByRole('button', { name: 'Undo merge' })
    .click();
  await expect(toast(page, 'Merge undone')).toBeVisible();
  await expect(pane.getByTestId('customer-name')).toHaveText(dupe.name);
  await expect(pane.getByTestId('customer-requests-count')).toHaveText('2');
  await expect(pane.getByTestId('customer-requests')).toContainText(`Ladders ${tag}`);

  // The company: its two people, their requests and orders.
  await page.goto('/customers');
  await page
    .getByRole('navigation', { name: 'Customers and companies' })
    .getByRole('link', { name: 'Companies' })
    .click();
  await expect(page).toHaveURL(/\/companies$/);
  await page.getByPlaceholder('Company name').fill(company);
  const companyRow = page.getByTestId('company-row');
  await expect(companyRow).toHaveCount(1);
  await expect(companyRow).toContainText('2 people');
  await companyRow.click();
  const companyPane = page.getByTestId('company-pane');
  await expect(companyPane.getByTestId('company-name')).toHaveText(company);
  const people = companyPane.getByTestId('company-people');
  await expect(people.getByRole('listitem')).toHaveCount(2);
  await expect(people).toContainText(cora.name);
  await expect(people).toContainText(dan.name);
  await expect(companyPane.getByTestId('company-requests')).toContainText(`Bins ${tag}`);
  await expect(companyPane.getByTestId('company-orders')).toContainText(/SO-\d{6}/);
  await companyPane.getByRole('button', { name: 'Edit' }).click();
  await companyPane.getByLabel('Website').fill('https://castle.example');
  await companyPane.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Company saved')).toBeVisible();
  const website = companyPane
    .locator('dl > div', { has: page.locator('dt', { hasText: /^Website$/ }) })
    .locator('dd');
  await expect(website).toHaveText('https://castle.example');
  await shoot(page, 'company-1280');
  // The company as it was made, brought back from its history: the website goes again.
  const companyHistory = companyPane.getByTestId('company-history');
  await expect(companyHistory.locator(':scope > li')).toHaveCount(2);
  await companyHistory.getByRole('button', { name: 'Restore this version' }).click();
  await page
    .getByRole('dialog', { name: 'Restore this version?' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(toast(page, 'Version restored')).toBeVisible();
  await expect(website).toHaveText('—');
  await expect(companyHistory.locator(':scope > li')).toHaveCount(3);
  await expect(companyHistory.locator(':scope > li').first()).toContainText('Restored');
  // A person opens on the Customers screen, filtered to the company.
  await people.getByRole('link', { name: dan.name }).click();
  await expect(page).toHaveURL(/\/customers\?company_id=\d+&selected=\d+/);
  await expect(pane.getByTestId('customer-name')).toHaveText(dan.name);
  await expect(page.getByTestId('customer-row')).toHaveCount(2);

  // The palette finds the customer and the company.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Search and commands' });
  await palette.getByRole('combobox').fill(`Cora Castle ${tag}`);
  await expect(palette.getByRole('group', { name: 'Customers' })).toContainText(cora.name);
  await palette.getByRole('combobox').fill(company);
  await expect(palette.getByRole('group', { name: 'Companies' })).toContainText(company);
  await palette.getByRole('group', { name: 'Companies' }).getByRole('option').first().click();
  await expect(page).toHaveURL(/\/companies\?/);
  await expect(page.getByTestId('company-pane').getByTestId('company-name')).toHaveText(company);
});

// One test per colour scheme: each visits ten screens at two widths with axe, which on a slow
// machine is a budget's worth on its own.
for (const scheme of ['light', 'dark'] as const)
  test(`the screens at a phone width and on a desktop, ${scheme}, and axe on each`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { company, cora, latest } = await seed(request);
    const coraRow = await customerByEmail(request, cora.email);
    await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
    const companyId = coraRow.company?.id as number;
    const findings: string[] = [];
    const screens = [
      ['customers', `/customers?q=${encodeURIComponent(company)}`, null],
      ['customer', `/customers?q=${encodeURIComponent(company)}&selected=${coraRow.id}`, 'customer-pane'],
      ['companies', `/companies?q=${encodeURIComponent(company)}`, null],
      ['company', `/companies?q=${encodeURIComponent(company)}&selected=${companyId}`, 'company-pane'],
      ['desk', `/inquiries?selected=${latest.id}`, 'request-customer'],
    ] as const;
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((s) => localStorage.setItem('stockroom.shell.colorScheme', s), scheme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      for (const [name, path, testId] of screens) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        if (testId) await expect(page.getByTestId(testId)).toBeVisible();
        else
          await expect(
            page.getByTestId(name === 'customers' ? 'customer-row' : 'company-row').first(),
          ).toBeVisible();
        await page.waitForLoadState('networkidle');
        await shoot(page, `${name}-${width}-${scheme}`);
        const result = await new AxeBuilder({ page }).analyze();
        for (const v of result.violations)
          if (v.impact === 'serious' || v.impact === 'critical')
            for (const n of v.nodes)
              findings.push(`${name} ${width} ${scheme}: ${v.id}: ${n.target.join(' ')}`);
      }
      // The merge dialog.
      await page.goto(`/customers?selected=${coraRow.id}`);
      await page.getByTestId('customer-pane').getByRole('button', { name: 'Merge into…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Merge into another customer' });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('The customer to keep').fill('Dan Delve');
      await page
        .getByRole('option', { name: /Dan Delve/ })
        .first()
        .click();
      await expect(dialog.getByTestId('merge-summary')).toBeVisible();
      await page.waitForTimeout(300);
      await shoot(page, `merge-dialog-${width}-${scheme}`, false);
      const result = await new AxeBuilder({ page }).analyze();
      for (const v of result.violations)
        if (v.impact === 'serious' || v.impact === 'critical')
          for (const n of v.nodes) findings.push(`merge ${width} ${scheme}: ${v.id}: ${n.target.join(' ')}`);
    }
    expect(findings).toEqual([]);
  });

test('a role without the right sees no Customers entry and is refused the screen', async ({
  page,
  request,
}) => {
  const headers = await authHeaders(request);
  const tag = uniqueTag('norole');
  const role = await request.post('/api/roles', {
    headers,
    data: { name: `Catalogue only ${tag}`, permissions: ['catalogue.read'] },
  });
  expect(role.status(), await role.text()).toBe(201);
  const user = await createUser(request, { name: `Nadia ${tag}`, role: (await role.json()).key });
  await signInWithStorage(page, request, user.email, user.password);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Products' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Customers' })).toHaveCount(0);
  await page.goto('/customers');
  await expect(page.getByText("You don't have access to this screen")).toBeVisible();
  await page.goto('/companies');
  await expect(page.getByText("You don't have access to this screen")).toBeVisible();

  // A viewer reads customers but is offered no edit, merge or note.
  const viewer = await createUser(request, { name: `Vera ${tag}`, role: 'viewer' });
  const { cora } = await seed(request);
  const coraRow = await customerByEmail(request, cora.email);
  await signInWithStorage(page, request, viewer.email, viewer.password);
  await page.goto(`/customers?selected=${coraRow.id}`);
  const pane = page.getByTestId('customer-pane');
  await expect(pane.getByTestId('customer-name')).toHaveText(cora.name);
  await expect(pane.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(pane.getByRole('button', { name: 'Merge into…' })).toHaveCount(0);
  await expect(pane.getByRole('textbox', { name: 'Add note' })).toHaveCount(0);
  await expect(pane.getByTestId('customer-sees-company')).toBeDisabled();
});

const MY_SHOTS = '.tmp/shots/merge';

test('staff merge a company into another and delete one, each confirmed first', async ({ page, request }) => {
  const tag = uniqueTag('cmp');
  const ana = { name: `Ana ${tag}`, email: uniqueEmail('ana'), company: `Mergeco ${tag}` };
  const ben = { name: `Ben ${tag}`, email: uniqueEmail('ben'), company: `Keepco ${tag}` };
  const cal = { name: `Cal ${tag}`, email: uniqueEmail('cal'), company: `Dropco ${tag}` };
  await acceptedQuote(request, await ask(request, ana, `Racks ${tag}`));
  await ask(request, ben, `Bins ${tag}`);
  await ask(request, cal, `Carts ${tag}`);
  const keep = (await customerByEmail(request, ben.email)).company?.id as number;

  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto(`/companies?q=${encodeURIComponent(ana.company)}`);
  await page.getByTestId('company-row').click();
  const pane = page.getByTestId('company-pane');
  await expect(pane.getByTestId('company-name')).toHaveText(ana.company);
  await pane.getByRole('button', { name: 'Merge into…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge into another company' });
  await dialog.getByLabel('The company to keep').fill(ben.company);
  await page.getByRole('option', { name: ben.company }).click();
  const summary = dialog.getByTestId('company-merge-summary');
  await expect(summary).toContainText(`${ana.company} is merged into ${ben.company}`);
  await expect(summary).toContainText('1 person, with their requests, quotes and orders');
  await expect(summary).toContainText('cannot be undone');
  await page.screenshot({ path: `${MY_SHOTS}/company-merge-1280.png` });
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(toast(page, 'Companies merged')).toBeVisible();
  // The page goes to the survivor, which has both people, the merged one's order among them.
  await expect(page).toHaveURL(new RegExp(`selected=${keep}`));
  await expect(pane.getByTestId('company-name')).toHaveText(ben.company);
  await expect(pane.getByTestId('company-people')).toContainText(ana.name);
  await expect(pane.getByTestId('company-people')).toContainText(ben.name);
  await expect(pane.getByTestId('company-orders')).not.toContainText('No orders');
  await expect(pane.getByTestId('company-requests')).toContainText(`Racks ${tag}`);
  await expect((await customerByEmail(request, ana.email)).company?.id).toBe(keep);
  await page.screenshot({ path: `${MY_SHOTS}/company-merged-1280.png`, fullPage: true });

  // Deleting asks first, saying the people stay; Cancel keeps it.
  await page.goto(`/companies?q=${encodeURIComponent(cal.company)}`);
  await page.getByTestId('company-row').click();
  await expect(pane.getByTestId('company-name')).toHaveText(cal.company);
  await pane.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this company?' });
  await expect(confirm).toContainText('Its 1 person stays, without a company');
  await page.screenshot({ path: `${MY_SHOTS}/company-delete-1280.png` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(pane.getByTestId('company-name')).toHaveText(cal.company);

  // At a phone's width and in dark mode, then deleted for real.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(pane).toBeVisible();
  await page.screenshot({ path: `${MY_SHOTS}/company-390-dark.png`, fullPage: true });
  await pane.getByRole('button', { name: 'Merge into…' }).click();
  await expect(dialog).toHaveCSS('opacity', '1');
  await page.screenshot({ path: `${MY_SHOTS}/company-merge-390-dark.png` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await pane.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toHaveCSS('opacity', '1');
  await page.screenshot({ path: `${MY_SHOTS}/company-delete-390-dark.png` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Company deleted')).toBeVisible();
  await expect(page).not.toHaveURL(/selected=/);
  await expect(page.getByTestId('company-row')).toHaveCount(0);
  // Its person stays, without a company.
  expect((await customerByEmail(request, cal.email)).company).toBeNull();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/companies?selected=${keep}`);
  await expect(pane).toBeVisible();
  await page.screenshot({ path: `${MY_SHOTS}/company-1280.png`, fullPage: true });
});
