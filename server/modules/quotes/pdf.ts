import PDFDocument from 'pdfkit';
import type { Quote } from '#domain/quotes';
import { money, printable } from '../shared/pdf-text';

/** Who the quote is from, beyond the name: what the business configured (COMPANY_*). */
type PdfSeller = {
  address?: string | null;
  email?: string | null;
  phone?: string | null;
  /** PNG or JPEG bytes (checked at start: logo.ts). */
  logo?: Buffer | null;
  /** The shop's catalogue, as an absolute URL. */
  shopUrl?: string | null;
};

export type QuotePdfInput = {
  companyName: string;
  seller?: PdfSeller;
  /** The request's reference, as the customer knows it. */
  reference: string;
  customer: { name: string; email: string; company: string | null };
  quote: Quote;
};

// A4 in points, and the page's margins.
const PAGE = { width: 595.28, height: 841.89, margin: 50 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Room kept under the content for the page number. */
const FOOTER = 30;

/** The table's columns: widths in points (summing to the content width) and alignment. */
const COLUMNS = [
  { key: 'name', title: 'Item', width: 175, align: 'left' },
  { key: 'sku', title: 'SKU', width: 80, align: 'left' },
  { key: 'quantity', title: 'Qty', width: 40, align: 'right' },
  { key: 'unit', title: 'Unit price', width: 70, align: 'right' },
  { key: 'discount', title: 'Discount', width: 50, align: 'right' },
  { key: 'total', title: 'Line total', width: 80.28, align: 'right' },
] as const;
const CELL_PAD = 4;
/** The box a logo is fitted into, top left, keeping its proportions. */
const LOGO = { width: 160, height: 48 } as const;

const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;
const GREY = '#555555';
const RULE = '#bbbbbb';

const percent = (n: number) => `${Number(n.toFixed(2))}%`;

/** 'YYYY-MM-DD' as '25 December 2026', read as a calendar day (UTC). */
const longDate = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day.slice(0, 10)}T00:00:00Z`));

/** An ISO time as '27 November 2026 at 14:05 UTC'. */
const longTime = (iso: string) => {
  const at = new Date(iso);
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(at);
  return `${longDate(at.toISOString())} at ${time} UTC`;
};

/**
 * A quote as a PDF the customer can keep: the company (its logo and contact details), the
 * reference and version, the customer, the lines, the totals, the validity, who accepted it and
 * when (once accepted), the note and the terms. Its text is real text (standard
 * PDF fonts), so it can be searched, copied and read by a screen reader; long quotes run onto
 * further pages, the table's header repeated, each page numbered.
 */
export function renderQuotePdf(input: QuotePdfInput): Promise<Buffer> {
  const { quote } = input;
  const currency = quote.currency;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.margin + FOOTER },
    bufferPages: true,
    info: {
      Title: printable(`Quote ${input.reference}${quote.version ? ` (version ${quote.version})` : ''}`),
      Author: printable(input.companyName),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  const bottom = () => PAGE.height - PAGE.margin - FOOTER;

  // --- Heading ---------------------------------------------------------------------------------
  const seller = input.seller ?? {};
  let top = PAGE.margin;
  if (seller.logo) {
    try {
      doc.image(seller.logo, left, top, { fit: [LOGO.width, LOGO.height] });
      top += LOGO.height + 8;
    } catch {
      // A logo the PDF cannot draw leaves the name alone rather than the customer without a PDF.
    }
  }
  doc.font(FONT.bold).fontSize(20).fillColor('black').text(printable(input.companyName), left, top);
  const contact = [
    ...(seller.address ?? '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
    [seller.email, seller.phone].filter(Boolean).join(' · '),
    seller.shopUrl ?? '',
  ].filter(Boolean);
  if (contact.length) {
    doc.font(FONT.regular).fontSize(9).fillColor(GREY);
    for (const line of contact) doc.text(printable(line), { width: CONTENT_WIDTH });
    doc.fillColor('black');
  }
  doc.moveDown(0.6);
  doc
    .font(FONT.bold)
    .fontSize(14)
    .text(printable(`Quote ${input.reference}${quote.version ? `, version ${quote.version}` : ' (draft)'}`));
  doc.font(FONT.regular).fontSize(10).fillColor(GREY);
  if (quote.sent_at) doc.text(`Issued ${longDate(quote.sent_at)}`);
  doc.text(`Valid until ${longDate(quote.valid_until)}`);
  doc.moveDown(1);

  doc.font(FONT.bold).fontSize(10).fillColor('black').text('Prepared for');
  doc.font(FONT.regular).text(printable(input.customer.name));
  if (input.customer.company) doc.text(printable(input.customer.company));
  doc.text(printable(input.customer.email));
  doc.moveDown(1.2);

  // --- Lines -----------------------------------------------------------------------------------
  const cellWidth = (w: number) => w - 2 * CELL_PAD;
  function row(cells: string[], font: string) {
    doc.font(font).fontSize(9);
    const height =
      Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: cellWidth(COLUMNS[i].width) }))) +
      2 * CELL_PAD;
    return {
      height,
      draw(y: number) {
        let x = left;
        cells.forEach((cell, i) => {
          doc.font(font).fontSize(9).fillColor('black');
          doc.text(cell, x + CELL_PAD, y + CELL_PAD, {
            width: cellWidth(COLUMNS[i].width),
            align: COLUMNS[i].align,
            lineBreak: true,
          });
          x += COLUMNS[i].width;
        });
        doc
          .moveTo(left, y + height)
          .lineTo(left + CONTENT_WIDTH, y + height)
          .lineWidth(0.5)
          .strokeColor(RULE)
          .stroke();
      },
    };
  }
  const header = row(
    COLUMNS.map((c) => c.title),
    FONT.bold,
  );
  let y = doc.y;
  header.draw(y);
  y += header.height;
  for (const line of quote.lines) {
    const r = row(
      [
        printable(line.name),
        printable(line.sku ?? ''),
        String(line.quantity),
        money(line.unit_price, currency),
        line.discount_percent ? percent(line.discount_percent) : '',
        money(line.line_total, currency),
      ],
      FONT.regular,
    );
    if (y + r.height > bottom()) {
      doc.addPage();
      y = PAGE.margin;
      header.draw(y);
      y += header.height;
    }
    r.draw(y);
    y += r.height;
  }

  // --- Totals ----------------------------------------------------------------------------------
  const totals: [string, string, boolean][] = [
    ['Subtotal', money(quote.subtotal, currency), false],
    [
      printable(quote.shipping_label ? `Shipping (${quote.shipping_label})` : 'Shipping'),
      money(quote.shipping, currency),
      false,
    ],
    [`Tax (${percent(quote.tax_rate)})`, money(quote.tax, currency), false],
    ['Total', money(quote.total, currency), true],
  ];
  const labelWidth = 200;
  const amountWidth = COLUMNS[5].width;
  const labelX = left + CONTENT_WIDTH - amountWidth - labelWidth;
  y += 8;
  if (y + totals.length * 18 > bottom()) {
    doc.addPage();
    y = PAGE.margin;
  }
  for (const [label, amount, strong] of totals) {
    doc
      .font(strong ? FONT.bold : FONT.regular)
      .fontSize(strong ? 11 : 10)
      .fillColor('black');
    const h = Math.max(
      doc.heightOfString(label, { width: labelWidth - CELL_PAD }),
      doc.heightOfString(amount, { width: amountWidth - CELL_PAD }),
    );
    doc.text(label, labelX, y, { width: labelWidth - CELL_PAD, align: 'right' });
    doc.text(amount, labelX + labelWidth, y, { width: amountWidth - CELL_PAD, align: 'right' });
    y += h + 6;
  }

  // --- Validity, note, terms: running text, onto further pages as it needs -----------------------
  doc.x = left;
  doc.y = y + 10;
  doc
    .font(FONT.bold)
    .fontSize(10)
    .text(`This quote is valid until ${longDate(quote.valid_until)}.`, left, doc.y, { width: CONTENT_WIDTH });
  if (quote.answer?.kind === 'accepted') {
    // The signature the customer typed, and when: the record both sides keep.
    doc.moveDown(1);
    doc.font(FONT.bold).fontSize(11).text('Accepted', left, doc.y, { width: CONTENT_WIDTH });
    doc.moveDown(0.3);
    doc
      .font(FONT.regular)
      .fontSize(10)
      .text(printable(`Signed by ${quote.answer.name ?? ''} on ${longTime(quote.answer.at)}.`), left, doc.y, {
        width: CONTENT_WIDTH,
      });
  }
  for (const [title, body] of [
    ['Note', quote.note],
    ['Terms', quote.terms],
  ] as const) {
    if (!body) continue;
    doc.moveDown(1);
    doc.font(FONT.bold).fontSize(11).text(title, left, doc.y, { width: CONTENT_WIDTH });
    doc.moveDown(0.3);
    doc.font(FONT.regular).fontSize(10).text(printable(body), left, doc.y, { width: CONTENT_WIDTH });
  }

  // --- Page numbers --------------------------------------------------------------------------------
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    // Written in the bottom margin, which would otherwise start a new page.
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    doc
      .font(FONT.regular)
      .fontSize(8)
      .fillColor(GREY)
      .text(
        printable(`${input.companyName} · Quote ${input.reference} · Page ${i + 1} of ${pages.count}`),
        left,
        PAGE.height - PAGE.margin - 10,
        { width: CONTENT_WIDTH, align: 'center', lineBreak: false },
      );
    doc.page.margins = margins;
  }
  doc.end();
  return done;
}
