import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiCreateCategory, authHeaders, pngFile, uniqueTag } from './catalog';
import { E2E } from './env';
import { createUser, signInWithStorage } from './fixtures';
import { apiCreateProduct, apiUploadImages } from './products';

/**
 * XSS: records whose every text field is hostile markup, shown on every screen that shows
 * them. Nothing may run (window.__xss stays unset, no dialog), nothing may be parsed as markup (no
 * injected element, no CSP violation, which would mean markup reached the DOM and only the CSP
 * stopped it), and the hostile text must be there, literally, as text.
 */

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '"><svg onload=window.__xss=1>';
const JS_URL = 'javascript:window.__xss=1';

type Hostile = {
  tag: string;
  category: { id: number; name: string; childName: string };
  brand: { id: number; name: string };
  product: { id: number; slug: string; name: string; sku: string };
  texts: Record<string, string>;
  editor: { email: string; password: string; name: string };
  discountName: string;
  inquiry: { name: string; subject: string; message: string; company: string };
};

async function post(request: APIRequestContext, url: string, data: object, expected = 201) {
  const res = await request.post(url, { data, headers: await authHeaders(request) });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(expected);
  return res.json();
}

async function seedHostile(request: APIRequestContext): Promise<Hostile> {
  const tag = uniqueTag('x');
  const category = await apiCreateCategory(request, { name: `${IMG} ${tag}` });
  const child = await apiCreateCategory(request, { name: `${SVG} ${tag}`, parent_id: category.id });
  await request.put(`/api/categories/${category.id}`, {
    headers: await authHeaders(request),
    data: { name: category.name, description: `${SCRIPT} cat ${tag}` },
  });
  const brand = await post(request, '/api/brands', {
    name: `${SVG} brand ${tag}`,
    description: `${IMG} ${tag}`,
  });
  const product = await apiCreateProduct(request, {
    name: `${IMG} product ${tag}`,
    sku: `<svg onload=1>${tag}`,
    brand_id: brand.id,
    category_id: child.id,
    description: `${SCRIPT} ${SVG} desc ${tag}`,
    mrp: 99,
  });
  await apiUploadImages(request, product.id, [await pngFile(`${SVG}.png`)]);
  const texts = {
    listTitle: `${SCRIPT} list ${tag}`,
    listItem: `${IMG} item ${tag}`,
    listItem2: `${JS_URL} item ${tag}`,
    specGroup: `${SVG} specs ${tag}`,
    specLabel: `${IMG} label`,
    specValue: `${SCRIPT} value`,
    tableHeading: `${IMG} table ${tag}`,
    column: `${SCRIPT} col`,
    cell: `${SVG} cell`,
    cellUrl: JS_URL,
    note: `${IMG} note ${tag}`,
  };
  await post(request, `/api/products/${product.id}/lists`, {
    title: texts.listTitle,
    items: [{ caption: texts.listItem }, { caption: texts.listItem2 }],
  });
  await post(request, `/api/products/${product.id}/spec-groups`, {
    name: texts.specGroup,
    specs: [{ label: texts.specLabel, value: texts.specValue, unit: '<b>u</b>' }],
  });
  await post(request, `/api/products/${product.id}/tables`, {
    heading: texts.tableHeading,
    columns: [texts.column, 'Link'],
    rows: [[texts.cell, texts.cellUrl]],
    note: texts.note,
  });
  const discountName = `${SCRIPT} discount ${tag}`;
  await post(request, '/api/discounts', {
    name: discountName,
    type: 'percent',
    value: 10,
    applies_to: 'product',
    product_id: product.id,
    ends_at: new Date(Date.now() + 3600_000).toISOString().slice(0, 19).replace('T', ' '),
  });
  const editor = await createUser(request, { name: `${IMG} ${tag}`, email: `xss-${tag}@e2e.test` });
  const inquiry = {
    name: `${SVG} visitor ${tag}`,
    subject: `${IMG} subject ${tag}`,
    message: `${SCRIPT} ${JS_URL} ${tag}`,
    company: `${SVG} company ${tag}`,
  };
  // Visitors send without a token; the email must be a real address, so no markup gets that far.
  const hostileEmail = await request.post('/api/inquiries', {
    data: { ...inquiry, email: `"<img src=x onerror=window.__xss=1>"@example.com` },
  });
  expect(hostileEmail.status()).toBe(400);
  const sent = await request.post('/api/inquiries', {
    data: {
      ...inquiry,
      email: `xss-${tag}@example.com`,
      phone: '<svg onload=1>',
      product_id: product.id,
      // The basket's line copies the product's hostile name and SKU.
      lines: [{ product_id: product.id, quantity: 2 }],
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return {
    tag,
    category: { id: category.id, name: category.name, childName: child.name },
    brand: { id: brand.id, name: brand.name },
    product: { id: product.id, slug: product.slug, name: product.name, sku: product.sku ?? '' },
    texts,
    editor: { email: editor.email, password: editor.password, name: editor.name },
    discountName,
    inquiry,
  };
}

/** Watches a page for anything hostile markup could do. */
function guard(page: Page) {
  const dialogs: string[] = [];
  const cspConsole: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(m.text())) cspConsole.push(m.text());
  });
  void page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
  return async (where: string) => {
    const state = await page.evaluate(() => {
      const w = window as unknown as { __xss?: unknown; __cspViolations?: string[] };
      return {
        xss: w.__xss,
        violations: w.__cspViolations ?? [],
        injected: document.querySelectorAll(
          'img[src="x"], img[onerror], svg[onload], [onload], [onerror], iframe, object, embed',
        ).length,
        // A JSON-LD block (the shop's structured data) is data that never runs: hostile names
        // are in it, escaped, by design.
        inlineScripts: [...document.querySelectorAll('script')].filter(
          (s) => s.type !== 'application/ld+json' && s.textContent?.includes('__xss'),
        ).length,
        jsLinks: [...document.querySelectorAll('a[href], [src], form[action]')]
          .map((e) => e.getAttribute('href') ?? e.getAttribute('src') ?? e.getAttribute('action') ?? '')
          .filter((v) => /^\s*javascript:/i.test(v)),
      };
    });
    expect(state.xss, `${where}: window.__xss`).toBeUndefined();
    expect(state.injected, `${where}: elements parsed from hostile text`).toBe(0);
    expect(state.inlineScripts, `${where}: injected scripts`).toBe(0);
    expect(state.jsLinks, `${where}: javascript: URLs`).toEqual([]);
    // Any report means markup reached the DOM and only the CSP stopped it (zod runs jitless,
    // web/main.tsx, so it does not probe eval).
    expect(state.violations, `${where}: CSP violations`).toEqual([]);
    expect(cspConsole, `${where}: CSP console messages`).toEqual([]);
    expect(dialogs, `${where}: dialogs`).toEqual([]);
  };
}

/** Everything a person can read on the page, including what sits in form fields. */
const readable = (page: Page) =>
  page.evaluate(() =>
    [
      document.body.innerText,
      ...[...document.querySelectorAll('input, textarea')].map((e) => (e as HTMLInputElement).value),
    ].join('\n'),
  );

async function expectLiteral(page: Page, where: string, texts: string[]) {
  for (const text of texts) {
    await expect
      .poll(async () => (await readable(page)).includes(text), {
        message: `${where} shows ${JSON.stringify(text)}`,
      })
      .toBe(true);
  }
}

test.describe.configure({ mode: 'serial' });

let hostile: Hostile;
test.beforeAll(async ({ request }) => {
  hostile = await seedHostile(request);
});

test('hostile catalogue text is shown as text on every staff screen, and nothing runs', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const check = guard(page);
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  const h = hostile;
  // List screens are searched for the tag: other tests, running alongside, add rows that can push
  // these off the first page.
  const LISTS = new Set(['/categories', '/brands', '/products', '/discounts', '/inquiries', '/users']);
  const screens: [string, string[]][] = [
    ['/', [h.inquiry.name]],
    ['/categories', [h.category.name]],
    ['/brands', [h.brand.name]],
    ['/products', [h.product.name]],
    [`/product/${h.product.slug}`, [h.product.name, h.texts.listTitle, h.texts.tableHeading]],
    [
      `/product/${h.product.slug}/preview`,
      [
        h.product.name,
        h.texts.listTitle,
        h.texts.listItem,
        h.texts.listItem2,
        h.texts.specGroup,
        h.texts.specLabel,
        h.texts.specValue,
        h.texts.tableHeading,
        h.texts.column,
        h.texts.cell,
        h.texts.cellUrl,
        h.texts.note,
      ],
    ],
    ['/discounts', [h.discountName]],
    ['/inquiries', [h.inquiry.name, h.inquiry.subject]],
    ['/users', [h.editor.name]],
  ];
  for (const [url, texts] of screens) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    if (LISTS.has(url)) await page.getByRole('searchbox', { name: 'Search' }).fill(h.tag);
    await expectLiteral(page, url, texts);
    await check(url);
  }
  // The inquiry's message, company and basket show once it is opened.
  await page.goto('/inquiries');
  await page.getByRole('searchbox', { name: 'Search' }).fill(h.tag);
  await page.getByText(h.inquiry.subject).first().click();
  await expectLiteral(page, 'inquiry pane', [h.inquiry.message, h.inquiry.company, h.product.sku]);
  await expect(page.getByRole('table').getByRole('link', { name: h.product.name })).toBeVisible();
  await check('inquiry pane');
  // Dashboard lists (latest requests, discounts ending soon) name them too.
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await check('dashboard');
});

test('a hostile staff name is shown as text in the shell and on the profile', async ({ page, request }) => {
  const check = guard(page);
  await signInWithStorage(page, request, hostile.editor.email, hostile.editor.password);
  for (const url of ['/', '/profile', '/products']) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await expectLiteral(page, url, [hostile.editor.name]);
    await check(url);
  }
});

test('hostile catalogue text is shown as text in the shop, to visitors, and nothing runs', async ({
  page,
}) => {
  const check = guard(page);
  const h = hostile;
  const productTexts = [
    h.product.name,
    h.brand.name,
    h.category.name,
    h.category.childName,
    h.texts.listTitle,
    h.texts.listItem,
    h.texts.listItem2,
    h.texts.specGroup,
    h.texts.specLabel,
    h.texts.specValue,
    h.texts.tableHeading,
    h.texts.column,
    h.texts.cell,
    h.texts.cellUrl,
    h.texts.note,
  ];
  const pages: [string, string[]][] = [
    [`/shop?q=${encodeURIComponent(h.tag)}`, [h.product.name, h.brand.name, h.category.name]],
    [`/shop/${h.product.slug}`, productTexts],
    // A hostile search is echoed as text in the heading, the field and the filter chips.
    [`/shop?q=${encodeURIComponent(SVG)}`, [SVG]],
  ];
  for (const [url, texts] of pages) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await expectLiteral(page, url, texts);
    await check(url);
  }
  // The basket draws its lines in the browser, from what the product page stored.
  await page.goto(`/shop/${h.product.slug}`);
  await page.getByRole('button', { name: 'Add to quote' }).click();
  await page.goto('/shop/quote');
  await expect(page.locator('.basket-line')).toHaveCount(1);
  await expectLiteral(page, 'quote basket', [h.product.name]);
  await check('quote basket');
});

test('hostile notes and quote texts are shown as text at the desk and on the customer page', async ({
  page,
  request,
  browser,
}) => {
  const check = guard(page);
  const h = hostile;
  const headers = await authHeaders(request);
  const found = await (
    await request.get(`/api/inquiries?q=${encodeURIComponent(h.tag)}`, { headers })
  ).json();
  const id = found.data[0].id as number;
  const note = `${SCRIPT} note ${h.tag}`;
  await post(request, `/api/inquiries/${id}/notes`, { body: note });
  const draft = await post(request, `/api/inquiries/${id}/quotes`, {});
  const texts = {
    shipping: `${SVG} courier`,
    note: `${IMG} note to the customer ${h.tag}`,
    terms: `${JS_URL} terms ${h.tag}`,
    line: `${SCRIPT} free line ${h.tag}`,
  };
  const put = await request.put(`/api/quotes/${draft.id}`, {
    headers,
    data: {
      lines: [
        ...draft.lines.map(({ line_total: _t, ...line }: Record<string, unknown>) => line),
        { product_id: null, name: texts.line, sku: '<b>x</b>', quantity: 1, unit_price: 5 },
      ],
      shipping: 3,
      shipping_label: texts.shipping,
      note: texts.note,
      terms: texts.terms,
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  const sent = await post(request, `/api/quotes/${draft.id}/send`, {}, 200);

  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto(`/inquiries?q=${encodeURIComponent(h.tag)}&selected=${id}`);
  await expect(page.getByTestId('pane-notes')).toBeVisible();
  await expectLiteral(page, 'desk pane', [note]);
  await check('desk pane');
  await page.goto(`/inquiries/${id}/quotes/${draft.id}`);
  await expect(page.getByTestId('quote-document')).toBeVisible();
  await expectLiteral(page, 'quote builder', [texts.line, texts.note, texts.terms, h.product.name]);
  await check('quote builder');

  const visitor = await browser.newContext();
  const customer = await visitor.newPage();
  const checkCustomer = guard(customer);
  await customer.goto(`/quote/${sent.token}`);
  await expect(customer.getByTestId('quote-document')).toBeVisible();
  await expectLiteral(customer, 'customer page', [texts.line, texts.note, texts.terms, h.inquiry.name]);
  await checkCustomer('customer page');
  await visitor.close();
});
