import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type Sharp from 'sharp';
import type { ImageMessages } from '#domain/images';
import { AppError } from '../errors/app-error';

/** The decoded, re-encoded image, ready to store: nothing of the upload's own bytes survives. */
export type PreparedImage = { key: string; main: Buffer; thumb: Buffer; width: number; height: number };

// Loaded on the first upload rather than at start-up, which has little time to spare.
let loadingSharp: Promise<typeof Sharp> | undefined;
const loadSharp = () => {
  loadingSharp ??= import('sharp').then((m) => m.default);
  return loadingSharp;
};

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
// A decompression bomb declares huge dimensions in a small file; refuse before decoding it.
const MAX_INPUT_PIXELS = 50_000_000;
const MAX_EDGE = 2000;
const THUMB_EDGE = 320;
// libwebp's effort (0-6, default 4) trades encoding time for size. On full-size photos effort 2
// encodes markedly faster at the same quality setting, and the files come out no larger
// (measured on the stand-in photos of server/test/photos.ts).
const WEBP_EFFORT = 2;

/**
 * Decodes the bytes (the declared type and file name are never trusted), refuses anything that is
 * not a JPEG, PNG or WebP with 415, then re-encodes to WebP without metadata: a full image no
 * larger than 2000 px and a 320 px thumbnail. The key is derived from the content.
 */
export async function prepareImage(bytes: Buffer, messages: ImageMessages): Promise<PreparedImage> {
  const sharp = await loadSharp();
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
    // rotate() applies the EXIF orientation before the metadata is dropped. The two sizes run at
    // once; the thumbnail's pipeline lets libjpeg decode at 1/8 scale (shrink-on-load), so it
    // costs little beside the full image.
    const base = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const [main, thumb] = await Promise.all([
      base
        .clone()
        .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82, effort: WEBP_EFFORT })
        .toBuffer({ resolveWithObject: true }),
      base
        .clone()
        .resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75, effort: WEBP_EFFORT })
        .toBuffer(),
    ]);
    const key = createHash('sha256').update(main.data).digest('hex').slice(0, 40);
    return { key, main: main.data, thumb, width: main.info.width, height: main.info.height };
  } catch {
    // Truncated or corrupt data that passed the header check.
    throw new AppError(415, messages.type);
  }
}

// sharp runs each image on one libvips thread here (its default on glibc without jemalloc), so a
// batch is prepared a few images at a time, one per core, rather than one after another. At most
// four: each decoded photo holds tens of megabytes, and libuv has four threads by default.
const BATCH_PARALLELISM = Math.min(4, Math.max(2, availableParallelism()));

/** One file of a batch: prepared, or refused with the answer an upload of it alone would get. */
export type BatchOutcome =
  | { file: string; image: PreparedImage; refusal?: undefined }
  | { file: string; refusal: AppError; image?: undefined };

/**
 * Prepares every file of a batch (a product's gallery upload) a few at once, each outcome in the
 * files' order. A file that is not an image is refused on its own, so the others can still be
 * stored; a failure that is not a refusal (the server's own) is thrown.
 */
export async function prepareBatch(
  files: readonly { name: string; bytes: Buffer; tooLarge?: boolean }[],
  messages: ImageMessages,
): Promise<BatchOutcome[]> {
  const results: BatchOutcome[] = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      const { name, bytes, tooLarge } = files[i];
      if (tooLarge) {
        results[i] = { file: name, refusal: new AppError(413, messages.size) };
        continue;
      }
      try {
        results[i] = { file: name, image: await prepareImage(bytes, messages) };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results[i] = { file: name, refusal: err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCH_PARALLELISM, files.length) }, worker));
  return results;
}
