import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { editDistance, numberForms, searchWords, sizeParts, typoCandidate } from '#domain/search';
import type { Db } from '../client';

type Executor = Pick<Db, 'execute'>;

/**
 * A query's words as a tsquery over a document built by stockroom_search_text (migration 0035),
 * read against a vocabulary of the documents' words for stems and typos. The product search and
 * the inbox's both read their queries here, so they forgive the same things.
 *
 * The tsquery is written here from words of letters, digits and decimal points only, so no input
 * can make it a syntax error.
 */
export type WordQuery = {
  /** The words kept (not stop words), in order, each with its stem and its one-edit neighbours. */
  terms: { word: string; stem: string; near: string[] }[];
  /** Every term must be in the document: for to_tsquery('english', …). */
  tsquery: string;
};

/** The vocabularies: the catalogue's words and the inbox's. */
export type Vocabulary = 'search_words' | 'inquiry_words';

const WORDS = {
  /** Vocabulary words within trigram reach of a mistyped word, checked for one edit in JS. */
  nearWords: 20,
  /** A word before the query's last one shorter than this is matched whole, not as a prefix. */
  wholeBelow: 4,
} as const;

type WordRow = { word: string; stem: string; near: string[] | null };

/** A text[] literal of words that hold only letters, digits and points (searchWords). */
export const textArray = (words: string[]) => `{${words.map((w) => `"${w}"`).join(',')}}`;
const boolArray = (flags: boolean[]) => `{${flags.map((f) => (f ? 't' : 'f')).join(',')}}`;

/** Words whose stems are remembered, per database. */
const KEPT_STEMS = 2_000;
const stems = new WeakMap<object, LRUCache<string, string>>();

/**
 * Each word's english stem ('' for a stop word) and, for a word that may carry a typo and starts
 * no vocabulary word (nor does its stem), the vocabulary words trigram-similar to it.
 *
 * A stem is the dictionary's, never the data's, so it is remembered: a query none of whose words
 * may carry a typo (numbers, codes, short words), each met before, needs no statement at all.
 */
async function readWords(db: Executor, words: string[], vocabulary: Vocabulary): Promise<WordRow[]> {
  const known = stems.get(db) ?? new LRUCache<string, string>({ max: KEPT_STEMS });
  stems.set(db, known);
  if (!words.some(typoCandidate) && words.every((w) => known.has(w)))
    return words.map((word) => ({ word, stem: known.get(word) as string, near: null }));
  const rows = await readVocabulary(db, words, vocabulary);
  for (const r of rows) known.set(r.word, r.stem);
  return rows;
}

async function readVocabulary(db: Executor, words: string[], vocabulary: Vocabulary): Promise<WordRow[]> {
  const v = sql.identifier(vocabulary);
  const { rows } = await db.execute<WordRow>(sql`
    select t.word, s.stem,
      case when t.typo and not starts_with(coalesce((select w.word from ${v} w where w.word >= t.word
            order by w.word limit 1), ''), t.word)
          and not (s.stem <> '' and starts_with(coalesce((select w.word from ${v} w where w.word >= s.stem
            order by w.word limit 1), ''), s.stem))
        then array(select w.word from ${v} w where w.word % t.word
          order by similarity(w.word, t.word) desc, w.word limit ${WORDS.nearWords})
      end as near
    from unnest(${textArray(words)}::text[], ${boolArray(words.map(typoCandidate))}::bool[])
      with ordinality as t(word, typo, i)
    cross join lateral (select coalesce((ts_lexize('english_stem', t.word))[1], '') as stem) s
    order by t.i`);
  return rows;
}

/**
 * A word as a tsquery. A word matches its forms and, as it may still be typed, the words it
 * starts; but a short word before the last is taken as finished: as a prefix, "pro" in "pro saw"
 * started "product" and "professional", which widened the matches (and so the facets) to every
 * saw. A number is matched whole ("1" is not "12"), alone or joined to any unit ("19" is "19mm"),
 * and a number with a unit with any spelling of the unit; a size's values each ("m8x40" is m8 and
 * 40, whichever way the document writes it).
 */
function wordQuery(word: string, last: boolean): string {
  const size = sizeParts(word);
  if (size)
    return `(${word} | (${size.map((part, i) => wordQuery(part, last && i === size.length - 1)).join(' & ')}))`;
  const number = numberForms(word);
  if (number?.bare) return `(${[word, ...number.units.map((unit) => `${word}${unit}`)].join(' | ')})`;
  if (number)
    return `(${number.units.map((unit) => `${number.number}${unit}${last ? ':*' : ''}`).join(' | ')})`;
  return /^\d+(\.\d+)*$/.test(word) || (!last && word.length < WORDS.wholeBelow) ? word : `${word}:*`;
}

/**
 * The query's words as a tsquery, or null when none is left to search (no words, or stop words
 * only, which no document holds). One statement against the vocabulary.
 */
export async function readWordQuery(
  db: Executor,
  query: string,
  vocabulary: Vocabulary,
): Promise<WordQuery | null> {
  const words = searchWords(query);
  if (words.length === 0) return null;
  // Stop words ("the", "and") have no stem: the document holds none of them.
  const rows = (await readWords(db, words, vocabulary)).filter((r) => r.stem !== '' || /\d/.test(r.word));
  if (rows.length === 0) return null;
  const terms = rows.map((r) => ({
    ...r,
    near: (r.near ?? []).filter((w) => w !== r.word && editDistance(r.word, w) <= 1),
  }));
  const tsquery = terms
    .map((t, i) => {
      const word = wordQuery(t.word, i === terms.length - 1);
      return t.near.length ? `(${[word, ...t.near].join(' | ')})` : word;
    })
    .join(' & ');
  return { terms, tsquery };
}
