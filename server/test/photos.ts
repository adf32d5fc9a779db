import sharp from 'sharp';

const WIDTH = 3000;
const HEIGHT = 2000;

/** Smooth shapes and gradients with sensor-like grain, as raw RGB; deterministic per seed. */
function photoPixels(seed: number): Buffer {
  let state = (seed * 2654435761) >>> 0 || 1;
  const random = () => {
    // xorshift32: fast and repeatable.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x100000000;
  };
  const fx = 2 + random() * 4;
  const fy = 1 + random() * 3;
  const phase = random() * Math.PI * 2;
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let i = 0;
  for (let y = 0; y < HEIGHT; y++) {
    const v = y / HEIGHT;
    for (let x = 0; x < WIDTH; x++) {
      const u = x / WIDTH;
      const shape = Math.sin(u * fx * Math.PI + phase) * Math.cos(v * fy * Math.PI) * 60;
      // One grain value shared by the channels plus a little per channel: grainy, not static.
      const grain = (random() + random() - 1) * 34;
      raw[i++] = clamp(120 + shape + u * 70 + grain + (random() - 0.5) * 8);
      raw[i++] = clamp(110 + shape * 0.6 + v * 60 + grain + (random() - 0.5) * 8);
      raw[i++] = clamp(90 - shape * 0.5 + (1 - u) * 50 + grain + (random() - 0.5) * 8);
    }
  }
  return raw;
}

const clamp = (n: number) => (n < 0 ? 0 : n > 255 ? 255 : n);

/**
 * Stand-ins for phone photos: 3000 × 2000 JPEGs of about 2 MB each, as a gallery upload of ten
 * phone photos sends. One set of pixels is drawn per seed and each photo is a variant of it
 * (mirrored, lighter or darker), so every file has its own content (its own stored key) while a
 * set of ten takes about a second to make. Deterministic, so timings compare like with like.
 */
export async function photoJpegs(count: number, seed = 1): Promise<Buffer[]> {
  const raw = photoPixels(seed);
  return Promise.all(
    Array.from({ length: count }, (_, k) =>
      sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
        .linear(1, (k % 7) * 4 - 12)
        .flop(k % 2 === 1)
        .jpeg({ quality: 85 })
        .toBuffer(),
    ),
  );
}
