import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { thumbnailUrl } from '#domain/images';
import { SHOP_PAGE_SIZE, type ShopSort } from '#domain/shop';
import { isSlug } from '#domain/slug';
import type { CatalogueCaches } from '../../cache/catalogue-cache';
import type { Db } from '../../db/client';
import { idsScope, type PageScope, pageWithTotal, type SortColumns } from '../../db/query/counting';
import {
  type ProductSearch,
  productSearch,
  searchSuggestion,
  variantBySku,
} from '../../db/query/product-search';
import { limitInText } from '../../db/query/sql';
import { brands, categories, products } from '../../db/schema';
import { nextPriceChange, refreshPrices } from '../products';
import { type PricingJson, priceByColumn, productPricing } from '../shared/pricing.sql';
import {
  type FoundSet,
  readFacets,
  type ShopFacets,
  type ShopFilter,
  shopConditions,
  whereOf,
} from './facets';
import type { CategoryNode, ShopCard } from './render/list';
import type { ProductLinks, ProductSeo } from './render/product';
import { readShopVariants } from './shop-variants';

/**
 * Visitors see published products only; every statement here says so, as a literal: a named
 * statement's generic plan cannot use the partial indexes of published products (migration 0018)
 * for a status given as a parameter.
 */
const published = sql`${products.status} = 'published'`;

/**
 * The shop's orders: newest first by default, as the staff list, from the partial indexes of
 * migration 0018; by price from products_price_idx, by name from products_name_idx.
 */
const SORT_COLUMNS: SortColumns<'created_at' | 'price' | 'name'> = {
  created_at: products.created_at,
  price: products.price_final,
  name: sql`lower(${products.name})`,
};

/**
 * Each order as a sort column and direction. Relevance is newest first until the search ranks its
 * matches: the substring match has no score.
 */
const SORTS: Record<ShopSort, { by: keyof typeof SORT_COLUMNS; dir: 'asc' | 'desc' }> = {
  relevance: { by: 'created_at', dir: 'desc' },
  newest: { by: 'created_at', dir: 'desc' },
  price: { by: 'price', dir: 'asc' },
  price_desc: { by: 'price', dir: 'desc' },
  name: { by: 'name', dir: 'asc' },
};

type CardRow = {
  id: number;
  slug: string;
  name: string;
  mrp: string;
  mrp_max: string | null;
  variant: number | null;
  brand_id: number | null;
  brand: string | null;
  image: string | null;
  pricing: PricingJson;
  total: number;
};

/** A card from its row, priced by the one rule. */
function toCard(r: CardRow, now: Date): ShopCard & { total: number } {
  const { price } = priceByColumn({ id: r.id, mrp: r.mrp, brand_id: r.brand_id }, r.pricing, now);
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    brand: r.brand,
    image: thumbnailUrl(r.image),
    price: { mrp: price.mrp, final: price.final },
    best: price.best ? { type: price.best.type, value: price.best.value } : null,
    from: r.mrp_max !== null,
    variant: r.variant,
    total: r.total,
  };
}

/**
 * A name in a locale (ADR 0034): the translation row's where it has one, else the item's own. No
 * locale, the default language: the item's name as it is.
 */
function translatedName(
  table: 'product_translations' | 'category_translations',
  key: 'product_id' | 'category_id',
  item: SQL,
  name: SQL,
  locale: string | undefined,
): SQL<string> {
  if (!locale) return sql<string>`${name}`;
  return sql<string>`coalesce((select nullif(t.name, '') from ${sql.raw(table)} t
    where t.${sql.raw(key)} = ${item} and t.locale = ${locale}), ${name})`;
}

const withoutTotal = ({ total: _, ...card }: ShopCard & { total: number }): ShopCard => card;

/** Products read per statement while a sitemap is written out. */
const SITEMAP_BATCH = 5000;

/** Taxonomy lookups kept between requests (categories, brands, the tree around a category). */
const LOOKUPS_MAX = 2000;

export type ShopCategory = { id: number; name: string; slug: string; chain: number[] };
export type ShopBrand = { id: number; name: string; slug: string };
type SitemapKey = { createdAt: string; id: number };
/**
 * A catalogue page's filter and order, and its language (none: the default): the names it shows
 * and the words its search also reads (productSearch's locale); part of a kept page's key.
 */
type CatalogueParams = ShopFilter & { sort: ShopSort; page: number; locale?: string };
export type CataloguePage = {
  cards: ShopCard[];
  total: number;
  exact: boolean;
  suggestion: string | null;
  facets: ShopFacets;
};
type SitemapRow = { id: number; slug: string; created_at: string; updated_at: string | Date };

/** A category's name in a locale, for statements on categories. */
const categoryName = (locale: string | undefined) =>
  translatedName(
    'category_translations',
    'category_id',
    sql`"categories"."id"`,
    sql`${categories.name}`,
    locale,
  );

async function readCategory(db: Db, slug: string, locale: string | undefined): Promise<ShopCategory | null> {
  const [row] = await db
    .select({
      id: categories.id,
      name: categoryName(locale),
      slug: categories.slug,
      chain: categories.chain,
    })
    .from(categories)
    .where(eq(categories.slug, slug));
  return row ?? null;
}

async function readBrand(db: Db, slug: string): Promise<ShopBrand | null> {
  const [row] = await db
    .select({ id: brands.id, name: brands.name, slug: brands.slug })
    .from(brands)
    .where(eq(brands.slug, slug));
  return row ?? null;
}

async function readTree(db: Db, chain: number[], locale: string | undefined): Promise<CategoryNode[]> {
  const name = categoryName(locale);
  const rows = await db
    .select({
      id: categories.id,
      name,
      slug: categories.slug,
      parent_id: categories.parent_id,
    })
    .from(categories)
    .where(
      or(isNull(categories.parent_id), chain.length > 0 ? inArray(categories.parent_id, chain) : undefined),
    )
    .orderBy(asc(categories.sort_order), asc(sql`lower(${name})`), asc(categories.id));
  const nodes = new Map<number, CategoryNode>(
    rows.map((r) => [r.id, { id: r.id, name: r.name, slug: r.slug, children: [] }]),
  );
  const roots: CategoryNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id) as CategoryNode;
    if (r.parent_id === null) roots.push(node);
    else nodes.get(r.parent_id)?.children.push(node);
  }
  return roots;
}

async function readSubtree(db: Db, categoryId: number): Promise<number[]> {
  // Level by level down categories_parent_idx.
  const { rows } = await db.execute<{ id: number }>(sql`
    with recursive sub(id) as (
      select ${categoryId}::int
      union all
      select c.id from categories c join sub on c.parent_id = sub.id
    )
    select id from sub`);
  return rows.map((r) => r.id);
}

/**
 * The shop's reads. Given the catalogue's caches, the taxonomy around a list (the category and
 * brand named in the URL, the category tree, the brand options, a category's subtree) and the
 * catalogue pages are kept between requests and forgotten with the bundles, on any catalogue
 * write; a page also at the next price change.
 */
export function createShopService(db: Db, opts: { caches?: CatalogueCaches; pages?: number } = {}) {
  const lookups = opts.caches?.cache<{ value: unknown }>(LOOKUPS_MAX);
  // A department's page or a popular search is the same for every visitor until the catalogue
  // changes or a price does.
  const pages = opts.pages ? opts.caches?.cache<CataloguePage>(opts.pages) : undefined;
  const remembered = async <T>(key: string, read: () => Promise<T>): Promise<T> => {
    if (!lookups) return read();
    const box = await lookups.get(key, async () => ({ value: { value: await read() }, expiresAt: null }));
    return box.value as T;
  };

  /**
   * What every read of the catalogue keeps to, whichever facet is counted: published products,
   * the category subtree, and the search (with its rank, for the list's relevance order).
   */
  async function baseConditions(
    params: Pick<CatalogueParams, 'q' | 'categoryIds' | 'locale'>,
  ): Promise<{ conditions: SQL[]; search: ProductSearch | undefined }> {
    const search = params.q ? await productSearch(db, params.q, { locale: params.locale }) : undefined;
    const conditions: SQL[] = [published];
    if (params.categoryIds !== null)
      conditions.push(sql`${products.category_id} = any(${`{${params.categoryIds.join(',')}}`}::int[])`);
    if (search) conditions.push(search.where);
    return { conditions, search };
  }

  /** The cards of a page, from a page statement's scope (the page's ids and the list's order). */
  async function cards(
    scope: PageScope,
    now: Date,
    locale: string | undefined,
    search?: ProductSearch,
  ): Promise<(ShopCard & { total: number })[]> {
    // Qualified by hand: inside a subquery drizzle's bare column names would bind to the inner table.
    const firstImage = sql<string | null>`(select pi.url from product_images pi
        where pi.product_id = "products"."id" order by pi.position, pi.id limit 1)`;
    const rows = await scope.db
      .select({
        id: products.id,
        slug: products.slug,
        name: translatedName(
          'product_translations',
          'product_id',
          sql`"products"."id"`,
          sql`${products.name}`,
          locale,
        ),
        mrp: products.mrp,
        mrp_max: products.mrp_max,
        variant: search?.skuKey ? variantBySku(search.skuKey, sql`${products.id}`) : sql<null>`null`,
        brand_id: products.brand_id,
        brand: brands.name,
        image: firstImage,
        pricing: productPricing('products', 'categories', now),
        total: scope.total,
      })
      .from(products)
      .leftJoin(brands, eq(brands.id, products.brand_id))
      .leftJoin(categories, eq(categories.id, products.category_id))
      .where(inArray(products.id, scope.ids()))
      .orderBy(...scope.order);
    return rows.map((r) => toCard(r, now));
  }

  /** "Did you mean": for a search that found nothing, a query that finds something, or null. */
  function suggestion(q: string, locale?: string): Promise<string | null> {
    return searchSuggestion(db, q, async (candidate) => {
      const found = await productSearch(db, candidate, { locale });
      const { rows: hit } = await db.execute(
        sql`select 1 from ${products} where ${and(published, found?.where)} limit 1`,
      );
      return hit.length > 0;
    });
  }

  /** A page of the whole shop's published products (no search, no category), with its total. */
  async function list(params: CatalogueParams, conditions: SQL[]) {
    const now = new Date();
    const order = SORTS[params.sort];
    const { rows, meta } = await pageWithTotal(
      db,
      {
        table: products,
        id: products.id,
        where: whereOf(shopConditions(conditions, params)),
        sortColumns: SORT_COLUMNS,
        params: { page: params.page, limit: SHOP_PAGE_SIZE, sortBy: order.by, order: order.dir },
        idsFirst: true,
      },
      (scope) => cards(scope, now, params.locale),
    );
    return { cards: rows.map(withoutTotal), total: meta.total, exact: meta.total_exact };
  }

  /**
   * A search's page or a category's: the set is read once, in the statement that counts its
   * facets, which also gives its size (exact) and the page's ids in the order asked for (best
   * matches first for a search's relevance); the cards are then read by those ids.
   */
  async function fromSet(params: CatalogueParams, conditions: SQL[], search: ProductSearch | undefined) {
    const now = new Date();
    const order = SORTS[params.sort];
    const { facets, set } = await readFacets(db, shopConditions(conditions, params), params, true, {
      key: SORT_COLUMNS[order.by],
      rank: params.sort === 'relevance' ? search?.rank : undefined,
      dir: order.dir,
      limit: SHOP_PAGE_SIZE,
      offset: (params.page - 1) * SHOP_PAGE_SIZE,
      walk: search === undefined,
    });
    const { total, ids } = set as FoundSet;
    const rows = ids.length
      ? await cards(idsScope(db, products.id, ids, total, null, SHOP_PAGE_SIZE), now, params.locale, search)
      : [];
    return {
      cards: rows.map(withoutTotal),
      total,
      exact: true,
      suggestion: search && total === 0 ? await suggestion(params.q, params.locale) : null,
      facets,
    };
  }

  async function readCatalogue(params: CatalogueParams, refresh = true): Promise<CataloguePage> {
    if (refresh) await refreshPrices(db, new Date());
    const { conditions, search } = await baseConditions(params);
    if (search || params.categoryIds !== null) return fromSet(params, conditions, search);
    // The whole shop: its pages walk the list's indexes and its totals are the kept counts.
    const [page, { facets }] = await Promise.all([
      list(params, conditions),
      readFacets(db, shopConditions(conditions, params), params, false),
    ]);
    return { ...page, suggestion: null, facets };
  }

  return {
    /** A category by its slug, with its chain (its ancestors' ids and its own, root first). */
    async category(slug: string, locale?: string): Promise<ShopCategory | null> {
      if (!isSlug(slug)) return null;
      return remembered(`category:${slug}${at(locale)}`, () => readCategory(db, slug, locale));
    },

    async brand(slug: string): Promise<ShopBrand | null> {
      if (!isSlug(slug)) return null;
      return remembered(`brand:${slug}`, () => readBrand(db, slug));
    },

    /**
     * The browsing tree: the roots, and the children of each category on the chosen one's chain
     * (its ancestors and itself), in their sort order. The chosen one's children show; its
     * siblings' children do not.
     */
    categoryTree: (chain: number[], locale?: string) =>
      remembered(`tree:${chain.join(',')}${at(locale)}`, () => readTree(db, chain, locale)),

    /** A category and everything below it, as ids. */
    subtree: (categoryId: number) => remembered(`subtree:${categoryId}`, () => readSubtree(db, categoryId)),

    /**
     * A catalogue page and its facets for one filter: the page of published products in the order
     * asked for (best matches first for a search, else newest first, by default) with its total
     * (exact up to the usual cap) and, when q finds nothing, a `suggestion` that does ("Did you
     * mean") or null; and the facets (brands, price range, and in a category or a search the spec
     * keys the products share), each counted without its own filter. The stored prices are brought
     * up to now first (the price filter, sort and range read them), and the search is read once
     * for both. Given the catalogue's caches, a page is kept until a catalogue write or the next
     * price change, whichever comes first, and kept per locale: one language's names never serve
     * another.
     */
    catalogue(params: CatalogueParams): Promise<CataloguePage> {
      if (!pages) return readCatalogue(params);
      return pages.get(JSON.stringify(params), async () => {
        await refreshPrices(db, new Date());
        // Read before the page: a price that changes while the page is read ends its stay at once.
        const expiresAt = await nextPriceChange(db);
        return { value: await readCatalogue(params, false), expiresAt };
      });
    },

    /** What the product page links to: its category's chain by name and slug, its brand's slug. */
    async productLinks(
      categoryId: number | null,
      brandId: number | null,
      locale?: string,
    ): Promise<ProductLinks> {
      const name = translatedName('category_translations', 'category_id', sql`c.id`, sql`c.name`, locale);
      const { rows } = await db.execute<{ crumbs: [string, string][] | null; brand_slug: string | null }>(sql`
        select
          (select json_agg(json_build_array(${name}, c.slug) order by array_position(leaf.chain, c.id))
            from categories leaf join categories c on c.id = any(leaf.chain)
            where leaf.id = ${categoryId}::int) as crumbs,
          (select slug from brands where id = ${brandId}::int) as brand_slug`);
      const { crumbs, brand_slug } = rows[0];
      return {
        categories: (crumbs ?? []).map(([name, slug]) => ({ name, slug })),
        brandSlug: brand_slug,
      };
    },

    /** A product's SEO title and description in a translated locale (ADR 0034), each null where there is none. */
    productSeo: (productId: number, locale: string) => readProductSeo(db, productId, locale),

    /** A product's options and active variants, priced now, for its page. */
    productVariants: (productId: number) => readShopVariants(db, productId, new Date()),

    /** Published products, counted for the sitemap (from the published index alone). */
    async publishedCount(): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${products} where ${published}`,
      );
      return rows[0].n;
    },

    /** One part of the sitemap: see sitemapRows. */
    sitemapRows: (offset: number, count: number) => sitemapRows(db, offset, count),
  };
}

async function readProductSeo(db: Db, productId: number, locale: string): Promise<ProductSeo> {
  const { rows } = await db.execute<ProductSeo>(sql`
    select nullif(seo_title, '') as title, nullif(seo_description, '') as description
    from product_translations where product_id = ${productId} and locale = ${locale}`);
  return rows[0] ?? { title: null, description: null };
}

/** A cache key's locale suffix: none for the default language, whose keys stay as they were. */
const at = (locale: string | undefined) => (locale ? `@${locale}` : '');

export type ShopService = ReturnType<typeof createShopService>;

/**
 * One part of the sitemap: the published products from `offset`, oldest first, at most `count`,
 * read a batch at a time (each batch seeks on from the last one's key), so a part of 50,000 is
 * never held whole.
 */
async function* sitemapRows(
  db: Db,
  offset: number,
  count: number,
): AsyncGenerator<{ slug: string; updated_at: string }[]> {
  let after: SitemapKey | null = null;
  let left = count;
  while (left > 0) {
    const batch = Math.min(SITEMAP_BATCH, left);
    const seek: SQL = after
      ? sql`and (${products.created_at}, ${products.id}) > (${after.createdAt}::timestamptz, ${after.id})`
      : sql``;
    const result = await db.execute<SitemapRow>(sql`
      select ${products.id} as id, ${products.slug} as slug, ${products.created_at}::text as created_at,
        ${products.updated_at} as updated_at
      from ${products}
      where ${published} ${seek}
      order by ${products.created_at}, ${products.id}
      limit ${limitInText(batch)} offset ${after ? 0 : offset}`);
    const rows: SitemapRow[] = result.rows;
    if (rows.length === 0) return;
    yield rows.map((r) => ({ slug: r.slug, updated_at: new Date(r.updated_at).toISOString() }));
    const last = rows[rows.length - 1];
    after = { createdAt: last.created_at, id: last.id };
    left -= rows.length;
    if (rows.length < batch) return;
  }
}
