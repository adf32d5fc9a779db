import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { startSmtp } from '../../test/smtp';
import { until } from '../../test/until';

/**
 * A sent quote as the customer receives it: the app's own mailer delivers to a real SMTP server on
 * a loopback port; the message's link opens the quote's page, and its PDF's text holds the quote.
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
  });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

describe('sending a quote', () => {
  it("e-mails the customer a link to the quote's page and the quote as a PDF", async () => {
    const bracket = await ctx.admin.ok('POST', '/api/products', {
      name: 'Wall Bracket',
      sku: 'WB-77',
      mrp: 12.5,
    });
    const request = await ctx.as().post('/api/inquiries', {
      name: 'Grace Customer',
      email: 'grace@example.com',
      subject: 'Brackets',
      message: 'Forty, please.',
      company: 'Navy Yard',
      lines: [{ product_id: bracket.id, quantity: 40 }],
    });
    expect(request.statusCode, request.body).toBe(201);
    const { id: inquiryId, reference } = request.json();

    const draft = await ctx.admin.ok('POST', `/api/inquiries/${inquiryId}/quotes`);
    await ctx.admin.ok('PUT', `/api/quotes/${draft.id}`, {
      lines: [
        { product_id: bracket.id, name: 'Wall Bracket', sku: 'WB-77', quantity: 40, unit_price: 11.25 },
      ],
      shipping: 15,
      tax_rate: 20,
      valid_until: '2099-12-31',
    });
    const sent = await ctx.admin.ok('POST', `/api/quotes/${draft.id}/send`);
    // 40 × 11.25 = 450.00; + 15.00 shipping = 465.00; 20 % tax = 93.00; total 558.00.
    expect(sent.total).toBe(558);

    // The quote's e-mail, not the request's acknowledgement sent to the same address before it.
    const mail = await until(() => smtp.to('grace@').find((m) => m.subject?.startsWith('Your quote ')));
    expect(mail.subject).toContain(reference);
    expect(mail.text).toContain(`https://shop.example.com/quote/${sent.token}`);
    // The link opens the customer's page.
    const page = await ctx.as().get(`/api/public/quotes/${sent.token}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ reference, total: 558, can_answer: true });

    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf, 'a PDF attachment').toBeDefined();
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf!.content)), {
      mergePages: true,
    });
    for (const expected of ['Acme Racking', reference, 'Wall Bracket', 'WB-77', '40', '$450.00', '$558.00'])
      expect(text).toContain(expected);
    expect(text).toMatch(/31 December 2099|2099-12-31|Dec(ember)? 31, 2099/);

    // The quote shows its e-mail as delivered once the server has taken it.
    const delivered = await until(async () => {
      const detail = await ctx.admin.ok('GET', `/api/inquiries/${inquiryId}`);
      return detail.quotes[0]?.delivery === 'sent' ? detail.quotes[0] : undefined;
    });
    expect(delivered).toMatchObject({ id: sent.id, status: 'sent', version: 1 });
  });
});
