import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import PDFDocument from 'pdfkit';

/** The company's logo (COMPANY_LOGO_FILE), read once at start: on the quote page and in its PDF. */
export type CompanyLogo = {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  /** A strong validator for the served file: its content's hash. */
  etag: string;
};

/** A logo is small: it is kept in memory and put in every quote PDF. */
const LOGO_MAX_BYTES = 512 * 1024;

/**
 * Reads and checks the logo file, throwing a message that says what is wrong with it. PNG and
 * JPEG only: the two formats a PDF takes as they are, so the page and the PDF show one file.
 */
export function readCompanyLogo(file: string): CompanyLogo {
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new Error('not a file');
    size = stat.size;
  } catch {
    throw new Error(`cannot read ${file}`);
  }
  if (size > LOGO_MAX_BYTES) throw new Error(`must be at most ${LOGO_MAX_BYTES / 1024} KB`);
  const bytes = readFileSync(file);
  const contentType =
    bytes[0] === 0x89 && bytes.subarray(1, 4).toString('latin1') === 'PNG'
      ? 'image/png'
      : bytes[0] === 0xff && bytes[1] === 0xd8
        ? 'image/jpeg'
        : undefined;
  if (!contentType) throw new Error('must be a PNG or JPEG image');
  // The PDF's own reader: what it cannot read here would break every quote's PDF later.
  try {
    const doc = new PDFDocument({ autoFirstPage: false }) as unknown as {
      openImage(src: Buffer): { width: number; height: number };
    };
    const image = doc.openImage(bytes);
    if (!(image.width > 0 && image.height > 0)) throw new Error('empty');
  } catch {
    throw new Error('is not a readable PNG or JPEG image');
  }
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  return { bytes, contentType, etag };
}
