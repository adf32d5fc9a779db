import type { OrderDetail } from '#domain/orders';
import {
  CONTENT_WIDTH,
  drawLinesAndTotals,
  drawSeller,
  FONT,
  finishPdf,
  GREY,
  longDayOf,
  PAGE,
  type PdfSeller,
  startPdf,
} from '../shared/pdf-layout';
import { printable } from '../shared/pdf-text';

export type OrderPdfInput = {
  companyName: string;
  /** The business's contact details and logo (COMPANY_*), as on the quote's PDF. */
  seller: PdfSeller;
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

/**
 * An order as a PDF, the confirmation the customer keeps: the seller, the order number with the
 * request's reference and the quote version it came from, the customer, the PO number and both
 * addresses, the lines and the totals as accepted. Standard fonts, so its text is real text;
 * long orders run onto further pages with the table's header repeated, each page numbered.
 */
export function renderOrderPdf(input: OrderPdfInput): Promise<Buffer> {
  const { order } = input;
  const { doc, done } = startPdf({ title: `Order ${order.number}`, author: input.companyName });
  const left = PAGE.margin;

  // --- Heading: the seller, the order, the customer ---------------------------------------------
  drawSeller(doc, input.companyName, input.seller);
  doc
    .font(FONT.bold)
    .fontSize(14)
    .text(printable(`Order confirmation ${order.number}`));
  doc.font(FONT.regular).fontSize(10).fillColor(GREY);
  doc.text(printable(`Ordered ${longDayOf(order.created_at, input.seller.timeZone)}`));
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

  drawLinesAndTotals(doc, order.lines, order);
  finishPdf(doc, (page, count) => `${input.companyName} · Order ${order.number} · Page ${page} of ${count}`);
  return done;
}
