import { type SQL, sql } from 'drizzle-orm';
import { editDistance, SEARCH_UNITS, searchWords, skuKey, typoCandidate } from '#domain/search';
import type { Db } from '../client';
import { products } from '../schema';
import type { RankWindow } from './counting';
import { containsAny } from './search';

type Executor = Pick<Db, 'execute'>;

/**
 * The one product search: which products a query finds (`where`, over products) and how well
 * (`rank`, higher first: 3 the exact SKU, 2 the words as a phrase in the name, 1 every word in
 * the name, else 0). Used by the shop, the staff list (with its bulk actions and export), the
 * public product list and the palette.
 *
 * A product is found when every word of the query is in its search document (migration 0035:
 * name, SKU, brand, category chain, description, sections), as a word form (english stemming) or
 * as the start of one ("cordl"); a word of five letters or more that starts no word of the
 * catalogue also matches the catalogue's words one edit away ("stainles"). Or when its SKU key is
 * the query's ("spa1042" for SPA-1042), or when its name or SKU contains the query as it is (the
 * substring search this one widened, so nothing it found is lost).
 *
 * The tsquery is written here from words of letters, digits and decimal points only, so no input
 * can make it a syntax error.
 */
export type ProductSearch = { where: SQL; rank: SQL; window?: RankWindow };

const SEARCH = {
  /** Vocabulary words within trigram reach of a mistyped word, checked for one edit in JS. */
  nearWords: 20,
  /** A word before the query's last one shorter than this is matched whole, not as a prefix. */
  wholeBelow: 4,
} as const;

type WordRow = { word: string; stem: string; near: string[] | null };

/** A text[] literal of words that hold only letters, digits and points (searchWords). */
const textArray = (words: string[]) => `{${words.map((w) => `"${w}"`).join(',')}}`;
const boolArray = (flags: boolean[]) => `{${flags.map((f) => (f ? 't' : 'f')).join(',')}}`;

/**
 * Each word's english stem ('' for a stop word) and, for a word that may carry a typo and starts
 * no vocabulary word (nor does its stem), the vocabulary words trigram-similar to it.
 */
async function readWords(db: Executor, words: string[]): Promise<WordRow[]> {
  const { rows } = await db.execute<WordRow>(sql`
    select t.word, s.stem,
      case when t.typo and not starts_with(coalesce((select w.word from search_words w where w.word >= t.word
            order by w.word limit 1), ''), t.word)
          and not (s.stem <> '' and starts_with(coalesce((select w.word from search_words w where w.word >= s.stem
            order by w.word limit 1), ''), s.stem))
        then array(select w.word from search_words w where w.word % t.word
          order by similarity(w.word, t.word) desc, w.word limit ${SEARCH.nearWords})
      end as near
    from unnest(${textArray(words)}::text[], ${boolArray(words.map(typoCandidate))}::bool[])
      with ordinality as t(word, typo, i)
    cross join lateral (select coalesce((ts_lexize('english_stem', t.word))[1], '') as stem) s
    order by t.i`);
  return rows;
}

const NUMBER_UNIT = new RegExp(`^(\\d+)(${SEARCH_UNITS.join('|')})$`);
const escapeRegex = (word: string) => word.replace(/\./g, '\\.');

/** The start of a word that any of its forms share: the word and its stem's common prefix. */
function formsPrefix(word: string, stem: string): string {
  if (!stem) return word;
  let n = 0;
  while (n < word.length && n < stem.length && word[n] === stem[n]) n++;
  return n >= Math.min(3, word.length) ? word.slice(0, n) : word;
}

/** A regular expression (PostgreSQL's) for a word's forms at the start of a word in the name. */
function nameRegex(word: string, stem: string, alternatives: string[]): string {
  const unit = NUMBER_UNIT.exec(word);
  const own = unit ? `${unit[1]}\\s*${unit[2]}` : escapeRegex(formsPrefix(word, stem));
  return `(?:${[own, ...alternatives.map(escapeRegex)].join('|')})`;
}

/**
 * The search for a query, or undefined for a query with nothing to search. Reads the query's
 * words against the vocabulary first (one statement), for stems and typos.
 */
export async function productSearch(db: Executor, query: string): Promise<ProductSearch | undefined> {
  const q = query.trim();
  if (!q) return undefined;
  const substring = await containsAny(db, products, [products.name, products.sku], q);
  const key = skuKey(q);
  // The exact SKU's product, found once through the key's index, not from each row's SKU.
  const byKey = key
    ? sql`${products.id} = any(array(select product_id from product_search where sku_key = ${key}))`
    : sql`false`;
  // The matches as one set of ids, a semi-join. As an OR of conditions on products, the ids from
  // the documents were an array that every row the trigram index found was checked against.
  const either = (documents: SQL) =>
    sql`${products.id} in (select product_id from product_search where ${documents}
      union all select ${products.id} from ${products} where ${substring})`;
  const words = searchWords(q);
  // Stop words ("the", "and") have no stem: the document holds none of them.
  const rows = words.length
    ? (await readWords(db, words)).filter((r) => r.stem !== '' || /\d/.test(r.word))
    : [];
  if (rows.length === 0)
    return {
      where: either(key ? sql`sku_key = ${key}` : sql`false`),
      rank: sql`(case when ${byKey} then 3 else 0 end)`,
    };
  const terms = rows.map((r) => {
    const near = (r.near ?? []).filter((w) => w !== r.word && editDistance(r.word, w) <= 1);
    return { ...r, near };
  });
  // A word matches its forms and, as it may still be typed, the words it starts; but a short word
  // before the last is taken as finished: as a prefix, "pro" in "pro saw" started "product" and
  // "professional", which widened the matches (and so the facets) to every saw. A number is
  // matched whole ("1" is not "12").
  const own = (word: string, last: boolean) =>
    /^\d+(\.\d+)*$/.test(word) || (!last && word.length < SEARCH.wholeBelow) ? word : `${word}:*`;
  const tsquery = terms
    .map((t, i) => {
      const word = own(t.word, i === terms.length - 1);
      return t.near.length ? `(${[word, ...t.near].join(' | ')})` : word;
    })
    .join(' & ');
  const found = sql`to_tsquery('english', ${tsquery})`;
  const each = terms.map((t) => nameRegex(t.word, t.stem, t.near));
  const phrase = `\\m${each.join('[[:alnum:]]*[^[:alnum:]]+')}`;
  const allInName = sql.join(
    each.map((re) => sql`${products.name} ~* ${`\\m${re}`}`),
    sql` and `,
  );
  // Apart, not OR-ed: one bitmap scan of both conditions rechecked every found row's document.
  return {
    where: either(
      key
        ? sql`doc @@ ${found} union all select product_id from product_search where sku_key = ${key}`
        : sql`doc @@ ${found}`,
    ),
    rank: sql`(case when ${byKey} then 3 when ${products.name} ~* ${phrase} then 2
      when ${allInName} then 1 else 0 end)`,
    // The same match row by row, for a few rows (RankWindow): a probe of the product's own
    // document by its key, where the set above reads every match. A scalar subquery, as EXISTS
    // was planned as the set of every match, hashed.
    window: {
      where: sql`(coalesce((select s.doc @@ ${found} ${key ? sql`or s.sku_key = ${key}` : sql``}
          from product_search s where s.product_id = ${products.id}), false) or ${substring})`,
      settle: 2,
      outranked: key ? sql`exists (select 1 from product_search where sku_key = ${key})` : sql`false`,
    },
  };
}

/**
 * "Did you mean": for a query that found nothing, the query with each word replaced by the
 * closest vocabulary word, or else the product name closest to it; only one that `finds` says
 * finds something. Null when there is none.
 */
export async function searchSuggestion(
  db: Executor,
  query: string,
  finds: (suggestion: string) => Promise<boolean>,
): Promise<string | null> {
  const words = searchWords(query);
  if (words.length === 0) return null;
  const { rows } = await db.execute<{ word: string; near: string | null }>(sql`
    select t.word, case when t.word ~ '^[[:alpha:]]{3,}$' then (select w.word from search_words w
        where w.word % t.word order by similarity(w.word, t.word) desc, w.word limit 1) end as near
    from unnest(${textArray(words)}::text[]) with ordinality as t(word, i) order by t.i`);
  const candidates = new Set<string>();
  const closest = rows.map((r) => r.near ?? r.word).join(' ');
  if (closest !== words.join(' ')) candidates.add(closest);
  // Without the words the catalogue has nothing like ("cordles fn" is "cordless").
  const known = rows.filter((r) => r.near !== null).map((r) => r.near);
  if (known.length > 0 && known.length < rows.length) candidates.add(known.join(' '));
  for (const candidate of candidates) if (await finds(candidate)) return candidate;
  const { rows: names } = await db.execute<{ name: string }>(sql`
    select name from ${products} where status = 'published' and ${query.trim()} <% name
    order by word_similarity(${query.trim()}, name) desc, name limit 1`);
  if (names[0] && (await finds(names[0].name))) return names[0].name;
  return null;
}
