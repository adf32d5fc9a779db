import { ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGING } from '#domain/constants';
import { createTestContext, type TestContext } from '../../test/harness';
import type { Db } from '../client';
import { inquiries } from '../schema';
import { countMatches, ESTIMATES, forgetEstimates, pageWithTotal } from './counting';

/** Totals are exact while cheap, estimated (and marked so) past the cap. */
let ctx: TestContext;
const extra = PAGING.exactCountCap + 150;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.database.pool.query(
    `insert into inquiries (name, email, subject, message)
     select 'Bulk ' || i, 'bulk' || i || '@example.com', case when i % 100 = 0 then 'Rare topic' else 'Quote' end, 'Hello'
     from generate_series(1, $1::int) i`,
    [extra],
  );
  await ctx.database.pool.query('analyze inquiries');
});
afterAll(() => ctx.close());

/** The test database, handing the text of every statement it executes to `seen` first. */
const watched = (seen: (text: string) => void) => {
  const real = ctx.database.db;
  return new Proxy(real, {
    get(target, key, receiver) {
      if (key === 'execute')
        return (query: SQL) => {
          seen(new PgDialect().sqlToQuery(query).sql);
          return real.execute(query);
        };
      return Reflect.get(target, key, receiver);
    },
  }) as Db;
};

/** A list query of the inquiries by name, five to a page. */
const byName = (where: SQL | undefined, page: number) => ({
  table: inquiries,
  id: inquiries.id,
  where,
  sortColumns: { name: inquiries.name },
  params: { page, limit: 5, sortBy: 'name', order: 'asc' } as const,
});

/** pageWithTotal's options for a search of the inquiries' subjects, five to a page. */
const subjectSearch = (subject: string, page: number) => byName(ilike(inquiries.subject, subject), page);

const list = async (query: string) => {
  const res = await ctx.as(ctx.adminToken).get(`/api/inquiries?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { name: string }[]; meta: { total: number; total_exact: boolean } };
};

describe('list totals through the API', () => {
  it('an unfiltered list is exact at any size: the triggers of migration 0007 keep its count', async () => {
    const all = await list('perPage=20');
    const { n } = (await ctx.database.pool.query('select count(*)::int as n from inquiries')).rows[0];
    expect(n).toBeGreaterThan(PAGING.exactCountCap);
    expect(all.meta).toMatchObject({ total: n, total_exact: true });
    expect(all.data).toHaveLength(20);
  });

  it('estimates a search past the cap and says so', async () => {
    const broad = await list('perPage=20&q=quote');
    expect(broad.meta.total_exact).toBe(false);
    // The planner's estimate, never below what was counted; close to the truth after analyze.
    const truth = extra - Math.floor(extra / 100);
    expect(broad.meta.total).toBeGreaterThan(PAGING.exactCountCap);
    expect(Math.abs(broad.meta.total - truth) / truth).toBeLessThan(0.2);
    expect(broad.data).toHaveLength(20);
  });

  it('counts exactly below the cap, searches included', async () => {
    const rare = await list('perPage=20&q=rare%20topic');
    expect(rare.meta).toMatchObject({ total: Math.floor(extra / 100), total_exact: true });
    const one = await list(`perPage=20&q=bulk${extra}@`);
    expect(one.meta).toMatchObject({ total: 1, total_exact: true });
    expect(one.data.map((r) => r.name)).toEqual([`Bulk ${extra}`]);
  });

  it('pages a narrow search in the order asked for', async () => {
    // A few matches are paged by their ids (countSearch): order and offset must still hold.
    const names = Array.from({ length: Math.floor(extra / 100) }, (_, i) => `Bulk ${(i + 1) * 100}`).sort();
    const page2 = await list('perPage=5&page=2&q=rare%20topic&sortBy=name&order=asc');
    expect(page2.data.map((r) => r.name)).toEqual(names.slice(5, 10));
    const desc = await list('perPage=5&page=1&q=rare%20topic&sortBy=name&order=desc');
    expect(desc.data.map((r) => r.name)).toEqual([...names].reverse().slice(0, 5));
  });
});

describe('list totals in the counting helpers', () => {
  it('countMatches honours its cap exactly at the boundary', async () => {
    const where = ilike(inquiries.subject, 'Rare topic');
    const n = Math.floor(extra / 100);
    expect(await countMatches(ctx.database.db, inquiries, where, n)).toEqual({ total: n, total_exact: true });
    const capped = await countMatches(ctx.database.db, inquiries, where, n - 1);
    expect(capped.total_exact).toBe(false);
    expect(capped.total).toBeGreaterThanOrEqual(n);
  });

  it('pageWithTotal reads a page and its total in one statement, and asks the planner first for a search', async () => {
    const statements: string[] = [];
    const record = <T>(query: { toSQL?: () => { sql: string } } | SQL, run: () => Promise<T>) => {
      statements.push(
        'toSQL' in query && query.toSQL ? query.toSQL().sql : new PgDialect().sqlToQuery(query as SQL).sql,
      );
      return run();
    };
    const real = ctx.database.db;
    const db = new Proxy(real, {
      get(target, key, receiver) {
        if (key === 'execute') return (query: SQL) => record(query, () => real.execute(query));
        return Reflect.get(target, key, receiver);
      },
    }) as Db;
    const page = (where: SQL | undefined, cap: number, estimateFirst = true) =>
      pageWithTotal(db, { ...byName(where, 1), cap, estimateFirst }, (scope) => {
        const query = scope.db
          .select({ name: inquiries.name, total: scope.total })
          .from(inquiries)
          .where(scope.where)
          .orderBy(...scope.order)
          .limit(scope.limit)
          .offset(scope.offset);
        return record(query, () => query);
      });
    const quote = ilike(inquiries.subject, 'Quote');
    const truth = extra - Math.floor(extra / 100);

    // About 1,139 matches, more than ten times a cap of 50: the estimate answers, nothing counted.
    const broad = await page(quote, 50);
    expect(broad.meta.total_exact).toBe(false);
    expect(broad.meta.total).toBeGreaterThan(500);
    expect(broad.rows).toHaveLength(5);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/^explain/);
    expect(statements[1]).not.toMatch(/matches/);

    // Within ten times the cap but past it: the CTE holds only some matches, so the page is read
    // again by the filter, and the total is an estimate.
    // Each step below starts without a remembered estimate, to show where the planner is asked.
    forgetEstimates(db);
    statements.length = 0;
    const past = await page(quote, 1000);
    expect(past.meta.total_exact).toBe(false);
    expect(past.meta.total).toBeGreaterThan(1000);
    expect(statements).toHaveLength(3);
    expect(statements[1]).toMatch(/^with "matches"/);
    expect(past.rows.map((r) => r.name)).toEqual(broad.rows.map((r) => r.name));

    // Under the cap: exact, one statement after the planner's.
    forgetEstimates(db);
    statements.length = 0;
    const narrow = await page(quote, truth);
    expect(narrow.meta).toEqual({ total: truth, total_exact: true, page: 1, limit: 5 });
    expect(statements).toHaveLength(2);

    // Without estimateFirst (small tables): the matches and the page in one statement.
    forgetEstimates(db);
    statements.length = 0;
    const rare = await page(ilike(inquiries.subject, 'Rare topic'), 1000, false);
    expect(rare.meta).toEqual({ total: Math.floor(extra / 100), total_exact: true, page: 1, limit: 5 });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^with "matches"/);

    // ... and past the cap, the page again by its filter, then the planner's estimate.
    forgetEstimates(db);
    statements.length = 0;
    const many = await page(quote, 1000, false);
    expect(many.meta.total_exact).toBe(false);
    expect(Math.abs(many.meta.total - truth) / truth).toBeLessThan(0.2);
    expect(many.rows.map((r) => r.name)).toEqual(broad.rows.map((r) => r.name));
    expect(statements).toHaveLength(3);
    expect(statements[2]).toMatch(/^explain/);

    // An empty page past the first still learns the total.
    const beyond = await pageWithTotal(db, { ...byName(quote, 99), estimateFirst: true }, (scope) =>
      scope.db.select({ total: scope.total }).from(inquiries).where(scope.where).limit(5).offset(10_000),
    );
    expect(beyond.rows).toEqual([]);
    expect(beyond.meta.total).toBeGreaterThan(PAGING.exactCountCap);
  });
});

describe('list totals by ids first, and remembered estimates', () => {
  it("idsFirst: a search finds its page's ids, then reads the page by them with a statement of fixed text", async () => {
    const statements: string[] = [];
    const db = watched((text) => statements.push(text));
    const pages: string[] = [];
    const page = (subject: string, cap: number, pageNumber = 1) =>
      pageWithTotal(db, { ...subjectSearch(subject, pageNumber), cap, idsFirst: true }, (scope) => {
        const query = scope.db
          .select({ id: inquiries.id, name: inquiries.name, total: scope.total })
          .from(inquiries)
          .where(inArray(inquiries.id, scope.ids()))
          .orderBy(...scope.order);
        pages.push(query.toSQL().sql);
        return query;
      });
    /** The same page by plain SQL: the search, sorted, cut. */
    const truth = async (subject: string, pageNumber = 1) =>
      (
        await ctx.database.pool.query(
          'select id from inquiries where subject ilike $1 order by name, id limit 5 offset $2',
          [subject, (pageNumber - 1) * 5],
        )
      ).rows.map((r: { id: number }) => r.id);
    const rare = Math.floor(extra / 100);

    // Under the cap: the count and the page's ids in one statement, then the page; exact.
    forgetEstimates(db);
    const narrow = await page('Rare topic', 1000);
    expect(narrow.meta).toEqual({ total: rare, total_exact: true, page: 1, limit: 5 });
    expect(narrow.rows.map((r) => r.id)).toEqual(await truth('Rare topic'));
    expect(narrow.rows.every((r) => r.total === rare)).toBe(true);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/^explain/);
    expect(statements[1]).toMatch(/^with counted/);
    // The last page, part full, and a page past the end, which still knows the total.
    const last = await page('Rare topic', 1000, 3);
    expect(last.rows.map((r) => r.id)).toEqual(await truth('Rare topic', 3));
    expect(last.rows).toHaveLength(rare - 10);
    const beyond = await page('Rare topic', 1000, 9);
    expect(beyond.rows).toEqual([]);
    expect(beyond.meta).toMatchObject({ total: rare, total_exact: true });

    // Far past the cap (about 1,139 matches, cap 50): the estimate answers, ids by the filter.
    statements.length = 0;
    const broad = await page('Quote', 50, 2);
    expect(broad.meta.total_exact).toBe(false);
    expect(broad.meta.total).toBeGreaterThan(500);
    expect(broad.rows.map((r) => r.id)).toEqual(await truth('Quote', 2));
    expect(statements).toHaveLength(2);
    expect(statements[1]).not.toMatch(/matches/);

    // Past the cap but not surely broad: the same statement counted past the cap and took the ids
    // by the filter; the total is an estimate, never fewer than the matches counted.
    forgetEstimates(db);
    statements.length = 0;
    const past = await page('Quote', 1000, 2);
    expect(past.meta.total_exact).toBe(false);
    expect(past.meta.total).toBeGreaterThan(1000);
    expect(past.rows.map((r) => r.id)).toEqual(await truth('Quote', 2));
    expect(statements).toHaveLength(2);
    expect(statements[1]).toMatch(/^with counted/);

    // Every page statement had the same text: ids and totals are parameters, not SQL.
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]).not.toMatch(/ilike/);
  });

  it('a broad ranked search takes its page from the first rows when they settle it, else from every match', async () => {
    const statements: string[] = [];
    const db = watched((text) => statements.push(text));
    const search = ilike(inquiries.subject, 'Quote');
    const ranked = (rank: SQL, outranked: SQL, pageNumber = 1) =>
      pageWithTotal(
        db,
        {
          ...byName(search, pageNumber),
          cap: 50,
          idsFirst: true,
          matchesFirst: true,
          rank,
          window: { where: search, settle: 2, outranked },
        },
        (scope) =>
          scope.db
            .select({ id: inquiries.id, total: scope.total })
            .from(inquiries)
            .where(inArray(inquiries.id, scope.ids()))
            .orderBy(...scope.order),
      );
    /** The same page by plain SQL: every match ranked, sorted, cut. */
    const truth = async (rank: string, pageNumber = 1) =>
      (
        await ctx.database.pool.query(
          `select id from inquiries where subject ilike 'Quote'
           order by ${rank} desc, name, id limit 5 offset $1`,
          [(pageNumber - 1) * 5],
        )
      ).rows.map((r: { id: number }) => r.id);
    const ids = (page: { rows: { id: number }[] }) => page.rows.map((r) => r.id);
    const usedWindow = () => statements.some((t) => /with m as/.test(t));

    // A tenth of the matches rank 2 (names ending in 7): the first rows by name settle pages 1 and 2.
    const tenth = "(case when name like '%7' then 2 else 0 end)";
    for (const pageNumber of [1, 2]) {
      statements.length = 0;
      const page = await ranked(sql.raw(tenth), sql`false`, pageNumber);
      expect(ids(page)).toEqual(await truth(tenth, pageNumber));
      expect(page.meta.total_exact).toBe(false);
      expect(usedWindow()).toBe(true);
      expect(statements.some((t) => /^select array\(select m\.id/.test(t))).toBe(false);
    }
    // One row ranks 2, the last by name: the first rows hold no page of rank 2, so every match
    // is ranked, and that row comes first.
    const last = (
      await ctx.database.pool.query("select max(name) as n from inquiries where subject ilike 'Quote'")
    ).rows[0].n as string;
    const one = `(case when name = '${last}' then 2 when name like '%7' then 1 else 0 end)`;
    statements.length = 0;
    const fallback = await ranked(sql.raw(one), sql`false`);
    expect(ids(fallback)).toEqual(await truth(one));
    expect(usedWindow()).toBe(true);
    expect(statements.some((t) => /^select array\(select m\.id/.test(t))).toBe(true);
    // A row that may rank above the settling rank anywhere (an exact SKU hit) means the same.
    statements.length = 0;
    const outranked = await ranked(sql.raw(tenth), sql`true`);
    expect(ids(outranked)).toEqual(await truth(tenth));
    expect(statements.some((t) => /^select array\(select m\.id/.test(t))).toBe(true);
  });

  it("remembers the planner's estimate of a search for a while, per database", async () => {
    const explains: string[] = [];
    const db = watched((text) => {
      if (/^explain/.test(text)) explains.push(text);
    });
    const page = (subject: string, pageNumber = 1) =>
      pageWithTotal(db, { ...subjectSearch(subject, pageNumber), estimateFirst: true }, (scope) =>
        scope.db
          .select({ name: inquiries.name, total: scope.total })
          .from(inquiries)
          .where(scope.where)
          .orderBy(...scope.order)
          .limit(scope.limit)
          .offset(scope.offset),
      );
    const first = await page('Quote');
    expect(explains).toHaveLength(1);
    // The same search, another page: the estimate is reused, and so is the "about" total.
    const second = await page('Quote', 2);
    expect(explains).toHaveLength(1);
    expect(second.meta.total).toBe(first.meta.total);
    expect(second.rows.map((r) => r.name)).not.toEqual(first.rows.map((r) => r.name));
    // Another pattern is another estimate.
    await page('Rare topic');
    expect(explains).toHaveLength(2);
    // Past its time, the planner is asked again.
    const now = Date.now();
    const later = vi.spyOn(Date, 'now').mockReturnValue(now + ESTIMATES.ttlMs + 1);
    try {
      await page('Quote');
      expect(explains).toHaveLength(3);
    } finally {
      later.mockRestore();
    }
    // Another database (here, another Db object) has estimates of its own.
    forgetEstimates(db);
    await page('Quote');
    expect(explains).toHaveLength(4);
  });
});
