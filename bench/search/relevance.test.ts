import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { firstHit, QUERY_KINDS, relevanceSet, score } from './relevance';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The demo catalogue's products; server/cli/demo.test.ts holds it to the seeded catalogue. */
const demo: { products: { slug: string; sku: string; status: string }[] } = JSON.parse(
  readFileSync(path.join(here, 'demo-products.json'), 'utf8'),
);

describe('the relevance set', () => {
  const { queries } = relevanceSet;

  it('holds at least 60 distinct queries, every kind of query among them', () => {
    expect(queries.length).toBeGreaterThanOrEqual(60);
    expect(new Set(queries.map((q) => q.q.trim().toLowerCase())).size).toBe(queries.length);
    for (const kind of QUERY_KINDS)
      expect(queries.filter((q) => q.kind === kind).length, kind).toBeGreaterThan(0);
    for (const q of queries) expect(QUERY_KINDS).toContain(q.kind);
  });

  it('expects only published products of the demo catalogue, each named once', () => {
    const published = new Set(demo.products.filter((p) => p.status === 'published').map((p) => p.slug));
    for (const q of queries) {
      expect(q.expect.length, q.q).toBeGreaterThan(0);
      expect(new Set(q.expect).size, q.q).toBe(q.expect.length);
      expect(
        q.expect.filter((slug) => !published.has(slug)),
        q.q,
      ).toEqual([]);
    }
  });

  it('SKU queries expect the one product with that SKU', () => {
    const bySku = new Map(demo.products.map((p) => [p.sku.replace(/[^a-z0-9]/gi, '').toLowerCase(), p.slug]));
    for (const q of queries.filter((q) => q.kind.startsWith('sku')))
      expect(q.expect, q.q).toEqual([bySku.get(q.q.replace(/[^a-z0-9]/gi, '').toLowerCase())]);
  });
});

describe('the measures', () => {
  it('rank the first expected answer, and score hit@3 and MRR over the queries', () => {
    expect(firstHit(['a', 'b', 'c'], ['c', 'b'])).toBe(2);
    expect(firstHit(['a'], ['z'])).toBeNull();
    expect(score([1, 3, 4, null])).toEqual({ hitAt3: 0.5, mrr: (1 + 1 / 3 + 1 / 4) / 4 });
    expect(score([])).toEqual({ hitAt3: 0, mrr: 0 });
  });
});
