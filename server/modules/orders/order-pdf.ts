import PDFDocument from 'pdfkit';
import type { OrderDetail } from '#domain/orders';
import { money, printable } from '../shared/pdf-text';

export type OrderPdfInput = {
  companyName: string;
  /** The business's contact details and logo (COMPANY_*), as on the quote's PDF. */
  seller: { address?: string | null; email?: string | null; phone?: string | null; logo?: Buffer | null };
  order: Pick<
    OrderDetail,
    | 'number'
    | 'reference'
    | 'quote_version'
    | 'created_at'
    | 'customer_name'
    | 'customer_email'
    | 'customer_company'
    | 'signed_by'
    | 'po_number'
    | 'billing_address'
    | 'shipping_address'
    | 'currency'
    | 'lines'
    | 'subtotal'
    | 'shipping'
    | 'shipping_label'
    | 'tax_rate'
    | 'tax'
    | 'total'
  >;
};

const PAGE = { width: 595.28, height: 841.89, margin: 50 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const FOOTER = 30;
const COLUMNS = [
  { title: 'Item', width: 175, align: 'left' },
  { title: 'SKU', width: 80, align: 'left' },
  { title: 'Qty', width: 40, align: 'right' },
  { title: 'Unit price', width: 70, align: 'right' },
  { title: 'Discount', width: 50, align: 'right' },
  { title: 'Line total', width: 80.28, align: 'right' },
] as const;
const CELL_PAD = 4;
const LOGO = { width: 160, height: 48 } as const;
const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;
const GREY = '#555555';
const RULE = '#bbbbbb';

const percent = (n: number) => `${Number(n.toFixed(2))}%`;
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));

/**
 * An order as a PDF, the confirmation the customer keeps: the seller, the order number with the
 * request's reference and the quote version it came from, the customer, the PO number and both
 * addresses, the lines and the totals as accepted. Standard fonts, so its text is real text;
 * long orders run onto further pages with the table's header repeated, each page numbered.
 */
export function renderOrderPdf(input: OrderPdfInput): Promise<Buffer> {
  const { order } = input;
  const currency = order.currency;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.margin + FOOTER },
    bufferPages: true,
    info: { Title: printable(`Order ${order.number}`), Author: printable(input.companyName) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = PAGE.margin;
  const bottom = () => PAGE.height - PAGE.margin - FOOTER;

  // --- Heading: the seller, the order, the customer ---------------------------------------------
  const seller = input.seller;
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
  ].filter(Boolean);
  doc.font(FONT.regular).fontSize(9).fillColor(GREY);
  for (const line of contact) doc.text(printable(line), { width: CONTENT_WIDTH });
  doc.fillColor('black').moveDown(0.6);
  doc
    .font(FONT.bold)
    .fontSize(14)
    .text(printable(`Order confirmation ${order.number}`));
  doc.font(FONT.regular).fontSize(10).fillColor(GREY);
  doc.text(printable(`Ordered ${longDate(order.created_at)}`));
  doc.text(
    printable(
      `From quote ${order.reference}, version ${order.quote_version}, accepted by ${order.signed_by}`,
    ),
  );
  if (order.po_number) doc.fillColor('black').text(printable(`PO number: ${order.po_number}`));
  doc.fillColor('black').moveDown(1);

  // Customer, billing and delivery side by side.
  const blocks: [string, string][] = [
    [
      'Customer',
      [order.customer_name, order.customer_company, order.customer_email].filter(Boolean).join('\n'),
    ],
    ['Billing address', order.billing_address ?? '—'],
    ['Delivery address', order.shipping_address ?? order.billing_address ?? '—'],
  ];
  const blockWidth = CONTENT_WIDTH / 3 - 8;
  const blocksTop = doc.y;
  let blocksBottom = blocksTop;
  blocks.forEach(([title, body], i) => {
    const x = left + i * (CONTENT_WIDTH / 3);
    doc.font(FONT.bold).fontSize(10).text(title, x, blocksTop, { width: blockWidth });
    doc.font(FONT.regular).fontSize(10).text(printable(body), x, doc.y, { width: blockWidth });
    blocksBottom = Math.max(blocksBottom, doc.y);
  });
  doc.x = left;
  doc.y = blocksBottom + 16;

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
  for (const line of order.lines) {
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
    ['Subtotal', money(order.subtotal, currency), false],
    [
      printable(order.shipping_label ? `Shipping (${order.shipping_label})` : 'Shipping'),
      money(order.shipping, currency),
      false,
    ],
    [`Tax (${percent(order.tax_rate)})`, money(order.tax, currency), false],
    ['Total', money(order.total, currency), true],
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
    doc.text(label, labelX, y, { width: labelWidth - CELL_PAD, align: 'right' });
    doc.text(amount, labelX + labelWidth, y, { width: amountWidth - CELL_PAD, align: 'right' });
    y += 18;
  }

  // --- Page numbers --------------------------------------------------------------------------------
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    doc
      .font(FONT.regular)
      .fontSize(8)
      .fillColor(GREY)
      .text(
        printable(`${input.companyName} · Order ${order.number} · Page ${i + 1} of ${pages.count}`),
        left,
        PAGE.height - PAGE.margin - 10,
        { width: CONTENT_WIDTH, align: 'center', lineBreak: false },
      );
    doc.page.margins = margins;
  }
  doc.end();
  return done;
}
