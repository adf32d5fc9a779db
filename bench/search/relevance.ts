/**
 * The relevance set (relevance.json): queries over the demo catalogue, each with the products it
 * should find, and the measures taken over it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a query tries: the matching rule it stands for. */
export const QUERY_KINDS = [
  'word',
  'plural',
  'word form',
  'prefix',
  'typo',
  'sku',
  'sku without separator',
  'spec with unit',
  'number without unit',
  'size',
  'multi-word',
  'brand and type',
  'category',
  'description',
] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

/** One query; `expect` holds the slugs of the demo products it should find, any of them first. */
export type RelevanceQuery = { q: string; kind: QueryKind; expect: string[] };
export type RelevanceSet = { queries: RelevanceQuery[] };

const here = path.dirname(fileURLToPath(import.meta.url));
export const relevanceSet: RelevanceSet = JSON.parse(readFileSync(path.join(here, 'relevance.json'), 'utf8'));

/** The rank (1 = first) of the first expected product among the answers, or null. */
export function firstHit(answers: string[], expected: string[]): number | null {
  const i = answers.findIndex((slug) => expected.includes(slug));
  return i < 0 ? null : i + 1;
}

/**
 * hit@3 (the share of queries with an expected product among the first three answers) and MRR
 * (the mean of 1 / the rank of the first expected product, 0 when none came back).
 */
export function score(ranks: (number | null)[]): { hitAt3: number; mrr: number } {
  if (ranks.length === 0) return { hitAt3: 0, mrr: 0 };
  const hits = ranks.filter((r) => r !== null && r <= 3).length;
  const reciprocal = ranks.reduce<number>((sum, r) => sum + (r === null ? 0 : 1 / r), 0);
  return { hitAt3: hits / ranks.length, mrr: reciprocal / ranks.length };
}

/** What a query of the German set tries. */
export const GERMAN_QUERY_KINDS = [
  'word',
  'word form',
  'compound part',
  'compound',
  'sku',
  'spec with unit',
  'brand and type',
  'multi-word',
  'description',
  'english word',
  'mixed',
] as const;
export type GermanQueryKind = (typeof GERMAN_QUERY_KINDS)[number];

/**
 * The German relevance set (relevance-de.json): the demo products' German names and descriptions,
 * written as their `de` translations before it is measured, and queries as relevance.json's, asked
 * of the public product list with `locale=de`.
 */
export type GermanRelevanceSet = {
  translations: Record<string, { name: string; description: string }>;
  queries: { q: string; kind: GermanQueryKind; expect: string[] }[];
};
export const germanRelevanceSet: GermanRelevanceSet = JSON.parse(
  readFileSync(path.join(here, 'relevance-de.json'), 'utf8'),
);
