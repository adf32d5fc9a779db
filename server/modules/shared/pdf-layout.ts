import PDFDocument from 'pdfkit';
import { buyerTexts } from '#domain/buyer-texts';
import type { Translate } from '#domain/i18n';
import { todayIn } from '#domain/time-zone';
import { describeOptions, optionsList } from '#domain/variants';
import { money, printable } from './pdf-text';

/**
 * The page the quote's and the order's PDFs share: A4, the seller's heading, the lines' table
 * (its header repeated on each page), the totals and the numbered footer. Each document adds its
 * own words between them.
 */

// A4 in points, and the page's margins.
export const PAGE = { width: 595.28, height: 841.89, margin: 50 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Room kept under the content for the page number. */
const FOOTER = 30;

/** The table's columns: widths in points (summing to the content width), alignment and title key. */
const COLUMNS = [
  { title: 'pdf.item', width: 175, align: 'left' },
  { title: 'pdf.sku', width: 80, align: 'left' },
  { title: 'pdf.quantity', width: 40, align: 'right' },
  { title: 'pdf.unitPrice', width: 70, align: 'right' },
  { title: 'pdf.discount', width: 50, align: 'right' },
  { title: 'pdf.lineTotal', width: 80.28, align: 'right' },
] as const;
/** The table's and the totals' words in English, for a document that names no buyer's language. */
const ENGLISH = buyerTexts('en', 'quote');
const CELL_PAD = 4;
/** The box a logo is fitted into, top left, keeping its proportions. */
const LOGO = { width: 160, height: 48 } as const;

export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;
export const GREY = '#555555';
const RULE = '#bbbbbb';

const percent = (n: number) => `${Number(n.toFixed(2))}%`;

/**
 * A day ('YYYY-MM-DD') or an ISO time as '25 December 2026' ('25. Dezember 2026' in German),
 * read as a calendar day (UTC).
 */
export const longDate = (day: string, locale = 'en-GB') =>
  new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day.slice(0, 10)}T00:00:00Z`));

/** An instant as the seller's calendar day, '27 November 2026' (a quote issued, an order placed). */
export const longDayOf = (iso: string, timeZone = 'UTC', locale?: string) =>
  longDate(todayIn(timeZone, new Date(iso)), locale);

/** Who the document is from, beyond the name: what the business configured (COMPANY_*). */
export type PdfSeller = {
  address?: string | null;
  email?: string | null;
  phone?: string | null;
  /** PNG or JPEG bytes (checked at start: logo.ts). */
  logo?: Buffer | null;
  /** The shop's catalogue, as an absolute URL. */
  shopUrl?: string | null;
  /** The seller's TIMEZONE: an instant (issued, ordered, signed) prints as its day there. */
  timeZone?: string;
};

export type PdfLine = {
  name: string;
  sku: string | null;
  /** The variant's options, `{ "Size": "M" }`, printed under the name. */
  options: Record<string, string>;
  quantity: number;
  unit_price: number;
  discount_percent: number | null;
  line_total: number;
};

export type PdfTotals = {
  currency: string;
  subtotal: number;
  shipping: number;
  shipping_label: string | null;
  tax_rate: number;
  tax: number;
  total: number;
};

type Doc = PDFKit.PDFDocument;

/** An A4 document with room for the footer, and the promise of its bytes once it ends. */
export function startPdf(info: { title: string; author: string }): { doc: Doc; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.margin + FOOTER },
    bufferPages: true,
    info: { Title: printable(info.title), Author: printable(info.author) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The seller's logo, name and contact lines at the top of the first page. */
export function drawSeller(doc: Doc, companyName: string, seller: PdfSeller) {
  const left = PAGE.margin;
  let top = PAGE.margin;
  if (seller.logo) {
    try {
      doc.image(seller.logo, left, top, { fit: [LOGO.width, LOGO.height] });
      top += LOGO.height + 8;
    } catch {
      // A logo the PDF cannot draw leaves the name alone rather than the customer without a PDF.
    }
  }
  doc.font(FONT.bold).fontSize(20).fillColor('black').text(printable(companyName), left, top);
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
}

/** The item cell: the name, and the variant's options on the line under it ("Size: M, Finish: Zinc"). */
const withOptions = (line: PdfLine) => {
  const options = describeOptions(optionsList(line.options));
  return options ? `${line.name}\n${options}` : line.name;
};

const bottom = () => PAGE.height - PAGE.margin - FOOTER;

/** The lines' table from the current position, onto further pages with its header repeated. */
function drawLines(doc: Doc, lines: readonly PdfLine[], currency: string, t: Translate): number {
  const left = PAGE.margin;
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
    COLUMNS.map((c) => t(c.title)),
    FONT.bold,
  );
  let y = doc.y;
  header.draw(y);
  y += header.height;
  for (const line of lines) {
    const r = row(
      [
        printable(withOptions(line)),
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
  return y;
}

/** The lines, then subtotal, shipping, tax and total under the amounts' column. */
export function drawLinesAndTotals(
  doc: Doc,
  lines: readonly PdfLine[],
  totals: PdfTotals,
  /** The quote catalogue in the buyer's language, where the document has one. */
  t: Translate = ENGLISH,
) {
  const { currency } = totals;
  let y = drawLines(doc, lines, currency, t);
  const rows: [string, string, boolean][] = [
    [t('pdf.subtotal'), money(totals.subtotal, currency), false],
    [
      printable(
        totals.shipping_label
          ? t('pdf.shippingLabelled', { label: totals.shipping_label })
          : t('pdf.shipping'),
      ),
      money(totals.shipping, currency),
      false,
    ],
    [t('pdf.tax', { rate: percent(totals.tax_rate) }), money(totals.tax, currency), false],
    [t('pdf.total'), money(totals.total, currency), true],
  ];
  const labelWidth = 200;
  const amountWidth = COLUMNS[5].width;
  const labelX = PAGE.margin + CONTENT_WIDTH - amountWidth - labelWidth;
  y += 8;
  if (y + rows.length * 18 > bottom()) {
    doc.addPage();
    y = PAGE.margin;
  }
  for (const [label, amount, strong] of rows) {
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
  doc.x = PAGE.margin;
  doc.y = y;
}

/** Each page's footer ('… · Page 2 of 3'), then the end of the document. */
export function finishPdf(doc: Doc, footer: (page: number, count: number) => string) {
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
      .text(printable(footer(i + 1, pages.count)), PAGE.margin, PAGE.height - PAGE.margin - 10, {
        width: CONTENT_WIDTH,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins = margins;
  }
  doc.end();
}
