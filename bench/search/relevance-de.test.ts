import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GERMAN_QUERY_KINDS, germanRelevanceSet } from './relevance';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The demo catalogue's products; server/cli/demo.test.ts holds it to the seeded catalogue. */
const demo: { products: { slug: string; sku: string; status: string }[] } = JSON.parse(
  readFileSync(path.join(here, 'demo-products.json'), 'utf8'),
);

describe('the German relevance set', () => {
  const { queries, translations } = germanRelevanceSet;
  const published = new Set(demo.products.filter((p) => p.status === 'published').map((p) => p.slug));

  it('holds distinct queries of every kind', () => {
    expect(queries.length).toBeGreaterThanOrEqual(40);
    expect(new Set(queries.map((q) => q.q.trim().toLowerCase())).size).toBe(queries.length);
    for (const kind of GERMAN_QUERY_KINDS)
      expect(queries.filter((q) => q.kind === kind).length, kind).toBeGreaterThan(0);
    for (const q of queries) expect(GERMAN_QUERY_KINDS).toContain(q.kind);
  });

  it('translates published demo products only, each with a name and a description', () => {
    for (const [slug, text] of Object.entries(translations)) {
      expect(published.has(slug), slug).toBe(true);
      expect(text.name.length, slug).toBeGreaterThan(0);
      expect(text.description.length, slug).toBeGreaterThan(0);
    }
  });

  it('expects published demo products, each named once', () => {
    for (const q of queries) {
      expect(q.expect.length, q.q).toBeGreaterThan(0);
      expect(new Set(q.expect).size, q.q).toBe(q.expect.length);
      expect(
        q.expect.filter((slug) => !published.has(slug)),
        q.q,
      ).toEqual([]);
    }
  });
});
