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

/** A word of the query in a translated locale: its tsquery on each side. */
export type LocaleTerm = {
  word: string;
  /** The word's english stem, for the default language's rank. */
  stem: string;
  /** Its stem in the locale's language, for the translated name's rank. */
  localStem: string;
  /** Against the default language's document: to_tsquery('english', …), as readWordQuery's. */
  tsquery: string;
  /** Against the translation's document: lexemes already stemmed, for to_tsquery('simple', …). */
  localTsquery: string;
  near: string[];
};

type LocaleRow = {
  word: string;
  stem: string;
  compounds: string[] | null;
  splits: [string, string][] | null;
};

const LOCALE_WORDS = {
  /** A compound's part, and the stem found inside compounds, are at least this long. */
  part: 3,
  inside: 4,
  /** Compounds of the vocabulary that hold a word, at most. */
  compounds: 30,
} as const;

/** A lexeme quoted for a tsquery: a stem the database gave, whatever letters it holds. */
const lexeme = (word: string) => `'${word.replace(/['\\]/g, (c) => `\\${c}`)}'`;

/**
 * A word's ways to split into two parts of at least LOCALE_WORDS.part letters ("akkubohrer":
 * akk|ubohrer, akku|bohrer, …): the database keeps those whose first part is a word of the
 * vocabulary and whose second starts one.
 */
function splitsOf(word: string): [string, string][] {
  if (!/^\p{L}+$/u.test(word)) return [];
  const out: [string, string][] = [];
  for (let i = LOCALE_WORDS.part; i <= word.length - LOCALE_WORDS.part; i++)
    out.push([word.slice(0, i), word.slice(i)]);
  return out;
}

/**
 * Each word in the locale's language (stockroom_search_config): its stem; the vocabulary's
 * compounds that hold the stem inside or at their end ("bohr" in "akkubohr"), through the
 * vocabulary's trigram index; and its splits into a vocabulary word and the start of another
 * ("akkubohrer" is akku and bohr…). One statement.
 */
async function readLocaleWords(db: Executor, words: string[], locale: string): Promise<LocaleRow[]> {
  const splits = words.map((w) => splitsOf(w));
  const { rows } = await db.execute<LocaleRow>(sql`
    with cfg as (select stockroom_search_config(${locale}) as c)
    select t.word, s.stem,
      case when length(s.stem) >= ${LOCALE_WORDS.inside} and s.stem !~ '[0-9]' then array(
        select w.word from translation_words w
        where w.locale = ${locale} and w.word like '%' || s.stem || '%' and not starts_with(w.word, s.stem)
        order by length(w.word), w.word limit ${LOCALE_WORDS.compounds}) end as compounds,
      (select json_agg(json_build_array(p.head, p.tail))
        from json_array_elements(t.splits) e
        cross join lateral (select (tsvector_to_array(to_tsvector((select c from cfg), e->>0)))[1] as head,
          (tsvector_to_array(to_tsvector((select c from cfg), e->>1)))[1] as tail) p
        where exists (select 1 from translation_words w where w.locale = ${locale} and w.word = p.head)
          and starts_with(coalesce((select w.word from translation_words w where w.locale = ${locale}
            and w.word >= p.tail order by w.word limit 1), ''), p.tail)) as splits
    from json_array_elements(${JSON.stringify(words.map((w, i) => ({ w, s: splits[i] })))}::json)
      with ordinality as j(v, i)
    cross join lateral (select j.v->>'w' as word, j.v->'s' as splits) t
    cross join lateral (select coalesce((tsvector_to_array(to_tsvector((select c from cfg), t.word)))[1], '')
      as stem) s
    order by j.i`);
  return rows;
}

/**
 * The query's words for a search in a translated locale: each word as a tsquery against the
 * default language's document (english stemming, typos, numbers, as readWordQuery) and one against
 * the translation's (its language's stemming, its compounds). A word is dropped when either
 * language takes it as a stop word ("für", "the"): the other's document would then need it. Null
 * when no word is left. Two statements: the vocabulary's, and the locale's.
 */
export async function readLocaleWordQuery(
  db: Executor,
  query: string,
  locale: string,
): Promise<LocaleTerm[] | null> {
  const words = searchWords(query);
  if (words.length === 0) return null;
  const [english, local] = await Promise.all([
    readWords(db, words, 'search_words'),
    readLocaleWords(db, words, locale),
  ]);
  const kept = words
    .map((word, i) => ({ word, en: english[i], local: local[i] }))
    .filter(({ word, en, local }) => /\d/.test(word) || (en.stem !== '' && local.stem !== ''));
  if (kept.length === 0) return null;
  return kept.map(({ word, en, local }, i) => {
    const last = i === kept.length - 1;
    const near = (en.near ?? []).filter((w) => w !== word && editDistance(word, w) <= 1);
    const own = wordQuery(word, last);
    const tsquery = near.length ? `(${[own, ...near].join(' | ')})` : own;
    if (/\d/.test(word)) return { word, stem: en.stem, localStem: word, tsquery, localTsquery: own, near };
    const whole = !last && word.length < WORDS.wholeBelow;
    const forms = [
      `${lexeme(local.stem)}${whole ? '' : ':*'}`,
      ...(local.compounds ?? []).map(lexeme),
      ...(local.splits ?? []).map(([head, tail]) => `(${lexeme(head)} & ${lexeme(tail)}:*)`),
    ];
    return {
      word,
      stem: en.stem,
      localStem: local.stem,
      tsquery,
      localTsquery: `(${forms.join(' | ')})`,
      near,
    };
  });
}
