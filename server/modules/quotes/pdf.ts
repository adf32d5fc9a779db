import { buyerTexts, formatLocaleOf } from '#domain/buyer-texts';
import type { Translate } from '#domain/i18n';
import type { Quote } from '#domain/quotes';
import {
  CONTENT_WIDTH,
  drawLinesAndTotals,
  drawSeller,
  FONT,
  finishPdf,
  GREY,
  longDate,
  longDayOf,
  PAGE,
  type PdfSeller,
  startPdf,
} from '../shared/pdf-layout';
import { printable } from '../shared/pdf-text';

export type QuotePdfInput = {
  companyName: string;
  seller?: PdfSeller;
  /** The request's reference, as the customer knows it. */
  reference: string;
  customer: { name: string; email: string; company: string | null };
  quote: Quote;
  /** The buyer's language (the request's): the document's fixed texts and dates are in it. */
  locale?: string;
};

/** An ISO time as the seller's clock reads it: '27 November 2026 at 15:05 (Europe/Berlin)'. */
const longTime = (t: Translate, dateLocale: string, iso: string, timeZone = 'UTC') => {
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(iso));
  return t('pdf.signedAt', { day: longDayOf(iso, timeZone, dateLocale), time, zone: timeZone });
};

/**
 * A quote as a PDF the customer can keep: the company (its logo and contact details), the
 * reference and version, the customer, the lines, the totals, the validity, who accepted it and
 * when (once accepted), the note and the terms. Its text is real text (standard
 * PDF fonts), so it can be searched, copied and read by a screen reader; long quotes run onto
 * further pages, the table's header repeated, each page numbered.
 */
export function renderQuotePdf(input: QuotePdfInput): Promise<Buffer> {
  const { quote, reference } = input;
  const locale = input.locale ?? 'en';
  const t = buyerTexts(locale, 'quote');
  const dateLocale = formatLocaleOf(locale, 'en-GB');
  const day = (d: string) => longDate(d, dateLocale);
  const { doc, done } = startPdf({
    title: quote.version
      ? t('pdf.documentTitleVersion', { reference, version: quote.version })
      : t('pdf.documentTitle', { reference }),
    author: input.companyName,
  });
  const left = PAGE.margin;

  // --- Heading ---------------------------------------------------------------------------------
  drawSeller(doc, input.companyName, input.seller ?? {});
  doc
    .font(FONT.bold)
    .fontSize(14)
    .text(
      printable(
        quote.version
          ? t('pdf.heading', { reference, version: quote.version })
          : t('pdf.headingDraft', { reference }),
      ),
    );
  doc.font(FONT.regular).fontSize(10).fillColor(GREY);
  if (quote.sent_at)
    doc.text(t('pdf.issued', { date: longDayOf(quote.sent_at, input.seller?.timeZone, dateLocale) }));
  doc.text(t('pdf.validUntil', { date: day(quote.valid_until) }));
  doc.moveDown(1);

  doc.font(FONT.bold).fontSize(10).fillColor('black').text(t('pdf.preparedFor'));
  doc.font(FONT.regular).text(printable(input.customer.name));
  if (input.customer.company) doc.text(printable(input.customer.company));
  doc.text(printable(input.customer.email));
  doc.moveDown(1.2);

  drawLinesAndTotals(doc, quote.lines, quote, t);

  // --- Validity, note, terms: running text, onto further pages as it needs -----------------------
  doc.y += 10;
  doc
    .font(FONT.bold)
    .fontSize(10)
    .text(t('pdf.validSentence', { date: day(quote.valid_until) }), left, doc.y, { width: CONTENT_WIDTH });
  if (quote.answer?.kind === 'accepted') {
    // The signature the customer typed, and when: the record both sides keep.
    doc.moveDown(1);
    doc.font(FONT.bold).fontSize(11).text(t('pdf.accepted'), left, doc.y, { width: CONTENT_WIDTH });
    doc.moveDown(0.3);
    doc
      .font(FONT.regular)
      .fontSize(10)
      .text(
        printable(
          t('pdf.signedBy', {
            name: quote.answer.name ?? '',
            time: longTime(t, dateLocale, quote.answer.at, input.seller?.timeZone),
          }),
        ),
        left,
        doc.y,
        {
          width: CONTENT_WIDTH,
        },
      );
  }
  for (const [title, body] of [
    [t('pdf.note'), quote.note],
    [t('pdf.terms'), quote.terms],
  ] as const) {
    if (!body) continue;
    doc.moveDown(1);
    doc.font(FONT.bold).fontSize(11).text(title, left, doc.y, { width: CONTENT_WIDTH });
    doc.moveDown(0.3);
    doc.font(FONT.regular).fontSize(10).text(printable(body), left, doc.y, { width: CONTENT_WIDTH });
  }

  finishPdf(doc, (page, count) => t('pdf.footer', { company: input.companyName, reference, page, count }));
  return done;
}
