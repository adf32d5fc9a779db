import { formatMoney } from '#domain/money';

/**
 * Text the PDF's standard fonts can show: they carry the Windows-1252 characters only, and
 * anything else would print as garbage (embedding a font for every script would weigh more than
 * the quote). Outside it, a character becomes '?'; money falls back to the ISO code instead.
 */
const WIN_ANSI = /^[\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ\n\t]*$/;
export const printable = (text: string) =>
  WIN_ANSI.test(text)
    ? text
    : [...text.normalize('NFC')].map((ch) => (WIN_ANSI.test(ch) ? ch : '?')).join('');

export function money(amount: number, currency: string) {
  const text = formatMoney(amount, currency);
  if (WIN_ANSI.test(text)) return text;
  // A symbol the fonts lack (₹, ₩…): the code instead, as 'INR 1,234.00'.
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'code' }).format(
    amount,
  );
}
