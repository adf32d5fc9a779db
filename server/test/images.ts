import { readdirSync } from 'node:fs';
import sharp from 'sharp';

/** Small real images of each accepted format, and hostile files that only pretend to be one. */
export const png = (color = '#c00', size = 16) =>
  sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();
export const webp = (color = '#0a0') =>
  sharp({ create: { width: 24, height: 12, channels: 3, background: color } })
    .webp()
    .toBuffer();
/** A JPEG carrying EXIF metadata (camera make, orientation) that must not survive re-encoding. */
export const jpegWithExif = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#00c' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'Private GPS 51.5N' } })
    .toBuffer();
export const gif = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#ccc' } })
    .gif()
    .toBuffer();
export const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
export const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
export const text = Buffer.from('just some text, not an image at all');

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A tiny PNG whose header claims 100,000 × 100,000 pixels: a decompression bomb. */
export async function pngBomb() {
  const small = await png();
  const bomb = Buffer.from(small);
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC follows 13 bytes later.
  bomb.writeUInt32BE(100_000, 16);
  bomb.writeUInt32BE(100_000, 20);
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
  return bomb;
}

/** A multipart/form-data body as a browser sends it, for app.inject. */
export async function multipart(
  fields: Record<string, string>,
  file?: { field: string; name: string; type: string; bytes: Buffer },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type') ?? '' },
  };
}

/** Names of the files in the uploads folder, sorted. */
export const uploadedFiles = (dir: string) => {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
};
