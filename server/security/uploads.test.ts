import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION } from '#domain/messages';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { runMigrations } from '../db/migrate';
import { createTestContext, openTestDatabase, type TestContext } from '../test/harness';
import { gif, html, jpegWithExif, png, pngBomb, svg, text } from '../test/images';
import { diffSnapshots, RELAXED_LIMITS, rawMultipart, snapshotDatabase, snapshotFiles } from './support';

/**
 * Uploads and serving: every upload route refuses what is not really a JPEG, PNG or WebP,
 * re-encodes what it keeps so no smuggled markup survives, names files by content whatever the
 * client called them, writes nothing outside the uploads folder, and serves them so a browser can
 * only ever treat them as images. The SPA's own pages forbid inline scripts.
 */

let ctx: TestContext;
let productId: number;
beforeAll(async () => {
  ctx = await createTestContext(RELAXED_LIMITS);
  const res = await ctx.as(ctx.adminToken).post('/api/products', { name: 'Gallery Product' });
  productId = res.json().id;
}, 120_000);
afterAll(() => ctx?.close());

/** The three upload routes, each with its file field and its refusal messages. */
const ROUTES = [
  {
    label: 'category image',
    url: () => '/api/categories',
    field: 'image',
    fields: true,
    type: VALIDATION.imageType,
  },
  { label: 'brand logo', url: () => '/api/brands', field: 'logo', fields: true, type: VALIDATION.logoType },
  {
    label: 'product gallery',
    url: () => `/api/products/${productId}/images/batch`,
    field: 'images[]',
    fields: false,
    type: VALIDATION.imageType,
  },
] as const;
type Route = (typeof ROUTES)[number];

let n = 0;
async function upload(route: Route, bytes: Buffer, filename = 'picture.png', type = 'image/png') {
  const parts = [
    ...(route.fields ? [{ field: 'name', value: `Upload ${++n}` }] : []),
    { field: route.field, filename, type, bytes },
  ];
  const form = rawMultipart(parts);
  return ctx.as(ctx.adminToken).post(route.url(), form.payload, { headers: { ...form.headers } });
}
/** The stored image URL a successful upload answers with, whichever route. */
const urlOf = (res: { json(): Record<string, unknown> }) => {
  const body = res.json() as { image_url?: string; logo_url?: string; data?: { url: string }[] };
  return body.image_url ?? body.logo_url ?? body.data?.[0]?.url ?? '';
};

// ---- hostile files ----------------------------------------------------------------------------

/** A PNG chunk with its length and CRC. */
const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
};
const SCRIPT = '<html><body><script>window.__xss=1;alert(document.domain)</script></body></html>';
/** A real PNG with HTML/JS in a tEXt chunk (valid PNG, would sniff as HTML in an old browser). */
async function pngWithScriptChunk() {
  const base = await png('#345', 32);
  const iend = base.length - 12;
  return Buffer.concat([
    base.subarray(0, iend),
    chunk('tEXt', Buffer.from(`Comment\0${SCRIPT}`, 'latin1')),
    base.subarray(iend),
  ]);
}
/** A real PNG with an HTML page appended after IEND. */
const pngWithTrailer = async () => Buffer.concat([await png('#543', 32), Buffer.from(SCRIPT)]);
/** A real JPEG with the page in a COM segment right after SOI. */
async function jpegWithScriptComment() {
  const jpeg = await jpegWithExif();
  const body = Buffer.from(SCRIPT);
  const len = Buffer.alloc(2);
  len.writeUInt16BE(body.length + 2, 0);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), len, body, jpeg.subarray(2)]);
}
const MARKUP = [/<script/i, /<html/i, /alert\(/, /window\.__xss/, /onerror/i, /<svg/i];
const hasMarkup = (bytes: Buffer) => MARKUP.some((re) => re.test(bytes.toString('latin1')));

describe.each(ROUTES)('$label upload', (route) => {
  it.each([
    ['a text file named .png', () => Promise.resolve(text), 'fake.png', 'image/png'],
    ['an SVG with a script', () => Promise.resolve(svg), 'logo.svg', 'image/svg+xml'],
    ['an SVG named .png', () => Promise.resolve(svg), 'logo.png', 'image/png'],
    ['HTML renamed .png', () => Promise.resolve(html), 'page.png', 'image/png'],
    ['a GIF', gif, 'anim.gif', 'image/gif'],
    [
      'HTML with a PNG after it',
      async () => Buffer.concat([Buffer.from(SCRIPT), await png()]),
      'x.png',
      'image/png',
    ],
    ['an empty file', () => Promise.resolve(Buffer.alloc(0)), 'empty.png', 'image/png'],
  ] as const)(
    'refuses %s with 415 and the route message, storing nothing',
    async (_label, make, name, type) => {
      const before = { db: await snapshotDatabase(ctx.database.pool), files: snapshotFiles(ctx.uploadsDir) };
      const res = await upload(route, await make(), name, type);
      // An empty file part is "no file chosen": the form is then fine without one, or refused.
      if (name === 'empty.png' && res.statusCode < 300) return;
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().error).toBe(route.type);
      expect(diffSnapshots(before.db, await snapshotDatabase(ctx.database.pool))).toEqual([]);
      expect(snapshotFiles(ctx.uploadsDir)).toEqual(before.files);
    },
  );

  it('refuses a decompression bomb (huge declared dimensions) with 413, storing nothing', async () => {
    const before = snapshotFiles(ctx.uploadsDir);
    const res = await upload(route, await pngBomb());
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatch(/too large/i);
    expect(snapshotFiles(ctx.uploadsDir)).toEqual(before);
  });

  it.each([
    ['a PNG with a script in a text chunk', pngWithScriptChunk],
    ['a PNG with an HTML page appended', pngWithTrailer],
    ['a JPEG with a script in a comment segment', jpegWithScriptComment],
  ])('re-encodes %s so neither stored nor served bytes carry the markup', async (_label, make) => {
    const bytes = await make();
    expect(hasMarkup(bytes)).toBe(true);
    const res = await upload(route, bytes);
    if (res.statusCode >= 400) {
      // Refusing it is fine too, with the route's message.
      expect(res.json().error).toBe(route.type);
      return;
    }
    const url = urlOf(res);
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{40}\.webp$/);
    for (const file of [url, url.replace('.webp', '-thumb.webp')]) {
      const stored = readFileSync(path.join(ctx.uploadsDir, path.basename(file)));
      expect(hasMarkup(stored), file).toBe(false);
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.comments ?? []).toEqual([]);
      const served = await ctx.as().get(file);
      expect(served.statusCode).toBe(200);
      expect(hasMarkup(served.rawPayload), file).toBe(false);
      expect(served.headers['content-type']).toBe('image/webp');
    }
  });
});

describe('hostile file names', () => {
  const NAMES = [
    '../../etc/passwd.png',
    '../../../../../../tmp/stockroom-escape.png',
    '..\\..\\windows\\win.ini.png',
    '/etc/passwd',
    'C:\\evil.png',
    'quote"name.png',
    "it's.png",
    '<script>alert(1)</script>.png',
    'nul\u0000byte.png',
    'new\nline.png',
    'carriage\r\nX-Injected: 1.png',
    `${'a'.repeat(1000)}.png`,
    '.htaccess',
    'index.html',
    '%2e%2e%2fescape.png',
    '😀.png',
  ];

  it.each(ROUTES)(
    '$label: the stored name is content-derived and nothing lands outside uploads',
    async (route) => {
      const dataDir = ctx.config.dataDir;
      const outside = () =>
        Object.keys(snapshotFiles(dataDir))
          .filter((f) => !f.startsWith(`uploads${path.sep}`))
          .sort();
      const outsideBefore = outside();
      const tmpBefore = readdirSync(tmpdir()).filter((f) => f.includes('escape'));
      const bytes = await png('#0aa', 24);
      for (const name of NAMES) {
        const res = await upload(route, bytes, name);
        // Names that break the multipart header itself may be refused; nothing else may go wrong.
        expect(res.statusCode, JSON.stringify(name)).toBeLessThan(500);
        // A name with a bare newline breaks the part's header: busboy then sees no file, and the
        // record is saved without an image (url ''), which the answer shows.
        if (res.statusCode < 300)
          expect(urlOf(res), JSON.stringify(name)).toMatch(/^(\/uploads\/[a-f0-9]{40}\.webp)?$/);
        else expect(res.json().error).toEqual(expect.any(String));
        const body = res.body;
        expect(body).not.toContain('<script>');
        expect(body).not.toContain('passwd');
      }
      for (const file of readdirSync(ctx.uploadsDir))
        expect(file, 'only content-derived names in uploads').toMatch(/^[a-f0-9]{40}(-thumb)?\.webp$/);
      expect(outside()).toEqual(outsideBefore);
      expect(readdirSync(tmpdir()).filter((f) => f.includes('escape'))).toEqual(tmpBefore);
    },
  );
});

describe('serving /uploads', () => {
  let url: string;
  beforeAll(async () => {
    const res = await upload(ROUTES[0], await png('#f0f', 20));
    url = urlOf(res);
  });

  it('serves the detected image type, nosniff and a sandboxing CSP', async () => {
    for (const file of [url, url.replace('.webp', '-thumb.webp')]) {
      const res = await ctx.as().get(file);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const csp = String(res.headers['content-security-policy']);
      const directives = Object.fromEntries(
        csp.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name, values.join(' ')];
        }),
      );
      expect(directives['default-src']).toBe("'none'");
      expect(directives).toHaveProperty('sandbox');
      expect(directives['script-src'] ?? "'none'").toBe("'none'");
      expect(csp).not.toMatch(/unsafe-eval|unsafe-inline'?\s*;?\s*script/);
    }
  });

  it('serves only content-named images: anything else in the folder is a 404', async () => {
    for (const name of ['planted.html', 'planted.svg', 'note.webp', `${'a'.repeat(40)}.webp.tmp`]) {
      writeFileSync(path.join(ctx.uploadsDir, name), SCRIPT);
      const res = await ctx.as().get(`/uploads/${name}`);
      rmSync(path.join(ctx.uploadsDir, name));
      expect(res.statusCode, name).toBe(404);
      expect(res.body).not.toContain('<script>');
    }
  });

  it('refuses paths that climb out of the folder', async () => {
    for (const p of [
      '/uploads/../package.json',
      '/uploads/%2e%2e/%2e%2e/etc/passwd',
      '/uploads/..%2f..%2fetc%2fpasswd',
    ]) {
      const res = await ctx.as().get(p);
      expect([400, 403, 404], p).toContain(res.statusCode);
      expect(res.body).not.toMatch(/root:|"name":\s*"stockroom"/);
    }
  });
});

describe('the SPA', () => {
  it('forbids inline and eval scripts on / and on a deep client route', async () => {
    const database = await openTestDatabase();
    const webRoot = mkdtempSync(path.join(tmpdir(), 'stockroom-web-'));
    try {
      await runMigrations(database);
      mkdirSync(path.join(webRoot, 'assets'));
      writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
      const config = loadConfig({ DATA_DIR: path.join(webRoot, 'data'), LOG_LEVEL: 'silent' });
      const app = await buildApp({ config, database, jwtSecret: new Uint8Array(32).fill(7), webRoot });
      try {
        for (const url of ['/', '/product/some-slug/preview', '/inquiries?page=2']) {
          const res = await app.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['content-type'], url).toMatch(/^text\/html/);
          const csp = String(res.headers['content-security-policy']);
          const scriptSrc =
            /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1];
          expect(scriptSrc, url).toBeDefined();
          expect(scriptSrc, url).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*|data:|blob:/);
          expect(csp, url).toMatch(/object-src 'none'/);
          expect(csp, url).toMatch(/frame-ancestors 'none'/);
          expect(csp, url).toMatch(/base-uri 'self'/);
          expect(res.headers['x-content-type-options']).toBe('nosniff');
        }
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});
