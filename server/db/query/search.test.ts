import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { inquiries } from '../schema';
import { countMatches } from './counting';
import { type ColumnSample, containsAnyOf, forgetSearchSamples, rareParts } from './search';

/** A sample of equal shares, as a histogram without common values gives. */
const sampleOf = (values: string[]): ColumnSample =>
  values.map((value) => ({ value, share: 1 / values.length }));
const emails = sampleOf(Array.from({ length: 100 }, (_, i) => `visitor${(i * 1999) % 200000}@example.com`));

describe('rareParts: which part of a term the index reads', () => {
  it('skips the trigrams most values share and keeps the rare runs between them', () => {
    // "vis" … "tor" and "exa" … "com" are in every sampled value; "or4" and the digits are not.
    expect(rareParts(emails, 'visitor4242')).toEqual(['or4242']);
    expect(rareParts(emails, 'VISITOR4242')).toEqual(['or4242']);
    // Each word is its own run: a trigram never spans a space or punctuation.
    expect(rareParts(emails, 'visitor4242 @ example.com 8181')).toEqual(['or4242', '8181']);
  });

  it('reads the whole term when nothing can be skipped, or nothing rare is left', () => {
    expect(rareParts(emails, '4242')).toBeNull(); // no common trigram
    expect(rareParts(emails, 'visitor')).toBeNull(); // a broad search: every trigram common
    expect(rareParts(emails, 'ab')).toBeNull(); // no trigram at all
    expect(rareParts([], 'visitor4242')).toBeNull(); // no statistics yet
  });

  it('reads the whole term when a sampled value holds the rare part (it may not be rare)', () => {
    const withIt = sampleOf([...emails.map((s) => s.value), 'visitor42420@example.com']);
    expect(rareParts(withIt, 'visitor4242')).toBeNull();
  });

  it('weighs a common value by its share of the rows', () => {
    const phones: ColumnSample = [
      { value: '+1 555 0100', share: 0.4 },
      ...Array.from({ length: 60 }, (_, i) => ({ value: `+44 20 7946 ${1000 + i}`, share: 0.01 })),
    ];
    // "555" is in one value only, but that value is 40 % of the rows.
    expect(rareParts(phones, '5559')).toEqual(['559']);
    expect(rareParts(phones, '7946')).toBeNull(); // common, and nothing rare beside it
  });
});

describe('a search through rare parts finds exactly what ILIKE finds', () => {
  let ctx: TestContext;
  let token: string;
  const statements: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    token = (await ctx.makeUser({ name: 'Sample Reader', email: 'sample-reader@example.com' })).token;
    await ctx.database.pool.query(
      `insert into inquiries (name, email, phone, subject, message, created_at)
       select 'Visitor ' || q, 'visitor' || q || '@example.com', null, 'Quote for item ' || q, 'Hi',
         now() - q * interval '1 minute'
       from generate_series(1000, 1399) q`,
    );
    await ctx.database.pool.query('analyze inquiries');
    // Added after the sample was taken, as most rows are: the rare parts are in no sampled value.
    // Some hold the rare part "or42" but not the whole term; one holds it in another column.
    await ctx.database.pool.query(
      `insert into inquiries (name, email, phone, subject, message) values
       ('Visitor 4242', 'visitor4242@example.com', null, 'Quote', 'Hi'),
       ('Visitor 42420', 'visitor42420@example.com', '+1 555 4242', 'Quote', 'Hi'),
       ('Or Fortytwo', 'or42@example.com', null, 'visitor-42', 'Hi'),
       ('Tess Tor', 'tess@example.com', null, 'Visitor42 came back', 'Hi'),
       ('Pat', 'pat@example.com', null, 'VISITOR4_2 underscore', 'Hi')`,
    );
    const pool = ctx.database.pool;
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as { query: typeof query }).query = (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text;
      if (text) statements.push(text);
      return query(...args);
    };
  });
  afterAll(() => ctx.close());
  beforeEach(() => {
    statements.length = 0;
  });

  /**
   * The substring search over the four columns, as the inbox ran it before it read words too
   * (which find more than ILIKE does): its first 100 ids by name and its total.
   */
  const search = async (q: string) => {
    const db = ctx.database.db;
    const [where] = await containsAnyOf(
      db,
      [{ table: inquiries, columns: [inquiries.name, inquiries.email, inquiries.phone, inquiries.subject] }],
      q,
    );
    const rows = await db
      .select({ id: inquiries.id })
      .from(inquiries)
      .where(where)
      .orderBy(sql`lower(${inquiries.name})`, inquiries.id)
      .limit(100);
    return { ids: rows.map((r) => r.id), meta: await countMatches(db, inquiries, where) };
  };
  /** The same search as plain ILIKE over the four columns, in the list's order. */
  const expected = async (q: string) => {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const { rows } = await ctx.database.pool.query(
      `select id from inquiries where name ilike $1 or email ilike $1 or phone ilike $1 or subject ilike $1
       order by lower(name), id limit 100`,
      [like],
    );
    return rows.map((r: { id: number }) => r.id);
  };
  const usedRareParts = () => statements.some((s) => /\|\| ''\) ilike/.test(s));

  it('gives the index the rare part and checks the whole term on what it finds', async () => {
    forgetSearchSamples(ctx.database.db);
    for (const q of ['visitor42', 'VISITOR4', 'visitor4242@example']) {
      const want = await expected(q);
      expect(want.length, q).toBeGreaterThan(0);
      statements.length = 0;
      const got = await search(q);
      expect(got.ids, q).toEqual(want);
      expect(got.meta).toMatchObject({ total: want.length, total_exact: true });
      expect(usedRareParts(), q).toBe(true);
    }
    // The rare part "or42" alone is in 'or42@example.com', which "visitor42" must not find.
    const [orOnly] = (
      await ctx.database.pool.query(`select id from inquiries where email = 'or42@example.com'`)
    ).rows;
    expect((await search('visitor42')).ids).not.toContain(orOnly.id);
  });

  it('takes LIKE wildcards in the term literally', async () => {
    const got = await search('visitor4_2');
    expect(got.ids).toEqual(await expected('visitor4_2'));
    expect(got.ids).toHaveLength(1); // only 'VISITOR4_2 underscore', not visitor402 … visitor492
    expect(usedRareParts()).toBe(true);
    expect((await search('visitor4%')).ids).toEqual([]);
  });

  it('reads the whole term when statistics say nothing can be skipped', async () => {
    for (const q of ['visitor', '3999', 'item 12']) {
      statements.length = 0;
      expect((await search(q)).ids, q).toEqual(await expected(q));
      expect(usedRareParts(), q).toBe(false);
    }
  });

  it('without statistics, searches as plain ILIKE and finds the same rows', async () => {
    const fresh = await createTestContext();
    try {
      const user = await fresh.makeUser({ name: 'Fresh Reader', email: 'fresh-reader@example.com' });
      await fresh.database.pool.query(
        `insert into inquiries (name, email, subject, message)
         select 'Visitor ' || q, 'visitor' || q || '@example.com', 'Quote', 'Hi' from generate_series(1, 50) q`,
      );
      const res = await fresh
        .as(user.token)
        .get('/api/inquiries?perPage=100&sortBy=email&order=asc&q=visitor4');
      // Sorted here: the database's collation places "visitor4@" among "visitor4x@".
      expect(
        res
          .json()
          .data.map((r: { email: string }) => r.email)
          .sort(),
      ).toEqual(
        [
          'visitor4@example.com',
          ...Array.from({ length: 10 }, (_, i) => `visitor${40 + i}@example.com`),
        ].sort(),
      );
    } finally {
      await fresh.close();
    }
  });

  it('finds products by the rare part of a name', async () => {
    await ctx.database.pool.query(
      `insert into products (name, slug, sku, mrp)
       select 'Cordless Drill ' || q, 'cordless-drill-' || q, 'SKU-' || lpad(q::text, 7, '0'), 10
       from generate_series(1, 300) q`,
    );
    await ctx.database.pool.query('analyze products');
    await ctx.database.pool.query(
      `insert into products (name, slug, sku, mrp) values
       ('Heavy Drill 4242', 'heavy-drill-4242', 'HD-1', 10),
       ('Drill 4242 Case', 'drill-4242-case', 'DC-1', 10),
       ('Drill Bit 4242', 'drill-bit-4242', 'DB-1', 10)`,
    );
    forgetSearchSamples(ctx.database.db);
    const res = await ctx.as(token).get('/api/products?limit=50&q=drill%204242');
    const names = res.json().data.map((p: { name: string }) => p.name);
    const { rows } = await ctx.database.pool.query(
      `select name from products where name ilike '%drill 4242%' or sku ilike '%drill 4242%'
       order by created_at desc, id desc`,
    );
    // The product search widens the substring match (every word, in any order) and keeps all it found.
    expect(names).toEqual(expect.arrayContaining(rows.map((r: { name: string }) => r.name)));
    expect(rows.map((r: { name: string }) => r.name).sort()).toEqual(['Drill 4242 Case', 'Heavy Drill 4242']);
    expect([...names].sort()).toEqual(['Drill 4242 Case', 'Drill Bit 4242', 'Heavy Drill 4242']);
    expect(usedRareParts()).toBe(true);
  });
});
