import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_LOGO_PATH, QUOTE_TEXT } from '#domain/quotes';
import { loadConfig } from '../../config';
import { createTestContext, type TestContext } from '../../test/harness';
import { gif, png, text } from '../../test/images';

/**
 * The customer's side of a quote with the seller configured: the seller block on the page, the
 * PDF by the token, the confirmation with the signed PDF after accepting, and the catalogue
 * price kept beside a changed unit price for staff.
 */
let ctx: TestContext;
const dir = mkdtempSync(path.join(tmpdir(), 'stockroom-seller-'));
let logo: Buffer;
const SELLER = {
  COMPANY_NAME: 'Acme Racking',
  COMPANY_ADDRESS: '1 Dock Road\\nPortsmouth PO1 1AA',
  COMPANY_EMAIL: 'Sales@Acme.example',
  COMPANY_PHONE: '+44 23 9200 0000',
};

beforeAll(async () => {
  logo = await png('#246', 40);
  writeFileSync(path.join(dir, 'logo.png'), logo);
  ctx = await createTestContext({
    ...SELLER,
    COMPANY_LOGO_FILE: path.join(dir, 'logo.png'),
    PUBLIC_URL: 'https://shop.example.com',
    INQUIRY_RATE_MAX: '1000',
    QUOTE_PAGE_RATE_MAX: '6',
  });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dir, { recursive: true, force: true });
});

const q = async <T = Record<string, unknown>>(sqlText: string, params: unknown[] = []) =>
  (await ctx.database.pool.query(sqlText, params)).rows as T[];
const address = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;
const visitor = (method: 'GET' | 'POST', url: string, payload?: object, remoteAddress = address()) =>
  ctx.as().send(method, url, payload, { remoteAddress });

async function pdfText(pdf: Buffer | Uint8Array) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** A request for a product at 144.49, quoted at 120.00 and sent: the ids and the token. */
let racks = 0;
async function overriddenQuote() {
  const sku = `PR-${++racks}`;
  const rack = await ctx.admin.ok('POST', '/api/products', { name: 'Pallet Rack', sku, mrp: 144.49 });
  const request = await visitor('POST', '/api/inquiries', {
    name: 'Quinn Customer',
    email: 'quinn@example.com',
    subject: 'Racks',
    message: 'Two, please.',
    company: 'Quinn Ltd',
    lines: [{ product_id: rack.id, quantity: 2 }],
  });
  expect(request.statusCode, request.body).toBe(201);
  const inquiry = request.json() as { id: number; reference: string };
  const draft = await ctx.admin.ok('POST', `/api/inquiries/${inquiry.id}/quotes`);
  expect(draft.lines).toMatchObject([{ unit_price: 144.49, catalogue_price: 144.49 }]);
  await ctx.admin.ok('PUT', `/api/quotes/${draft.id}`, {
    lines: [
      { product_id: rack.id, name: 'Pallet Rack', sku, quantity: 2, unit_price: 120 },
      { name: 'Fitting', quantity: 1, unit_price: 35 },
    ],
  });
  const sent = await ctx.admin.ok('POST', `/api/quotes/${draft.id}/send`);
  return { inquiry, rack, id: sent.id as number, token: sent.token as string };
}

describe("the customer's page", () => {
  it('answers the seller block with the quote, and never the catalogue price', async () => {
    const { inquiry, token } = await overriddenQuote();
    const res = await visitor('GET', `/api/public/quotes/${token}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ reference: inquiry.reference, company: 'Acme Racking' });
    expect(page.seller).toEqual({
      name: 'Acme Racking',
      address: '1 Dock Road\nPortsmouth PO1 1AA',
      email: 'sales@acme.example',
      phone: '+44 23 9200 0000',
      logo_url: expect.stringMatching(new RegExp(`^${COMPANY_LOGO_PATH}\\?v=[\\w-]{12}$`)),
    });
    expect(page.lines[0]).toMatchObject({ unit_price: 120 });
    expect(res.body).not.toContain('catalogue');

    // The logo the page shows: the configured file, cached by its tag.
    const image = await visitor('GET', page.seller.logo_url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(logo)).toBe(true);
    const again = await ctx
      .as()
      .get(COMPANY_LOGO_PATH, { headers: { 'if-none-match': String(image.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it("serves the quote's PDF to the token holder, with the seller and the reference; a bad token is 404", async () => {
    const { inquiry, token } = await overriddenQuote();
    const res = await visitor('GET', `/api/public/quotes/${token}/pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      `attachment; filename="quote-${inquiry.reference}-v1.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = await pdfText(res.rawPayload);
    for (const expected of [
      'Acme Racking',
      '1 Dock Road',
      'Portsmouth PO1 1AA',
      'sales@acme.example',
      '+44 23 9200 0000',
      'https://shop.example.com/shop',
      `Quote ${inquiry.reference}, version 1`,
      'Quinn Customer',
      '$120.00',
    ])
      expect(pdf).toContain(expected);
    // The customer's PDF holds the price quoted, not the catalogue's.
    expect(pdf).not.toContain('144.49');
    expect(pdf).not.toContain('Signed by');

    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [wrong, 'short', '%3Cscript%3E']) {
      const miss = await visitor('GET', `/api/public/quotes/${bad}/pdf`);
      expect(miss.statusCode, bad).toBe(404);
      expect(miss.json()).toEqual({ error: QUOTE_TEXT.notFound });
    }
    // A draft has no token, so no PDF: only the sent version's token opens one.
    const [{ n }] = await q<{ n: number }>(
      `select count(*)::int as n from quotes where inquiry_id = $1 and status = 'draft'`,
      [inquiry.id],
    );
    expect(n).toBe(0);
  });

  it('counts the PDF with the page in the per-address limit', async () => {
    const { token } = await overriddenQuote();
    const ip = address();
    for (let i = 0; i < 3; i++)
      expect((await visitor('GET', `/api/public/quotes/${token}`, undefined, ip)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await visitor('GET', `/api/public/quotes/${token}/pdf`, undefined, ip)).statusCode).toBe(200);
    const limited = await visitor('GET', `/api/public/quotes/${token}/pdf`, undefined, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: QUOTE_TEXT.tooMany });
  });
});

describe('accepting', () => {
  it('queues one confirmation to the customer, in the same transaction, with the signed PDF', async () => {
    const { inquiry, id, token } = await overriddenQuote();
    const before = await q(
      `select id from outbox where inquiry_id = $1 and to_address = 'quinn@example.com'`,
      [inquiry.id],
    );
    const res = await visitor('POST', `/api/public/quotes/${token}/accept`, { name: 'Quinn Q. Signer' });
    expect(res.statusCode, res.body).toBe(200);
    const [{ answered_at }] = await q<{ answered_at: Date }>('select answered_at from quotes where id = $1', [
      id,
    ]);
    const mails = await q<{
      id: number;
      to_address: string;
      subject: string;
      text_body: string;
      quote_id: number | null;
    }>(
      `select id, to_address, subject, text_body, quote_id from outbox
       where inquiry_id = $1 and kind = 'quote_accepted'`,
      [inquiry.id],
    );
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.to_address).toBe('quinn@example.com');
    expect(mail.subject).toContain(inquiry.reference);
    expect(mail.text_body).toContain('Quinn Q. Signer');
    expect(mail.text_body).toContain('$275.00');
    expect(mail.text_body).toContain(`https://shop.example.com/quote/${token}`);
    expect(mail.text_body).toContain('sales@acme.example');
    // Only the confirmation is new to the customer; the quote's delivery stays its sending's.
    expect(mail.quote_id).toBeNull();
    // No mail server here: the quote's own message is stored, and stays so.
    expect((await ctx.admin.ok('GET', `/api/quotes/${id}`)).delivery).toBe('stored');
    // New to the customer: this confirmation and the order's (orders.test.ts reads that one).
    const toCustomer = `select kind from outbox where inquiry_id = $1 and to_address = 'quinn@example.com'`;
    const after = await q<{ kind: string }>(toCustomer, [inquiry.id]);
    expect(after).toHaveLength(before.length + 2);
    expect(after.filter((m) => m.kind === 'order_confirmed')).toHaveLength(1);

    const files = await q<{ filename: string; content_type: string; content: Buffer }>(
      'select filename, content_type, content from outbox_attachments where outbox_id = $1',
      [mail.id],
    );
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      filename: `quote-${inquiry.reference}-v1-signed.pdf`,
      content_type: 'application/pdf',
    });
    const signed = await pdfText(files[0].content);
    const day = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(answered_at);
    expect(signed).toContain(`Signed by Quinn Q. Signer on ${day} at`);
    expect(signed).toContain(inquiry.reference);
    expect(signed).toContain('Acme Racking');
    // The page's PDF is the signed one from now on.
    expect(await pdfText((await visitor('GET', `/api/public/quotes/${token}/pdf`)).rawPayload)).toContain(
      'Signed by Quinn Q. Signer',
    );

    // A second answer is refused and queues nothing.
    expect((await visitor('POST', `/api/public/quotes/${token}/accept`, { name: 'Again' })).statusCode).toBe(
      409,
    );
    expect(
      await q(`select id from outbox where inquiry_id = $1 and kind = 'quote_accepted'`, [inquiry.id]),
    ).toHaveLength(1);
  });

  it('declining or asking for changes sends the customer no confirmation', async () => {
    for (const [path, body] of [
      ['decline', { reason: 'Too dear' }],
      ['changes', { message: 'Blue ones' }],
    ] as const) {
      const { inquiry, token } = await overriddenQuote();
      expect((await visitor('POST', `/api/public/quotes/${token}/${path}`, body)).statusCode).toBe(200);
      expect(
        await q(`select id from outbox where inquiry_id = $1 and kind = 'quote_accepted'`, [inquiry.id]),
      ).toEqual([]);
    }
  });
});

describe('the catalogue price beside a changed unit price', () => {
  it('is stored with each linked line, kept by the sent version and by a revision, null for a typed line', async () => {
    const { id, rack } = await overriddenQuote();
    expect(
      await q(
        'select unit_price::text, catalogue_price::text from quote_lines where quote_id = $1 order by position',
        [id],
      ),
    ).toEqual([
      { unit_price: '120.00', catalogue_price: '144.49' },
      { unit_price: '35.00', catalogue_price: null },
    ]);
    const sent = await ctx.admin.ok('GET', `/api/quotes/${id}`);
    expect(sent.lines).toMatchObject([
      { name: 'Pallet Rack', unit_price: 120, catalogue_price: 144.49, line_total: 240 },
      { name: 'Fitting', unit_price: 35, catalogue_price: null },
    ]);
    // The catalogue moving later leaves the sent version as it was.
    await ctx.admin.ok('POST', '/api/discounts', {
      name: 'Rack week',
      type: 'amount',
      value: 4.49,
      applies_to: 'product',
      product_id: rack.id,
      active: true,
    });
    expect((await ctx.admin.ok('GET', `/api/quotes/${id}`)).lines[0].catalogue_price).toBe(144.49);
    // A revision starts from the version's lines; saving it prices them again.
    const draft = await ctx.admin.ok('POST', `/api/quotes/${id}/revise`);
    expect(draft.lines[0]).toMatchObject({ unit_price: 120, catalogue_price: 144.49 });
    const saved = await ctx.admin.ok('PUT', `/api/quotes/${draft.id}`, {
      lines: [{ product_id: rack.id, name: 'Pallet Rack', quantity: 2, unit_price: 120 }],
    });
    expect(saved.lines[0]).toMatchObject({ unit_price: 120, catalogue_price: 140 });
  });

  it('may come back in a PUT, as read, and is ignored: the server prices the catalogue itself', async () => {
    const { id } = await overriddenQuote();
    const draft = await ctx.admin.ok('POST', `/api/quotes/${id}/revise`);
    const lines = draft.lines.map(({ line_total: _, ...line }: Record<string, unknown>, i: number) =>
      i === 0 ? { ...line, catalogue_price: 1 } : line,
    );
    const saved = await ctx.admin.ok('PUT', `/api/quotes/${draft.id}`, { lines });
    expect(saved.lines.map((l: { catalogue_price: number | null }) => l.catalogue_price)).toEqual([
      144.49,
      null,
    ]);
  });
});

describe('seller settings', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env });

  it('are optional, and a logo may be a JPEG', async () => {
    expect(load({}).company).toEqual({
      address: undefined,
      email: undefined,
      phone: undefined,
      logo: undefined,
    });
    const jpegFile = path.join(dir, 'logo.jpg');
    const { default: sharp } = await import('sharp');
    writeFileSync(
      jpegFile,
      await sharp({ create: { width: 30, height: 10, channels: 3, background: '#333' } })
        .jpeg()
        .toBuffer(),
    );
    expect(load({ COMPANY_LOGO_FILE: jpegFile }).company.logo?.contentType).toBe('image/jpeg');
  });

  it.each([
    [{ COMPANY_EMAIL: 'not-an-address' }, /COMPANY_EMAIL: must be an e-mail address/],
    [{ COMPANY_PHONE: 'call us' }, /COMPANY_PHONE: must be a phone number/],
    [{ COMPANY_ADDRESS: 'x'.repeat(301) }, /COMPANY_ADDRESS: must be at most 300 characters/],
    [{ COMPANY_LOGO_FILE: '/nowhere/logo.png' }, /COMPANY_LOGO_FILE: cannot read/],
  ])('refuses %o at start', (env, message) => {
    expect(() => load(env)).toThrow(message);
  });

  it('refuses a logo that is not a PNG or JPEG, or too large, at start', async () => {
    const cases: [string, Buffer, RegExp][] = [
      ['logo.gif', await gif(), /COMPANY_LOGO_FILE: must be a PNG or JPEG image/],
      ['logo.txt', text, /COMPANY_LOGO_FILE: must be a PNG or JPEG image/],
      [
        'broken.png',
        Buffer.concat([logo.subarray(0, 8), Buffer.from('nothing')]),
        /COMPANY_LOGO_FILE: is not a readable/,
      ],
      [
        'huge.png',
        Buffer.concat([logo, Buffer.alloc(600 * 1024)]),
        /COMPANY_LOGO_FILE: must be at most 512 KB/,
      ],
    ];
    for (const [name, bytes, message] of cases) {
      writeFileSync(path.join(dir, name), bytes);
      expect(() => load({ COMPANY_LOGO_FILE: path.join(dir, name) }), name).toThrow(message);
    }
  });
});
