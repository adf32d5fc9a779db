import { type SQL, sql } from 'drizzle-orm';
import { numberForms, searchWords, sizeParts, skuKey } from '#domain/search';
import type { Db } from '../client';
import { products } from '../schema';
import type { RankWindow } from './counting';
import { containsAny } from './search';
import { type LocaleTerm, readLocaleWordQuery, readWordQuery, textArray } from './word-query';

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
 * catalogue also matches the catalogue's words one edit away ("stainles"); a bare number matches
 * it with any unit ("19" is "19 mm"), a unit any of its spellings, a size each of its values
 * (readWordQuery). Or when its SKU key is the query's ("spa1042" for SPA-1042), or when its name
 * or SKU contains the query as it is (the substring search this one widened, so nothing it found
 * is lost).
 */
export type ProductSearch = {
  where: SQL;
  rank: SQL;
  window?: RankWindow;
  /** The query's SKU key (letters and digits), which may be a variant's: its product links to it. */
  skuKey: string | null;
};

/**
 * The products whose SKU key, or one of whose variants' (migration 0059's index of variants with
 * values), is `key`.
 */
const keyProducts = (key: string) =>
  sql`select product_id from product_search where sku_key = ${key}
    union all select product_id from product_variants
      where stockroom_sku_key(sku) = ${key} and option1_value_id is not null and status = 'active'`;

/**
 * The id of the active variant of the product in `row` whose SKU key is `key`, or null: a search
 * for a variant's SKU links its product to that variant. A column of the statement that reads the
 * cards, so it costs no statement of its own.
 */
export const variantBySku = (key: string, productId: SQL) =>
  sql<number | null>`(select min(v.id) from product_variants v where v.product_id = ${productId}
    and v.option1_value_id is not null and v.status = 'active' and stockroom_sku_key(v.sku) = ${key})`;

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
  return `(?:${[wordRegex(word, stem), ...alternatives.map(escapeRegex)].join('|')})`;
}

function wordRegex(word: string, stem: string): string {
  const size = sizeParts(word);
  if (size) return size.map((part) => wordRegex(part, part)).join('\\s*[x×]?\\s*');
  const number = numberForms(word);
  if (number && !number.bare) return `${number.number}\\s*(?:${number.units.join('|')})`;
  return escapeRegex(formsPrefix(word, stem));
}

/**
 * The search for a query, or undefined for a query with nothing to search. Reads the query's
 * words against the vocabulary first (one statement), for stems and typos.
 */
export async function productSearch(
  db: Executor,
  query: string,
  opts: { locale?: string } = {},
): Promise<ProductSearch | undefined> {
  const q = query.trim();
  if (!q) return undefined;
  if (opts.locale) return localeSearch(db, q, opts.locale);
  const substring = await containsAny(db, products, [products.name, products.sku], q);
  const key = skuKey(q);
  // The exact SKU's product, found once through the key's index, not from each row's SKU.
  const byKey = key ? sql`${products.id} = any(array(${keyProducts(key)}))` : sql`false`;
  // The matches as one set of ids, a semi-join. As an OR of conditions on products, the ids from
  // the documents were an array that every row the trigram index found was checked against.
  // A variant's SKU key finds its product too (only variants with values: a default variant's SKU
  // is its product's).
  const either = (documents: SQL, variantKey: string) =>
    sql`${products.id} in (select product_id from product_search where ${documents}
      ${variantKey ? sql`union all select product_id from product_variants where stockroom_sku_key(sku) = ${variantKey} and option1_value_id is not null and status = 'active'` : sql``}
      union all select ${products.id} from ${products} where ${substring})`;
  const read = await readWordQuery(db, q, 'search_words');
  if (!read)
    return {
      where: either(key ? sql`sku_key = ${key}` : sql`false`, key),
      rank: sql`(case when ${byKey} then 3 else 0 end)`,
      skuKey: key || null,
    };
  const { terms, tsquery } = read;
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
      key,
    ),
    skuKey: key || null,
    rank: sql`(case when ${byKey} then 3 when ${products.name} ~* ${phrase} then 2
      when ${allInName} then 1 else 0 end)`,
    // The same match row by row, for a few rows (RankWindow): a probe of the product's own
    // document by its key, where the set above reads every match. A scalar subquery, as EXISTS
    // was planned as the set of every match, hashed.
    window: {
      where: sql`(coalesce((select s.doc @@ ${found} ${key ? sql`or s.sku_key = ${key}` : sql``}
          from product_search s where s.product_id = ${products.id}), false) or ${substring})`,
      settle: 2,
      outranked: key ? sql`exists (${keyProducts(key)})` : sql`false`,
    },
  };
}

/** The translation's name in a locale, or null: a column of the row the rank is computed on. */
const translatedName = (locale: string) =>
  sql`(select t.name from product_translations t where t.product_id = ${products.id} and t.locale = ${locale})`;

/**
 * The search in a translated locale (`?locale=de`): every word of the query is in the default
 * language's document (as productSearch reads it) or in the locale's translation (its own
 * document, stemmed in its language, its compounds split and found inside others), each word on
 * either side, so "Akkubohrer 18V" finds a German name and an English spec. As one set of ids: the
 * whole query in the default document, or in the translation's (an index read each), or, with
 * several words, the translations holding any of them checked word by word against both
 * documents; the SKU key and the substring of the default name or SKU as in productSearch. Ranked
 * as productSearch, the translated name counted as the name.
 */
async function localeSearch(db: Executor, q: string, locale: string): Promise<ProductSearch> {
  const substring = await containsAny(db, products, [products.name, products.sku], q);
  const key = skuKey(q);
  const byKey = key ? sql`${products.id} = any(array(${keyProducts(key)}))` : sql`false`;
  const byKeyIds = key
    ? sql`union all select product_id from product_search where sku_key = ${key}
      union all select product_id from product_variants where stockroom_sku_key(sku) = ${key}
        and option1_value_id is not null and status = 'active'`
    : sql``;
  const terms = await readLocaleWordQuery(db, q, locale);
  const substringIds = sql`union all select ${products.id} from ${products} where ${substring}`;
  if (!terms)
    return {
      where: sql`${products.id} in (select product_id from product_search where false ${byKeyIds} ${substringIds})`,
      rank: sql`(case when ${byKey} then 3 else 0 end)`,
      skuKey: key || null,
    };
  const en = (t: LocaleTerm) => sql`s.doc @@ to_tsquery('english', ${t.tsquery})`;
  const local = (t: LocaleTerm) => sql`t.search_doc @@ to_tsquery('simple', ${t.localTsquery})`;
  const all = (side: (t: LocaleTerm) => string) => terms.map(side).join(' & ');
  // A product with some words on each side holds at least one in its translation: those are read
  // from the translations' index, then checked word by word against both documents of the row.
  const mixed =
    terms.length > 1
      ? sql`union all select t.product_id from product_translations t
          join product_search s on s.product_id = t.product_id
          where t.locale = ${locale}
            and t.search_doc @@ to_tsquery('simple', ${terms.map((t) => t.localTsquery).join(' | ')})
            and ${sql.join(
              terms.map((t) => sql`(${en(t)} or ${local(t)})`),
              sql` and `,
            )}`
      : sql``;
  return {
    where: sql`${products.id} in (select product_id from product_search where doc @@ to_tsquery('english', ${all((t) => t.tsquery)})
      union all select product_id from product_translations
        where locale = ${locale} and search_doc @@ to_tsquery('simple', ${all((t) => t.localTsquery)})
      ${mixed} ${byKeyIds} ${substringIds})`,
    skuKey: key || null,
    rank: localeRank(terms, locale, byKey),
  };
}

/** productSearch's rank over the default name, or the translated one, whichever is higher. */
function localeRank(terms: LocaleTerm[], locale: string, byKey: SQL): SQL {
  const name = translatedName(locale);
  const each = terms.map((t) => nameRegex(t.word, t.stem, t.near));
  const local = terms.map((t) => wordRegex(t.word, t.localStem));
  const phrase = (res: string[]) => `\\m${res.join('[[:alnum:]]*[^[:alnum:]]+')}`;
  const allInName = sql.join(
    each.map((re) => sql`${products.name} ~* ${`\\m${re}`}`),
    sql` and `,
  );
  // In the translated name, each word's stem anywhere: inside a compound too ("bohr" in
  // "Akkubohrer").
  const allLocal = sql.join(
    local.map((re) => sql`${name} ~* ${re}`),
    sql` and `,
  );
  return sql`(case when ${byKey} then 3
    when ${products.name} ~* ${phrase(each)} or ${name} ~* ${phrase(local)} then 2
    when ${allInName} or (${allLocal}) then 1 else 0 end)`;
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
