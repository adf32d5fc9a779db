import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { png } from '../test/images';
import {
  apiRoutes,
  diffSnapshots,
  fillPath,
  PUBLIC_ROUTES,
  pathParams,
  RELAXED_LIMITS,
  rawMultipart,
  responseProblems,
  type Seed,
  seedCatalogue,
  seededIdFor,
  snapshotDatabase,
  snapshotFiles,
} from './support';

/**
 * Input: generated junk thrown at every route of the route table (a route added later is
 * covered without anyone listing it). Whatever the junk, the API must never answer 5xx, every 4xx
 * must carry a readable `{ error }`, no body may carry a password hash, and a refused request must
 * leave the database and the uploads folder exactly as they were.
 *
 * FUZZ_RUNS (per route, default 25) and FUZZ_SEED make a longer or a repeatable run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let ctx: TestContext;
let seed: Seed;
let pngBytes: Buffer;
beforeAll(async () => {
  ctx = await createTestContext(RELAXED_LIMITS);
  seed = await seedCatalogue(ctx);
  pngBytes = await png('#fa0');
}, 120_000);
afterAll(() => ctx?.close());

// ---- the junk ---------------------------------------------------------------------------------

const HUGE = 'x'.repeat(100_000);
const junkStrings = [
  'abc',
  '-1',
  '0',
  '1e309',
  '-1e309',
  '1.5',
  '99999999999999999999',
  '2147483648',
  '9007199254740993',
  'NaN',
  'Infinity',
  '0x1F',
  ' 1',
  '',
  ' ',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'true',
  "1' or '1'='1",
  '1; drop table users; --',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '<script>alert(1)</script>',
  '\u202e\ufeff',
  '%zz',
  '%',
  '%c0%af',
  '..%2f..%2fetc%2fpasswd',
  '%E0%A4%A',
  '😀',
  HUGE,
  '<'.repeat(100_000),
];
const junkString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...junkStrings) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
);

/** Raw JSON tokens that JSON.stringify cannot produce (1e309 parses as Infinity). */
type Raw = { raw: string };
const rawNumber = fc
  .constantFrom('1e309', '-1e309', '99999999999999999999', '1e-400', '-0', '2147483648', '9007199254740993')
  .map((raw): Raw => ({ raw }));
const junkScalar = fc.oneof(
  junkString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2147483648, Number.MAX_SAFE_INTEGER, -1e308, 1e308),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  rawNumber,
);
type Junk = string | number | boolean | null | Raw | Junk[] | { pairs: [string, Junk][] };

/** Field names the schemas know, ones they must never accept, and prototype keys. */
const FIELD_NAMES = [
  'name',
  'email',
  'password',
  'role',
  'id',
  'password_hash',
  'passwordHash',
  'token_version',
  'created_at',
  'updated_at',
  'slug',
  'parent_id',
  'sort_order',
  'depth',
  'path',
  'image',
  'image_url',
  'logo',
  'logo_url',
  'sku',
  'brand_id',
  'category_id',
  'description',
  'mrp',
  'pricing',
  'discountPercent',
  'discountAmount',
  'title',
  'items',
  'caption',
  'specs',
  'label',
  'value',
  'unit',
  'heading',
  'columns',
  'rows',
  'note',
  'intro',
  'direction',
  'type',
  'applies_to',
  'product_id',
  'starts_at',
  'ends_at',
  'active',
  'subject',
  'message',
  'phone',
  'current_password',
  'new_password',
  '__proto__',
  'constructor',
  'prototype',
];
const fieldName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
);

const junkValue: fc.Arbitrary<Junk> = fc.letrec<{ value: Junk }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: junkScalar as fc.Arbitrary<Junk> },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fieldName, tie('value')), { maxLength: 4 })
        .map((pairs): Junk => ({ pairs })),
    },
  ),
})).value;

/** Serialises junk by hand, so `__proto__` stays a plain key and raw tokens stay raw. */
function toJson(v: Junk): string {
  if (v !== null && typeof v === 'object') {
    if ('raw' in v) return v.raw;
    if ('pairs' in v) return `{${v.pairs.map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`).join(',')}}`;
    return `[${v.map(toJson).join(',')}]`;
  }
  return JSON.stringify(v) ?? 'null';
}
const toText = (v: Junk): string =>
  typeof v === 'string' ? v : v !== null && typeof v === 'object' ? toJson(v) : String(v);

/** A body that looks like the route's own: known fields with junk values, plus strays. */
const objectBody = fc
  .array(fc.tuple(fieldName, junkValue), { minLength: 0, maxLength: 8 })
  .map((pairs): Junk => ({ pairs }));

const HOSTILE_FILE_NAMES = [
  '../../etc/passwd.png',
  '..\\..\\windows\\win.ini.png',
  '/etc/passwd',
  'a"b.png',
  "a'b.png",
  '<script>alert(1)</script>.png',
  'nul\u0000.png',
  'line\nbreak.png',
  'carriage\r\nContent-Type: text/html.png',
  `${'n'.repeat(1000)}.png`,
  '.htaccess',
  'x.svg',
  'x.html',
];
const filePart = fc.record({
  field: fc.constantFrom('image', 'logo', 'images[]', 'images', 'file', '__proto__'),
  filename: fc.oneof(fc.constantFrom(...HOSTILE_FILE_NAMES), fc.string({ maxLength: 20 })),
  type: fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream', ''),
  bytes: fc.oneof(
    fc.constantFrom('png', '<svg onload=alert(1)>', '<html><script>alert(1)</script>', ''),
    fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a).toString('latin1')),
  ),
});
type FilePart = { field: string; filename: string; type: string; bytes: string };
type Part = { field: string; value: string } | FilePart;

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: Junk }
  | { kind: 'malformed'; text: string }
  | { kind: 'empty-json' }
  | { kind: 'text'; text: string }
  | { kind: 'form'; pairs: [string, string][] }
  | { kind: 'multipart'; parts: Part[]; broken: boolean }
  | { kind: 'odd-type'; type: string; text: string };

const MALFORMED = [
  '{',
  '{"name":',
  '[1,2',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '{"a":1,}',
  '\u0000',
  '{"__proto__":',
];
const bodyArb: fc.Arbitrary<Body> = fc.oneof(
  fc.constant<Body>({ kind: 'none' }),
  { weight: 4, arbitrary: objectBody.map((value): Body => ({ kind: 'json', value })) },
  { weight: 1, arbitrary: junkValue.map((value): Body => ({ kind: 'json', value })) },
  fc
    .tuple(fc.constantFrom(...MALFORMED), fc.string({ maxLength: 20 }))
    .map(([a, b]): Body => ({ kind: 'malformed', text: a + b })),
  fc.constant<Body>({ kind: 'empty-json' }),
  junkString.map((text): Body => ({ kind: 'text', text })),
  fc.array(fc.tuple(fieldName, junkString), { maxLength: 5 }).map((pairs): Body => ({ kind: 'form', pairs })),
  fc
    .tuple(
      fc.array(
        fc.oneof(
          fc.tuple(fieldName, junkValue).map(([field, v]): Part => ({ field, value: toText(v) })),
          filePart as fc.Arbitrary<Part>,
        ),
        { maxLength: 4 },
      ),
      fc.boolean(),
    )
    .map(([parts, broken]): Body => ({ kind: 'multipart', parts, broken })),
  fc
    .tuple(
      fc.constantFrom(
        'application/xml',
        'image/png',
        'application/json; charset=utf-16',
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'application/x-www-form-urlencoded; charset=ebcdic',
        'text/html',
        'application/octet-stream',
        '*/*',
        'application/json-patch+json',
      ),
      fc.string({ maxLength: 30 }),
    )
    .map(([type, text]): Body => ({ kind: 'odd-type', type, text })),
);

const queryKey = fc.oneof(
  fc.constantFrom(
    'q',
    'page',
    'limit',
    'perPage',
    'sortBy',
    'order',
    'parent_id',
    'brand_id',
    'category_id',
    'status',
    'scope',
    'applies_to',
    '__proto__',
    'constructor',
    'prototype',
    '__proto__[admin]',
    'q[]',
    'page[0]',
  ),
  fc.string({ maxLength: 8 }),
);
const queryValue = fc.oneof(
  junkString,
  fc.constantFrom('asc', 'desc', 'ASC', 'sideways', 'name', 'password_hash', 'id;drop', '1', '100', '101'),
);
/** A query string, usually well-formed, sometimes raw bytes and broken escapes. */
const queryArb = fc.oneof(
  fc.constant(''),
  {
    weight: 3,
    arbitrary: fc
      .array(fc.tuple(queryKey, queryValue), { maxLength: 5 })
      .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')),
  },
  fc.constantFrom('%', '%zz', '&&&=', '=&=', 'a=%E0%A4%A', 'page=1&page=2', 'sortBy=&order=', '?'),
);

const requestArb = (route: { method: string; url: string }, deleting: boolean) => {
  const params = pathParams(route.url);
  // Deleting routes get junk ids only, so the seeded rows survive for the other routes.
  const idArb = (param: string) =>
    deleting
      ? junkString
      : fc.oneof(
          { weight: 2, arbitrary: fc.constant(seededIdFor(seed, route.url, param)) },
          { weight: 3, arbitrary: junkString },
        );
  return fc.record({
    params: fc
      .tuple(...params.map(idArb), fc.constant(''))
      .map((values) => Object.fromEntries(params.map((p, i) => [p, values[i]]))),
    // Now and then the path goes out unescaped: broken %-escapes, dots, slashes.
    rawPath: fc.boolean(),
    query: queryArb,
    body: route.method === 'GET' ? fc.constant<Body>({ kind: 'none' }) : bodyArb,
    anonymous: PUBLIC_ROUTES.has(`${route.method} ${route.url}`) ? fc.boolean() : fc.constant(false),
  });
};

function encodeBody(body: Body): { payload?: string | Buffer; contentType?: string } {
  switch (body.kind) {
    case 'none':
      return {};
    case 'json':
      return { payload: toJson(body.value), contentType: 'application/json' };
    case 'malformed':
      return { payload: body.text, contentType: 'application/json' };
    case 'empty-json':
      return { payload: '', contentType: 'application/json' };
    case 'text':
      return { payload: body.text, contentType: 'text/plain' };
    case 'form':
      return {
        payload: body.pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'),
        contentType: 'application/x-www-form-urlencoded',
      };
    case 'multipart': {
      const form = rawMultipart(
        body.parts.map((p) =>
          'value' in p ? p : { ...p, bytes: p.bytes === 'png' ? pngBytes : Buffer.from(p.bytes, 'latin1') },
        ),
        { broken: body.broken },
      );
      return { payload: form.payload, contentType: form.headers['content-type'] };
    }
    case 'odd-type':
      return { payload: body.text, contentType: body.type };
  }
}

const describeRequest = (method: string, url: string, body: Body, anonymous: boolean) => {
  const { payload, contentType } = encodeBody(body);
  const shown = payload === undefined ? '' : String(payload).slice(0, 300);
  return `${method} ${url.slice(0, 300)}${anonymous ? ' (anonymous)' : ''} [${contentType ?? 'no body'}] ${shown}`;
};

// ---- the property -----------------------------------------------------------------------------

describe('generated junk at every route', () => {
  it('covers the routes of the route table', () => {
    expect(apiRoutes(ctx).length).toBeGreaterThan(40);
  });

  it('never answers 5xx, always explains a 4xx, never leaks a hash, and a refusal changes nothing', async () => {
    const isDeleting = (r: { method: string; url: string }) =>
      r.method === 'DELETE' || r.url.endsWith('/delete');
    // Deleting routes last, so the seeded rows are there for everything else.
    const routes = [...apiRoutes(ctx)].sort((a, b) => Number(isDeleting(a)) - Number(isDeleting(b)));
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let dbBefore = await snapshotDatabase(ctx.database.pool);
    let filesBefore = snapshotFiles(ctx.uploadsDir);

    for (const route of routes) {
      const property = fc.asyncProperty(requestArb(route, isDeleting(route)), async (req) => {
        const path = fillPath(
          route.url,
          req.params,
          req.rawPath && /^[\x21-\x7e]*$/.test(Object.values(req.params).join('')),
        );
        const url = req.query ? `${path}?${req.query}` : path;
        const { payload, contentType } = encodeBody(req.body);
        const res = await ctx.as().send(route.method as 'GET', url, payload, {
          headers: {
            ...(req.anonymous ? {} : ctx.auth(ctx.adminToken)),
            ...(contentType ? { 'content-type': contentType } : {}),
          },
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const problems = responseProblems(res);
        const dbAfter = await snapshotDatabase(ctx.database.pool);
        const filesAfter = snapshotFiles(ctx.uploadsDir);
        if (res.statusCode >= 400) {
          const changed = [...diffSnapshots(dbBefore, dbAfter), ...diffSnapshots(filesBefore, filesAfter)];
          if (changed.length > 0)
            problems.push(`refused with ${res.statusCode} but changed ${changed.join(', ')}`);
        }
        // A request the API accepted may change things; that becomes the new baseline.
        dbBefore = dbAfter;
        filesBefore = filesAfter;
        if (problems.length > 0)
          throw new Error(
            `${describeRequest(route.method, url, req.body, req.anonymous)}\n  → ${problems.join('\n  → ')}`,
          );
      });
      try {
        await fc.assert(property, {
          numRuns: RUNS,
          seed: SEED,
          endOnFailure: true,
          includeErrorInReport: true,
        });
      } catch (err) {
        failures.push(`${route.method} ${route.url}: ${(err as Error).message.slice(0, 3000)}`);
      }
    }
    // Most junk must be refused, so the property really exercised the refusal paths.
    const refused = [...statuses].filter(([s]) => s >= 400).reduce((n, [, c]) => n + c, 0);
    const total = [...statuses.values()].reduce((n, c) => n + c, 0);
    console.info(
      `junk: ${total} requests over ${routes.length} routes; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(failures).toEqual([]);
    expect(refused / total).toBeGreaterThan(0.5);
  }, 600_000);
});
