import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ImageMessages } from '../../domain/images';
import { AppError } from '../http/errors';

/** The decoded, re-encoded image, ready to store: nothing of the upload's own bytes survives. */
export type PreparedImage = { key: string; main: Buffer; thumb: Buffer; width: number; height: number };

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
// A decompression bomb declares huge dimensions in a small file; refuse before decoding it.
const MAX_INPUT_PIXELS = 50_000_000;
const MAX_EDGE = 2000;
const THUMB_EDGE = 320;

/**
 * Decodes the bytes (the declared type and file name are never trusted), refuses anything that is
 * not a JPEG, PNG or WebP with 415, then re-encodes to WebP without metadata: a full image no
 * larger than 2000 px and a 320 px thumbnail. The key is derived from the content.
 */
export async function prepareImage(bytes: Buffer, messages: ImageMessages): Promise<PreparedImage> {
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = meta.format;
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    throw new AppError(415, messages.type);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError(415, messages.type);
  if (width * height > MAX_INPUT_PIXELS) throw new AppError(413, 'Image dimensions are too large');

  try {
    // rotate() applies the EXIF orientation before the metadata is dropped.
    const base = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const main = await base
      .clone()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await base
      .clone()
      .resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    const key = createHash('sha256').update(main.data).digest('hex').slice(0, 40);
    return { key, main: main.data, thumb, width: main.info.width, height: main.info.height };
  } catch {
    // Truncated or corrupt data that passed the header check.
    throw new AppError(415, messages.type);
  }
}
