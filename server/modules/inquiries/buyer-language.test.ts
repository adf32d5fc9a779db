import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, userWithRole } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { startSmtp } from '../../test/smtp';
import { until } from '../../test/until';

/**
 * The buyer's language follows the request (ADR 0036): stored from the shop's POST, answered,
 * changed by staff, and used for everything the buyer receives: the acknowledgement, the quote's
 * e-mail, its PDF and the product names it was sent with. Mail goes through the app's own mailer
 * to a real SMTP server on a loopback port.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestContext({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://shop.example.com',
    COMPANY_NAME: 'Acme Racking',
    INQUIRY_RATE_MAX: '1000',
    LOCALES: 'en,de',
  });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

let n = 0;
const ask = (body: object) => {
  n += 1;
  return ctx.as().post('/api/inquiries', {
    name: 'Greta Käufer',
    email: `greta.${n}@example.com`,
    subject: 'Regale',
    message: 'Bitte ein Angebot.',
    ...body,
  });
};
const requestCount = async () =>
  Number((await ctx.database.pool.query<{ n: string }>('select count(*) as n from inquiries')).rows[0].n);

describe("the request's language", () => {
  it('is stored from the POST and answered, the default when left out', async () => {
    const german = await ask({ locale: 'de' });
    expect(german.statusCode, german.body).toBe(201);
    expect(german.json().locale).toBe('de');
    expect((await ctx.admin.ok('GET', `/api/inquiries/${german.json().id}`)).locale).toBe('de');
    const { rows } = await ctx.database.pool.query('select locale from inquiries where id = $1', [
      german.json().id,
    ]);
    expect(rows[0].locale).toBe('de');

    const plain = await ask({});
    expect(plain.statusCode, plain.body).toBe(201);
    expect((await ctx.admin.ok('GET', `/api/inquiries/${plain.json().id}`)).locale).toBe('en');
  });

  it('refuses a language the shop does not have with a 400 naming locale, storing nothing', async () => {
    const before = await requestCount();
    for (const locale of ['fr', 'DE', 'not a code', 42]) {
      const res = await ask({ locale });
      expect(res.statusCode, String(locale)).toBe(400);
      expect(Object.keys(res.json().details ?? {}), res.body).toContain('locale');
    }
    expect(await requestCount()).toBe(before);
  });

  it('is changed by staff who work requests, recorded in the history', async () => {
    const { id } = (await ask({})).json();
    const changed = await ctx.admin.ok('PATCH', `/api/inquiries/${id}`, { locale: 'de' });
    expect(changed.locale).toBe('de');
    expect(changed.history.at(-1)).toMatchObject({ kind: 'locale', from: 'en', to: 'de' });
    expect(changed.history.at(-1).actor).not.toBeNull();

    // The same language again changes nothing and records nothing.
    const same = await ctx.admin.ok('PATCH', `/api/inquiries/${id}`, { locale: 'de' });
    expect(same.history.filter((e: { kind: string }) => e.kind === 'locale')).toHaveLength(1);

    const bad = await ctx.admin.patch(`/api/inquiries/${id}`, { locale: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toHaveProperty('locale');

    const viewer = await userWithRole(ctx, 'viewer');
    const refused = await ctx.as(viewer.token).patch(`/api/inquiries/${id}`, { locale: 'en' });
    expect(refused.statusCode).toBe(403);
    expect((await ctx.admin.ok('GET', `/api/inquiries/${id}`)).locale).toBe('de');
  });
});

describe('what a German buyer receives', () => {
  it('is in German: the acknowledgement, the quote e-mail, its PDF and the product names', async () => {
    const bracket = await createProduct(ctx.admin, { name: 'Wall Bracket', sku: 'WB-77', mrp: 12.5 });
    const shelf = await createProduct(ctx.admin, { name: 'Shelf Board', sku: 'SB-1', mrp: 20 });
    await ctx.admin.ok('PUT', `/api/products/${bracket.id}/translations/de`, { name: 'Wandhalterung' });

    const res = await ask({
      locale: 'de',
      email: 'greta@example.com',
      lines: [
        { product_id: bracket.id, quantity: 40 },
        { product_id: shelf.id, quantity: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id: inquiryId, reference } = res.json();

    const ack = await until(() => smtp.to('greta@').find((m) => m.subject?.includes('Angebotsanfrage')));
    expect(ack.subject).toBe(`Wir haben Ihre Angebotsanfrage ${reference} erhalten - Acme Racking`);
    expect(ack.text).toContain('Guten Tag,');
    expect(ack.text).toContain(`Ihre Referenz lautet ${reference}.`);
    expect(ack.text).toContain('Ihre Anfragen, Angebote und Bestellungen finden Sie unter');
    expect(ack.text).not.toContain('Thank you');

    const draft = await ctx.admin.ok('POST', `/api/inquiries/${inquiryId}/quotes`);
    await ctx.admin.ok('PUT', `/api/quotes/${draft.id}`, {
      lines: [
        { product_id: bracket.id, name: 'Wall Bracket', sku: 'WB-77', quantity: 40, unit_price: 11.25 },
        // Staff's own words for a line stay as they wrote them.
        { product_id: shelf.id, name: 'Shelf Board, cut to size', sku: 'SB-1', quantity: 2, unit_price: 20 },
      ],
      shipping: 15,
      tax_rate: 19,
      valid_until: '2099-12-31',
    });
    // The draft reads as staff wrote it; the names are the buyer's from the moment it is sent.
    const before = await ctx.admin.ok('GET', `/api/quotes/${draft.id}`);
    expect(before.lines.map((l: { name: string }) => l.name)).toEqual([
      'Wall Bracket',
      'Shelf Board, cut to size',
    ]);
    const sent = await ctx.admin.ok('POST', `/api/quotes/${draft.id}/send`);
    expect(sent.lines.map((l: { name: string }) => l.name)).toEqual([
      'Wandhalterung',
      'Shelf Board, cut to size',
    ]);

    // A later change to the translation does not change the quote sent.
    await ctx.admin.ok('PUT', `/api/products/${bracket.id}/translations/de`, { name: 'Wandkonsole' });
    const page = await ctx.as().get(`/api/public/quotes/${sent.token}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().lines[0].name).toBe('Wandhalterung');
    expect(page.json().locale).toBe('de');

    const mail = await until(() => smtp.to('greta@').find((m) => m.subject?.startsWith('Ihr Angebot ')));
    expect(mail.subject).toBe(`Ihr Angebot ${reference} (Version 1) von Acme Racking`);
    expect(mail.text).toContain('Guten Tag Greta Käufer,');
    expect(mail.text).toContain(`anbei unser Angebot zu Ihrer Anfrage ${reference}, Version 1.`);
    expect(mail.text).toContain('Gültig bis: 31.12.2099');
    expect(mail.text).toContain(`https://shop.example.com/quote/${sent.token}`);
    expect(mail.text).toContain('Das Angebot liegt als PDF bei.');

    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf, 'a PDF attachment').toBeDefined();
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf!.content)), {
      mergePages: true,
    });
    for (const expected of [
      `Angebot ${reference}, Version 1`,
      'Gültig bis 31. Dezember 2099',
      'Erstellt für',
      'Artikel',
      'Einzelpreis',
      'Zwischensumme',
      'MwSt. (19%)',
      'Gesamtbetrag',
      'Dieses Angebot ist gültig bis 31. Dezember 2099.',
      'Seite 1 von 1',
      'Wandhalterung',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Prepared for');

    // The PDF the buyer downloads from the quote's page is the same German one.
    const download = await ctx.as().get(`/api/public/quotes/${sent.token}/pdf`);
    expect(download.statusCode).toBe(200);
    const downloaded = await extractText(await getDocumentProxy(new Uint8Array(download.rawPayload)), {
      mergePages: true,
    });
    expect(downloaded.text).toContain('Erstellt für');
  });

  it('leaves an English request in English, its names as the catalogue has them', async () => {
    const clamp = await createProduct(ctx.admin, { name: 'Beam Clamp', sku: 'BC-3', mrp: 4 });
    await ctx.admin.ok('PUT', `/api/products/${clamp.id}/translations/de`, { name: 'Trägerklemme' });
    const res = await ask({ email: 'eve@example.com', lines: [{ product_id: clamp.id, quantity: 3 }] });
    const { id: inquiryId, reference } = res.json();
    const draft = await ctx.admin.ok('POST', `/api/inquiries/${inquiryId}/quotes`);
    await ctx.admin.ok('PUT', `/api/quotes/${draft.id}`, {
      lines: [{ product_id: clamp.id, name: 'Beam Clamp', sku: 'BC-3', quantity: 3, unit_price: 4 }],
      valid_until: '2099-12-31',
    });
    const sent = await ctx.admin.ok('POST', `/api/quotes/${draft.id}/send`);
    expect(sent.lines[0].name).toBe('Beam Clamp');
    const mail = await until(() => smtp.to('eve@').find((m) => m.subject?.startsWith('Your quote ')));
    expect(mail.subject).toBe(`Your quote ${reference} (version 1) from Acme Racking`);
    expect(mail.text).toContain('Valid until: 2099-12-31');
  });
});
