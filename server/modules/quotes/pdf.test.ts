import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '#domain/money';
import { NO_APPROVAL_RULES, NOT_ASKED, quoteApproval } from '#domain/quote-approval';
import { centsToNumber, type Quote, quoteTotals } from '#domain/quotes';
import { renderQuotePdf } from './pdf';

/** A sent quote with its totals worked out by the one rule, as the quotes service answers it. */
function sampleQuote(overrides: Partial<Quote> = {}, lineCount = 6): Quote {
  const lines = Array.from({ length: lineCount }, (_, i) => ({
    product_id: i + 1,
    name:
      i === 1
        ? 'Heavy-duty pallet rack upright frame, galvanised, 2440 mm, with base plates'
        : `Part ${i + 1}`,
    sku: `SKU-${1000 + i}`,
    // The first line is a variant; the rest are as lines from before variants read.
    variant_id: i === 0 ? 501 : null,
    options: (i === 0 ? { Size: 'M', Finish: 'Zinc' } : {}) as Record<string, string>,
    quantity: i + 2,
    unit_price: (1999 + i * 1000) / 100,
    discount_percent: i % 3 === 0 ? 12.5 : 0,
  }));
  const base = {
    shipping: 45,
    tax_rate: 20,
    ...overrides,
  };
  const totals = quoteTotals({ lines, shipping: base.shipping, tax_rate: base.tax_rate });
  return {
    id: 7,
    inquiry_id: 3,
    version: 2,
    status: 'sent',
    lines: lines.map((l, i) => ({
      ...l,
      catalogue_price: null,
      price_source: null,
      line_total: centsToNumber(totals.lines[i]),
    })),
    subtotal: centsToNumber(totals.subtotal),
    shipping: base.shipping,
    shipping_label: 'Pallet delivery',
    tax_rate: base.tax_rate,
    tax: centsToNumber(totals.tax),
    total: centsToNumber(totals.total),
    currency: 'EUR',
    valid_until: '2026-12-24',
    note: 'Prices include assembly on site.',
    terms: 'Payment within 30 days of delivery.',
    token: 'abcdefghijklmnopqrstuvwxyz',
    expired: false,
    expired_at: null,
    created_at: '2026-11-20T10:00:00.000Z',
    sent_at: '2026-11-24T10:00:00.000Z',
    answer: null,
    delivery: 'sent',
    delivery_detail: null,
    approval: quoteApproval(NOT_ASKED, [], NO_APPROVAL_RULES),
    ...overrides,
  };
}

const input = (quote: Quote) => ({
  companyName: 'Acme Racking Ltd',
  reference: 'Q-2026-0042',
  customer: { name: 'Grace Hopper', email: 'grace@example.com', company: 'Navy Yard' },
  quote,
});

async function textOf(pdf: Buffer) {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(doc, { mergePages: true });
  // Extraction may break a line anywhere whitespace was; compare on single spaces.
  return { pages: totalPages, text: text.replace(/\s+/g, ' ') };
}

/** Kept for a person to look at (converted to PNG with pdftoppm when it is there). */
function keep(name: string, pdf: Buffer) {
  const dir = path.resolve('.tmp/shots/quote-pdf');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), pdf);
}

describe('renderQuotePdf', () => {
  it('holds the company, reference, customer, every line, the totals, the validity and the texts', async () => {
    const quote = sampleQuote();
    const pdf = await renderQuotePdf(input(quote));
    keep('short.pdf', pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await textOf(pdf);
    expect(pages).toBe(1);
    for (const expected of [
      'Acme Racking Ltd',
      'Quote Q-2026-0042, version 2',
      'Grace Hopper',
      'Navy Yard',
      'grace@example.com',
      'Valid until 24 December 2026',
      'Shipping (Pallet delivery)',
      'Tax (20%)',
      'Prices include assembly on site.',
      'Payment within 30 days of delivery.',
      'Page 1 of 1',
    ])
      expect(text).toContain(expected);
    for (const line of quote.lines) {
      expect(text).toContain(line.sku);
      expect(text).toContain(formatMoney(line.unit_price, 'EUR'));
      expect(text).toContain(formatMoney(line.line_total, 'EUR'));
    }
    expect(text).toContain('Part 6');
    expect(text).toMatch(/Heavy-duty pallet rack upright frame, galvanised, 2440 mm, with base plates/);
    // Quantities 2…7, each as its own cell.
    for (const line of quote.lines)
      expect(text).toMatch(new RegExp(`SKU-${1000 + line.quantity - 2} ${line.quantity} `));
    expect(text).toContain('12.5%');
    // A variant's options print under its name; a line without options prints its name alone.
    expect(text).toMatch(/Part 1\s+Size: M, Finish: Zinc/);
    expect(text.match(/Size: /g)).toHaveLength(1);
    for (const amount of [quote.subtotal, quote.shipping, quote.tax, quote.total])
      expect(text).toContain(formatMoney(amount, 'EUR'));
    // The totals are the one rule's: 20 % on subtotal plus shipping.
    expect(quote.total).toBeCloseTo((quote.subtotal + quote.shipping) * 1.2, 2);
  });

  it('runs onto further pages when long, repeating the table header and numbering the pages', async () => {
    const note = Array.from(
      { length: 60 },
      (_, i) =>
        `Paragraph ${i + 1}: delivery is to the loading bay; please allow a forklift and two hours on site.`,
    ).join('\n\n');
    const quote = sampleQuote({ note }, 40);
    const pdf = await renderQuotePdf(input(quote));
    keep('long.pdf', pdf);
    const { pages, text } = await textOf(pdf);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('SKU-1039');
    expect(text).toContain('Paragraph 60: delivery is to the loading bay');
    expect(text).toContain(formatMoney(quote.total, 'EUR'));
    // The header row again on the page the table continues on.
    expect(text.match(/Item SKU Qty Unit price Discount Line total/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('shows money in a currency whose symbol the PDF fonts lack by its code, and odd letters as ?', async () => {
    const quote = sampleQuote({ currency: 'INR' }, 2);
    const pdf = await renderQuotePdf({
      ...input(quote),
      customer: { name: 'Zoë 李', email: 'zoe@example.com', company: null },
    });
    const { text } = await textOf(pdf);
    expect(text).toContain('INR');
    expect(text).toContain('Zoë ?');
    expect(text).not.toContain('Navy Yard');
  });

  it("prints when it was issued and signed as the seller's day and clock (TIMEZONE)", async () => {
    // 23:30 on the 24th in UTC is already the 25th in Auckland (UTC+13 in summer).
    const quote = sampleQuote(
      {
        sent_at: '2026-11-24T23:30:00.000Z',
        status: 'accepted',
        answer: {
          kind: 'accepted',
          name: 'Grace Hopper',
          at: '2026-11-24T23:45:00.000Z',
          message: null,
          address: '10.0.0.1',
        },
      },
      1,
    );
    const seller = { timeZone: 'Pacific/Auckland' };
    const { text } = await textOf(await renderQuotePdf({ ...input(quote), seller }));
    expect(text).toContain('Issued 25 November 2026');
    expect(text).toContain('Signed by Grace Hopper on 25 November 2026 at 12:45 (Pacific/Auckland)');
    expect(text).toContain('Valid until 24 December 2026');
    const utc = (await textOf(await renderQuotePdf(input(quote)))).text;
    expect(utc).toContain('Issued 24 November 2026');
  });
});
