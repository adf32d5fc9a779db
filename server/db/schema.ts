import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PriceSource } from '#domain/customer-pricing';
import type { LineOptions } from '#domain/variants';

/** A tsvector column (PostgreSQL's full-text document), read and written as its text. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A trigram index, so `ILIKE '%text%'` searches use an index instead of scanning.
 * Without fastupdate, a new row goes straight into the index instead of a pending list that every
 * search must read until vacuum merges it, so searches slowed as rows arrived.
 */
const trigram = (name: string, column: AnyPgColumn) =>
  index(name).using('gin', sql`${column} gin_trgm_ops`).with({ fastupdate: false });

/**
 * The API token of the request writing the row, from the setting server/history/actor.ts gives the
 * connection (the one the change log's triggers read); null for a person, a customer or a job.
 */
const sessionToken = sql`nullif(current_setting('stockroom.token', true), '')::integer`;

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    // Stored lower-cased by the domain schema, so the unique index is case-insensitive in effect.
    email: text('email').notNull(),
    // A role's key (roles.key): its permissions are the user's rights.
    role: text('role')
      .notNull()
      .default('editor')
      .references(() => roles.key, { onDelete: 'restrict' }),
    password_hash: text('password_hash').notNull(),
    // Bumped on password change: tokens carry the version they were issued under (ADR 0002).
    token_version: integer('token_version').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The Users screen sorts by each of these with id as the tie-breaker.
    index('users_created_at_idx').on(t.created_at, t.id),
    index('users_name_idx').on(sql`lower(${t.name})`, t.id),
    index('users_role_idx').on(t.role, t.id),
  ],
);

/** Named sets of permission codes (domain/permissions.ts); the built-in ones cannot be deleted. */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    built_in: boolean('built_in').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('roles_key_key').on(t.key),
    uniqueIndex('roles_name_key').on(sql`lower(${t.name})`),
    check('roles_key_format', sql`${t.key} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/**
 * Tokens signed out before their expiry, by token id. Every process reads this table with the
 * user row on each request, so a sign-out holds everywhere at once; rows past their expiry mean
 * nothing and are pruned as new ones arrive.
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_at_idx').on(t.expires_at)],
);

/**
 * API tokens (migration 0040, ADR 0019): a program's credential with a role's rights. Only the
 * SHA-256 of the secret is kept; a revoked token keeps its row and is never listed again.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    role: text('role')
      .notNull()
      .references(() => roles.key, { onDelete: 'restrict' }),
    token_hash: text('token_hash').notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    last_used_ip: text('last_used_ip'),
    revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_key').on(t.token_hash),
    index('api_tokens_live_idx').on(t.created_at, t.id).where(sql`${t.revoked_at} is null`),
    index('api_tokens_role_idx').on(t.role, t.id),
    index('api_tokens_created_by_idx').on(t.created_by),
  ],
);

/** One row per stored image file pair, shared by every row that shows the same picture. */
export const images = pgTable('images', {
  key: text('key').primaryKey(),
  ref_count: integer('ref_count').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    // Deleting a parent makes its children roots; the service recomputes them.
    parent_id: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'set null' }),
    depth: integer('depth').notNull().default(0),
    sort_order: integer('sort_order').notNull().default(0),
    image_url: text('image_url'),
    description: text('description'),
    /** Ancestor slugs and its own, joined by '/'. */
    path: text('path').notNull(),
    /**
     * Its ancestors' ids and its own, root first: what a category discount reaches. Kept by
     * migration 0011's triggers on every insert and move, whoever writes (pricing reads
     * it instead of walking up the tree for every product priced).
     */
    chain: integer('chain').array().notNull().default(sql`'{}'::integer[]`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('categories_slug_key').on(t.slug),
    index('categories_parent_idx').on(t.parent_id, t.sort_order, t.id),
    index('categories_sort_idx').on(t.sort_order, t.id),
    index('categories_name_idx').on(sql`lower(${t.name})`, t.id),
    index('categories_depth_idx').on(t.depth, t.id),
    index('categories_created_idx').on(t.created_at, t.id),
    index('categories_path_idx').on(t.path),
    trigram('categories_name_trgm', t.name),
    trigram('categories_slug_trgm', t.slug),
  ],
);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    logo_url: text('logo_url'),
    description: text('description'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('brands_slug_key').on(t.slug),
    index('brands_name_idx').on(sql`lower(${t.name})`, t.id),
    index('brands_created_idx').on(t.created_at, t.id),
    index('brands_updated_idx').on(t.updated_at, t.id),
    trigram('brands_name_trgm', t.name),
    trigram('brands_slug_trgm', t.slug),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    sku: text('sku'),
    description: text('description'),
    brand_id: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    category_id: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** The price; on a product with options its lowest active variant's (migration 0056's triggers). */
    mrp: numeric('mrp', { precision: 12, scale: 2 }).notNull().default('0'),
    /** The highest variant price where the variants' prices differ, else null (migration 0056). */
    mrp_max: numeric('mrp_max', { precision: 12, scale: 2 }),
    /** Rows in product_images, kept by migration 0006's triggers (the dashboard's health list). */
    image_count: integer('image_count').notNull().default(0),
    /** 'draft' or 'published': public routes and the shop serve published products only. */
    status: text('status').notNull().default('published'),
    /**
     * The final price after the best live discount, and whether a discount saves on it now. Kept
     * by migration 0022's triggers with product_price_due, and brought up to date before a read
     * that filters or sorts on them (products/product-filter.ts refreshPrices).
     */
    price_final: numeric('price_final', { precision: 12, scale: 2 }).notNull().default('0'),
    price_discounted: boolean('price_discounted').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    // The staff list's sorts and filters (migration 0022); products_name_idx serves the name sort.
    index('products_price_idx').on(t.price_final, t.id),
    index('products_updated_idx').on(t.updated_at, t.id),
    index('products_status_idx').on(t.status, t.created_at, t.id),
    index('products_discounted_idx').on(t.created_at, t.id).where(sql`${t.price_discounted}`),
    uniqueIndex('products_sku_key').on(t.sku),
    index('products_created_idx').on(t.created_at, t.id),
    // With INCLUDE (name) (migration 0026), so deep pages of the name sort read the index alone.
    index('products_name_idx').on(sql`lower(${t.name})`, t.id),
    index('products_brand_idx').on(t.brand_id),
    index('products_category_idx').on(t.category_id),
    trigram('products_name_trgm', t.name),
    trigram('products_sku_trgm', t.sku),
    // The dashboard's health lists, newest first, without scanning the catalogue.
    index('products_without_images_idx').on(t.created_at, t.id).where(sql`${t.image_count} = 0`),
    index('products_without_taxonomy_idx')
      .on(t.created_at, t.id)
      .where(sql`${t.category_id} is null or ${t.brand_id} is null`),
    // The shop lists published products newest first: all of them, one brand's, or a category
    // subtree's (its categories' ids); each reads its page from one of these alone.
    index('products_published_created_idx').on(t.created_at, t.id).where(sql`${t.status} = 'published'`),
    index('products_published_brand_idx')
      .on(t.brand_id, t.created_at, t.id)
      .where(sql`${t.status} = 'published'`),
    // Migration 0046 also INCLUDEs brand_id and price_final (a category's facets from the index
    // alone), which drizzle's builder cannot say.
    index('products_published_category_idx')
      .on(t.category_id, t.created_at, t.id)
      .where(sql`${t.status} = 'published'`),
    check('products_mrp_check', sql`${t.mrp} >= 0`),
    check('products_status_check', sql`${t.status} in ('draft', 'published')`),
  ],
);

/**
 * When a product's stored price (products.price_final, price_discounted) must be computed again:
 * '-infinity' once a write made it stale, else the next edge of a window of a discount aimed at
 * it. A product with neither has no row. Apart from products so that marking a price stale does
 * not rewrite the product row and every index on it (migration 0022).
 */
export const productPriceDue = pgTable(
  'product_price_due',
  {
    product_id: integer('product_id').primaryKey(),
    /** Text, not a Date: a stale row holds '-infinity', which a Date cannot. */
    due: timestamp('due', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('product_price_due_idx').on(t.due)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    alt: text('alt'),
    position: integer('position').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('product_images_product_idx').on(t.product_id, t.position, t.id)],
);

/** A product's option (Size, Length, Finish): up to three, position 1–3 naming the variant column. */
export const productOptions = pgTable(
  'product_options',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('product_options_position_key').on(t.product_id, t.position),
    uniqueIndex('product_options_name_key').on(t.product_id, sql`lower(${t.name})`),
    check('product_options_position_check', sql`${t.position} between 1 and 3`),
  ],
);

export const productOptionValues = pgTable(
  'product_option_values',
  {
    id: serial('id').primaryKey(),
    option_id: integer('option_id')
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('product_option_values_value_key').on(t.option_id, sql`lower(${t.value})`),
    index('product_option_values_option_idx').on(t.option_id, t.position, t.id),
  ],
);

/**
 * Translations (migration 0069, ADR 0034): one row per item and locale, each field null where the
 * default language (the item's own) shows.
 */
export const productTranslations = pgTable(
  'product_translations',
  {
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    name: text('name'),
    description: text('description'),
    seo_title: text('seo_title'),
    seo_description: text('seo_description'),
    /** The sections' texts by row id (domain/translations.ts sectionsTranslation). */
    sections: jsonb('sections').$type<Record<string, unknown>>(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // Its texts stemmed in its own language (migration 0072), for the search in a locale.
    search_doc: tsvector('search_doc').generatedAlwaysAs(
      sql`strip(to_tsvector(stockroom_search_config(locale), stockroom_translation_text(name, description, sections)))`,
    ),
  },
  (t) => [
    primaryKey({ name: 'product_translations_pkey', columns: [t.product_id, t.locale] }),
    index('product_translations_search_idx').using('gin', t.search_doc).with({ fastupdate: false }),
  ],
);

/** Each locale's vocabulary: its translations' stems, for compounds (migration 0072). */
export const translationWords = pgTable(
  'translation_words',
  { locale: text('locale').notNull(), word: text('word').notNull() },
  (t) => [
    primaryKey({ name: 'translation_words_pkey', columns: [t.locale, t.word] }),
    trigram('translation_words_trgm', t.word),
  ],
);

export const categoryTranslations = pgTable(
  'category_translations',
  {
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    name: text('name'),
    description: text('description'),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'category_translations_pkey', columns: [t.category_id, t.locale] })],
);

export const brandTranslations = pgTable(
  'brand_translations',
  {
    brand_id: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    description: text('description'),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'brand_translations_pkey', columns: [t.brand_id, t.locale] })],
);

/** An option's name and its values' texts by value id, in one locale. */
export const productOptionTranslations = pgTable(
  'product_option_translations',
  {
    option_id: integer('option_id')
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    name: text('name'),
    values: jsonb('values').$type<Record<string, string>>().notNull().default({}),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'product_option_translations_pkey', columns: [t.option_id, t.locale] })],
);

/**
 * A product's variant: one combination of its options' values (option1/2/3_value_id by the
 * option's position), with its own SKU and price. A product without options has exactly one, its
 * default, whose SKU and price are the product's (migration 0056's triggers keep them so).
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku'),
    mrp: numeric('mrp', { precision: 12, scale: 2 }).notNull().default('0'),
    status: text('status', { enum: ['active', 'discontinued'] })
      .notNull()
      .default('active'),
    image_id: integer('image_id').references(() => productImages.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    /** Spec values that override the product's: [{ label, value, unit }], or null. */
    spec_values: jsonb('spec_values').$type<{ label: string; value: string; unit: string }[]>(),
    option1_value_id: integer('option1_value_id').references(() => productOptionValues.id),
    option2_value_id: integer('option2_value_id').references(() => productOptionValues.id),
    option3_value_id: integer('option3_value_id').references(() => productOptionValues.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('product_variants_sku_key').on(t.sku),
    uniqueIndex('product_variants_combination_key').on(
      t.product_id,
      sql`coalesce(${t.option1_value_id}, 0)`,
      sql`coalesce(${t.option2_value_id}, 0)`,
      sql`coalesce(${t.option3_value_id}, 0)`,
    ),
    index('product_variants_product_idx').on(t.product_id, t.position, t.id),
    index('product_variants_value1_idx').on(t.option1_value_id).where(sql`${t.option1_value_id} is not null`),
    index('product_variants_value2_idx').on(t.option2_value_id).where(sql`${t.option2_value_id} is not null`),
    index('product_variants_value3_idx').on(t.option3_value_id).where(sql`${t.option3_value_id} is not null`),
    index('product_variants_image_idx').on(t.image_id).where(sql`${t.image_id} is not null`),
    // Migration 0059: a variant found by its SKU key, for the search.
    index('product_variants_sku_key_idx')
      .on(sql`stockroom_sku_key(${t.sku})`)
      .where(sql`${t.option1_value_id} is not null`),
    check('product_variants_mrp_check', sql`${t.mrp} >= 0`),
    check('product_variants_status_check', sql`${t.status} in ('active', 'discontinued')`),
  ],
);

export const productLists = pgTable(
  'product_lists',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
  },
  (t) => [index('product_lists_product_idx').on(t.product_id)],
);

export const productListItems = pgTable(
  'product_list_items',
  {
    id: serial('id').primaryKey(),
    list_id: integer('list_id')
      .notNull()
      .references(() => productLists.id, { onDelete: 'cascade' }),
    caption: text('caption').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('product_list_items_list_idx').on(t.list_id, t.position)],
);

export const productSpecGroups = pgTable(
  'product_spec_groups',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    intro: text('intro'),
  },
  (t) => [index('product_spec_groups_product_idx').on(t.product_id)],
);

export const productSpecs = pgTable(
  'product_specs',
  {
    id: serial('id').primaryKey(),
    group_id: integer('group_id')
      .notNull()
      .references(() => productSpecGroups.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    value: text('value').notNull(),
    unit: text('unit').notNull().default(''),
    position: integer('position').notNull(),
  },
  (t) => [index('product_specs_group_idx').on(t.group_id, t.position)],
);

/**
 * Each product's spec values as the shop's facets count them: one row per product, key and
 * value, a number's value also as `num` with its `unit`. Written by migration 0036's triggers
 * from the content document (product_contents), never by the services.
 */
export const productSpecValues = pgTable(
  'product_spec_values',
  {
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    key_norm: text('key_norm').notNull(),
    value: text('value').notNull(),
    value_norm: text('value_norm').notNull(),
    unit: text('unit').notNull().default(''),
    num: numeric('num'),
    /** The product's, kept by the triggers so the counts follow a product deleted or moved. */
    category_id: integer('category_id'),
    published: boolean('published').notNull(),
  },
  (t) => [
    primaryKey({ name: 'product_spec_values_pkey', columns: [t.product_id, t.key_norm, t.value_norm] }),
    index('product_spec_values_value_idx').on(t.key_norm, t.value_norm, t.product_id),
    index('product_spec_values_num_idx').on(t.key_norm, t.num, t.product_id).where(sql`${t.num} is not null`),
  ],
);

/**
 * The values of each product's active variants, as the shop's option facets count them
 * (`option.Size=M`). Written by migration 0059's triggers from the variants, never by the services.
 */
export const productOptionFacets = pgTable(
  'product_option_facets',
  {
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name_norm: text('name_norm').notNull(),
    value_norm: text('value_norm').notNull(),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [
    primaryKey({ name: 'product_option_facets_pkey', columns: [t.product_id, t.name_norm, t.value_norm] }),
    index('product_option_facets_value_idx').on(t.name_norm, t.value_norm, t.product_id),
  ],
);

/**
 * A category's own published products per spec key and value (not its subtree's), kept by
 * migration 0036's triggers from product_spec_values: a category page sums its subtree's rows.
 */
export const categorySpecCounts = pgTable(
  'category_spec_counts',
  {
    category_id: integer('category_id').notNull(),
    key_norm: text('key_norm').notNull(),
    value_norm: text('value_norm').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ name: 'category_spec_counts_pkey', columns: [t.category_id, t.key_norm, t.value_norm] }),
  ],
);

export const productTables = pgTable(
  'product_tables',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    heading: text('heading').notNull(),
    intro: text('intro'),
    // JSON text arrays of column names and of row arrays, as the API sends them.
    columns_json: text('columns_json').notNull(),
    rows_json: text('rows_json').notNull(),
    note: text('note'),
  },
  (t) => [index('product_tables_product_idx').on(t.product_id)],
);

export const layoutBlocks = pgTable(
  'product_layout_blocks',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    block_type: text('block_type', { enum: ['basic', 'images', 'list', 'spec_group', 'table'] }).notNull(),
    ref_id: integer('ref_id'),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('product_layout_blocks_position_key').on(t.product_id, t.position),
    check(
      'product_layout_blocks_type_check',
      sql`${t.block_type} in ('basic', 'images', 'list', 'spec_group', 'table')`,
    ),
  ],
);

/**
 * Each product's sections as its public bundle shows them (images, lists, spec groups, tables and
 * layout), one JSON document per product, written by migration 0012's triggers in the same
 * statement as the rows it is built from, so a reader never sees it older than those rows. The
 * bundle reads it instead of assembling about fifteen index scans per request.
 */
export const productContents = pgTable('product_contents', {
  product_id: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  body: json('body').notNull(),
});

/**
 * Each product's search document and SKU key, kept by migration 0035's triggers from the product,
 * its brand, its category chain and its content document (server/db/query/product-search.ts).
 * A table of its own, so that writes to products that leave their text alone (prices) never
 * rewrite its GIN index.
 */
export const productSearch = pgTable(
  'product_search',
  {
    product_id: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    doc: tsvector('doc').notNull(),
    sku_key: text('sku_key').notNull(),
    /** stockroom_contents_key of the content document the row was built from. */
    contents_key: text('contents_key').notNull(),
  },
  (t) => [
    index('product_search_doc_idx').using('gin', t.doc),
    index('product_search_sku_key_idx').on(t.sku_key),
  ],
);

/** The words of the products' searchable text (letters only), for typos and "Did you mean". */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  trigram('search_words_trgm', t.word),
]);

export const discounts = pgTable(
  'discounts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type', { enum: ['percent', 'amount'] }).notNull(),
    value: numeric('value', { precision: 12, scale: 2 }).notNull(),
    applies_to: text('applies_to', { enum: ['product', 'category', 'brand'] }).notNull(),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    category_id: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    brand_id: integer('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    starts_at: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    ends_at: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    active: boolean('active').notNull().default(true),
    /** True for the product editor's own discount (pricing.discountPercent/Amount), which it replaces. */
    editor_owned: boolean('editor_owned').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('discounts_product_idx').on(t.product_id),
    index('discounts_category_idx').on(t.category_id),
    index('discounts_brand_idx').on(t.brand_id),
    index('discounts_created_idx').on(t.created_at, t.id),
    // Pricing (modules/shared/pricing.sql.ts) reads the live candidates of a product, its brand and
    // its categories from these alone (index-only scans): the heap visits were most of the
    // products list's statement. A key, not INCLUDE, carries the rest: drizzle has no INCLUDE.
    ...(['product', 'brand', 'category'] as const).map((scope) =>
      index(`discounts_${scope}_pricing_idx`)
        .on(t[`${scope}_id`], t.id, t.type, t.value, t.starts_at, t.ends_at)
        .where(sql`${t.active} and ${t.applies_to} = ${sql.raw(`'${scope}'`)}`),
    ),
    // The dashboard's count of live discounts, from this index alone rather than a sequential
    // scan of every discount.
    index('discounts_live_idx').on(t.starts_at, t.ends_at).where(sql`${t.active}`),
    // The dashboard's "ending soon": active discounts by end date.
    index('discounts_ending_idx').on(t.ends_at, t.id).where(sql`${t.active}`),
    uniqueIndex('discounts_editor_owned_key').on(t.product_id).where(sql`${t.editor_owned}`),
    // The discounts list (migration 0024): the title search, each aim and the switched-off ones.
    trigram('discounts_name_trgm', t.name),
    index('discounts_scope_created_idx').on(t.applies_to, t.created_at, t.id),
    index('discounts_off_created_idx').on(t.created_at, t.id).where(sql`not ${t.active}`),
    check('discounts_value_check', sql`${t.value} >= 0 and (${t.type} <> 'percent' or ${t.value} <= 100)`),
    check(
      'discounts_target_check',
      sql`(${t.applies_to} = 'product' and ${t.product_id} is not null and ${t.category_id} is null and ${t.brand_id} is null)
       or (${t.applies_to} = 'category' and ${t.category_id} is not null and ${t.product_id} is null and ${t.brand_id} is null)
       or (${t.applies_to} = 'brand' and ${t.brand_id} is not null and ${t.product_id} is null and ${t.category_id} is null)`,
    ),
    check(
      'discounts_window_check',
      sql`${t.starts_at} is null or ${t.ends_at} is null or ${t.starts_at} <= ${t.ends_at}`,
    ),
  ],
);

export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    company: text('company'),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // The desk (domain/inquiries.ts INQUIRY_STATUSES, CLOSE_REASONS): where the request stands,
    // who handles it, and why it was closed.
    status: text('status', { enum: ['new', 'open', 'quoted', 'accepted', 'declined', 'closed'] })
      .notNull()
      .default('new'),
    owner_id: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    close_reason: text('close_reason', { enum: ['lost', 'spam', 'duplicate', 'other'] }),
    // The buyer's language (migration 0071): what they receive about the request is written in
    // it. The requests service always writes it; the column's default is the default language
    // the migration found (LOCALES' first), 'en' here being the usual one.
    locale: text('locale').notNull().default('en'),
    // Set by the database on insert from the e-mail (migration 0042).
    customer_id: integer('customer_id').references((): AnyPgColumn => customers.id, { onDelete: 'set null' }),
    // The inbox's search (migration 0053): the searched fields as one text, for a substring, and
    // as a document read as the product search reads its own. Generated by the row itself.
    search_text: text('search_text').generatedAlwaysAs(
      sql`stockroom_inquiry_text(name, email, phone, subject, company)`,
    ),
    search_doc: tsvector('search_doc').generatedAlwaysAs(
      sql`strip(to_tsvector('english'::regconfig, stockroom_search_text(stockroom_inquiry_text(name, email, phone, subject, company))))`,
    ),
  },
  (t) => [
    index('inquiries_created_idx').on(t.created_at, t.id),
    // A deleted product's inquiries are found by it (ON DELETE SET NULL; migration 0022).
    index('inquiries_product_idx').on(t.product_id).where(sql`${t.product_id} is not null`),
    // The inbox's filters, each served by an index in the list's default order.
    index('inquiries_status_idx').on(t.status, t.created_at, t.id),
    index('inquiries_owner_idx').on(t.owner_id, t.created_at, t.id),
    index('inquiries_customer_idx').on(t.customer_id, t.created_at, t.id),
    check(
      'inquiries_status_check',
      sql`${t.status} in ('new', 'open', 'quoted', 'accepted', 'declined', 'closed')`,
    ),
    check(
      'inquiries_close_reason_check',
      sql`${t.close_reason} is null or ${t.close_reason} in ('lost', 'spam', 'duplicate', 'other')`,
    ),
    index('inquiries_name_idx').on(sql`lower(${t.name})`, t.id),
    index('inquiries_email_idx').on(t.email, t.id),
    index('inquiries_search_doc_idx').using('gin', t.search_doc).with({ fastupdate: false }),
    trigram('inquiries_search_text_trgm', t.search_text),
  ],
);

/** The words of the requests' searched fields (letters only), for the inbox's typos. */
export const inquiryWords = pgTable('inquiry_words', { word: text('word').primaryKey() }, (t) => [
  trigram('inquiry_words_trgm', t.word),
]);

/**
 * A quote request's basket, each line as the visitor saw it: the product's name, SKU and final
 * price are copied, so the request reads the same after the product changes or goes.
 */
export const inquiryLines = pgTable(
  'inquiry_lines',
  {
    id: serial('id').primaryKey(),
    inquiry_id: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    variant_id: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    options: jsonb('options').$type<LineOptions>(),
    name: text('name').notNull(),
    sku: text('sku'),
    quantity: integer('quantity').notNull(),
    unit_price: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    uniqueIndex('inquiry_lines_inquiry_position_key').on(t.inquiry_id, t.position),
    index('inquiry_lines_product_idx').on(t.product_id),
    index('inquiry_lines_variant_idx').on(t.variant_id).where(sql`${t.variant_id} is not null`),
    // The inbox finds a request by a SKU in its basket (migration 0034).
    trigram('inquiry_lines_sku_trgm', t.sku),
    check('inquiry_lines_quantity_check', sql`${t.quantity} between 1 and 9999`),
  ],
);

/**
 * A staff note on a request: for the desk alone, never shown to the customer.
 */
export const inquiryNotes = pgTable(
  'inquiry_notes',
  {
    id: serial('id').primaryKey(),
    inquiry_id: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The API token that wrote it (migration 0054): taken from the session's stockroom.token. */
    token_id: integer('token_id').default(sessionToken),
    body: text('body').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('inquiry_notes_inquiry_idx').on(t.inquiry_id, t.id)],
);

/** A request's history: each move of its status or owner, who made it (null: the customer) and when. */
export const inquiryEvents = pgTable(
  'inquiry_events',
  {
    id: serial('id').primaryKey(),
    inquiry_id: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The API token that wrote it (migration 0054): taken from the session's stockroom.token. */
    token_id: integer('token_id').default(sessionToken),
    /** 'quote_expired': a sent quote ran past its date (its version in `to`), moved by the job. */
    /** 'locale' (migration 0071): staff changed the buyer's language, the codes in from and to. */
    /**
     * 'approval_requested', 'quote_approved', 'quote_rejected' (migration 0068): a step of a
     * quote's approval, the quote's id in `from`, the note or reason in `to`.
     */
    kind: text('kind', {
      enum: [
        'status',
        'owner',
        'quote_expired',
        'approval_requested',
        'quote_approved',
        'quote_rejected',
        'locale',
      ],
    }).notNull(),
    from: text('from'),
    to: text('to'),
    close_reason: text('close_reason', { enum: ['lost', 'spam', 'duplicate', 'other'] }),
  },
  (t) => [
    index('inquiry_events_inquiry_idx').on(t.inquiry_id, t.id),
    check(
      'inquiry_events_kind_check',
      sql`${t.kind} in ('status', 'owner', 'quote_expired', 'approval_requested', 'quote_approved', 'quote_rejected', 'locale')`,
    ),
    check(
      'inquiry_events_close_reason_check',
      sql`${t.close_reason} is null or ${t.close_reason} in ('lost', 'spam', 'duplicate', 'other')`,
    ),
  ],
);

/**
 * A quote for a request (domain/quotes.ts). A draft has no version and no token; sending gives it
 * the request's next version and a random token, the customer's only key to its page. Totals are
 * never stored: they are computed from the lines by the one rule on every read.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    inquiry_id: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    version: integer('version'),
    status: text('status', {
      enum: ['draft', 'sent', 'accepted', 'declined', 'changes_requested', 'superseded', 'expired'],
    })
      .notNull()
      .default('draft'),
    token: text('token'),
    currency: text('currency').notNull(),
    shipping: numeric('shipping', { precision: 12, scale: 2 }).notNull().default('0'),
    shipping_label: text('shipping_label'),
    tax_rate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    valid_until: date('valid_until', { mode: 'string' }).notNull(),
    note: text('note'),
    terms: text('terms'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    answered_at: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    answer_kind: text('answer_kind', { enum: ['accepted', 'declined', 'changes_requested'] }),
    answer_name: text('answer_name'),
    answer_message: text('answer_message'),
    answer_address: text('answer_address'),
    revised_from: integer('revised_from').references((): AnyPgColumn => quotes.id, { onDelete: 'set null' }),
    /** When the scheduled job moved it to 'expired' (migration 0039). */
    expired_at: timestamp('expired_at', { withTimezone: true, mode: 'date' }),
    /** When the customer's reminder before expiry was queued; set once. */
    reminded_at: timestamp('reminded_at', { withTimezone: true, mode: 'date' }),
    /**
     * Where its approval stands (migration 0068): null until asked, and again once a change to
     * the draft voids an approval or a rejection; then pending, approved or rejected.
     */
    approval_status: text('approval_status', { enum: ['pending', 'approved', 'rejected'] }),
    approval_requested_by: integer('approval_requested_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    approval_requested_at: timestamp('approval_requested_at', { withTimezone: true, mode: 'date' }),
    /** The requester's note. */
    approval_note: text('approval_note'),
    approval_decided_by: integer('approval_decided_by').references(() => users.id, { onDelete: 'set null' }),
    approval_decided_at: timestamp('approval_decided_at', { withTimezone: true, mode: 'date' }),
    /** The approver's note, or the reason for a rejection. */
    approval_reply: text('approval_reply'),
  },
  (t) => [
    uniqueIndex('quotes_inquiry_version_key').on(t.inquiry_id, t.version),
    uniqueIndex('quotes_token_key').on(t.token),
    // At most one draft per request: staff change that one rather than start another.
    uniqueIndex('quotes_one_draft_key').on(t.inquiry_id).where(sql`${t.status} = 'draft'`),
    index('quotes_inquiry_idx').on(t.inquiry_id, t.id),
    // The dashboard's pipeline reads quotes sent and answered in a month.
    index('quotes_sent_idx').on(t.sent_at),
    index('quotes_answered_idx').on(t.answered_at),
    // The expiry job's scan: the sent quotes by their last day.
    index('quotes_sent_valid_idx').on(t.valid_until, t.id).where(sql`${t.status} = 'sent'`),
    // The approvers' list: one approval state's quotes, by creation or by when approval was asked.
    index('quotes_approval_idx')
      .on(t.approval_status, t.created_at, t.id)
      .where(sql`${t.approval_status} is not null`),
    index('quotes_approval_requested_idx')
      .on(t.approval_status, t.approval_requested_at, t.id)
      .where(sql`${t.approval_status} is not null`),
    index('quotes_created_idx').on(t.created_at, t.id),
    check(
      'quotes_approval_status_check',
      sql`${t.approval_status} is null or ${t.approval_status} in ('pending', 'approved', 'rejected')`,
    ),
    check(
      'quotes_status_check',
      sql`${t.status} in ('draft', 'sent', 'accepted', 'declined', 'changes_requested', 'superseded', 'expired')`,
    ),
    check(
      'quotes_answer_kind_check',
      sql`${t.answer_kind} is null or ${t.answer_kind} in ('accepted', 'declined', 'changes_requested')`,
    ),
    // A draft has neither; a sent quote has both.
    check('quotes_sent_check', sql`(${t.status} = 'draft') = (${t.version} is null and ${t.token} is null)`),
    check('quotes_tax_rate_check', sql`${t.tax_rate} between 0 and 100`),
    check('quotes_shipping_check', sql`${t.shipping} >= 0`),
  ],
);

/** A quote's lines: copied from the request or typed by staff; a product may go, its line stays. */
export const quoteLines = pgTable(
  'quote_lines',
  {
    id: serial('id').primaryKey(),
    quote_id: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    variant_id: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    options: jsonb('options').$type<LineOptions>(),
    name: text('name').notNull(),
    sku: text('sku'),
    quantity: integer('quantity').notNull(),
    unit_price: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    discount_percent: numeric('discount_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    /**
     * The customer's price for the line's variant and quantity when the line was priced
     * (migrations 0033, 0063: the catalogue price, or their agreement's or break's); null for a
     * typed line.
     */
    catalogue_price: numeric('catalogue_price', { precision: 12, scale: 2 }),
    /** Where catalogue_price came from (domain/customer-pricing.ts PriceSource); null for a typed line. */
    price_source: jsonb('price_source').$type<PriceSource>(),
  },
  (t) => [
    uniqueIndex('quote_lines_quote_position_key').on(t.quote_id, t.position),
    index('quote_lines_product_idx').on(t.product_id),
    index('quote_lines_variant_idx').on(t.variant_id).where(sql`${t.variant_id} is not null`),
    check('quote_lines_quantity_check', sql`${t.quantity} between 1 and 9999`),
    check('quote_lines_unit_price_check', sql`${t.unit_price} >= 0`),
    check('quote_lines_discount_check', sql`${t.discount_percent} between 0 and 100`),
  ],
);

/**
 * An order (domain/orders.ts): an accepted quote, written in the acceptance's transaction, one per
 * quote. Lines, totals and the customer are copied as they were (migration 0037).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: integer('number').notNull().default(sql`nextval('orders_number_seq')`),
    status: text('status', { enum: ['confirmed', 'in_progress', 'shipped', 'completed', 'cancelled'] })
      .notNull()
      .default('confirmed'),
    cancel_reason: text('cancel_reason'),
    reference: text('reference').notNull(),
    inquiry_id: integer('inquiry_id').references(() => inquiries.id, { onDelete: 'set null' }),
    quote_id: integer('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    quote_version: integer('quote_version').notNull(),
    owner_id: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    customer_name: text('customer_name').notNull(),
    customer_email: text('customer_email').notNull(),
    customer_company: text('customer_company'),
    signed_by: text('signed_by').notNull(),
    po_number: text('po_number'),
    billing_address: text('billing_address'),
    shipping_address: text('shipping_address'),
    currency: text('currency').notNull(),
    subtotal: numeric('subtotal', { precision: 14, scale: 2 }).notNull(),
    shipping: numeric('shipping', { precision: 12, scale: 2 }).notNull(),
    shipping_label: text('shipping_label'),
    tax_rate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull(),
    tax: numeric('tax', { precision: 14, scale: 2 }).notNull(),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    // Its request's customer, set by the database on insert (migration 0042).
    customer_id: integer('customer_id').references((): AnyPgColumn => customers.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_quote_key').on(t.quote_id),
    index('orders_customer_idx').on(t.customer_id, t.created_at, t.id),
    uniqueIndex('orders_number_key').on(t.number),
    index('orders_created_idx').on(t.created_at, t.id),
    index('orders_total_idx').on(t.total, t.id),
    index('orders_status_idx').on(t.status, t.created_at, t.id),
    index('orders_owner_idx').on(t.owner_id, t.created_at, t.id),
    index('orders_inquiry_idx').on(t.inquiry_id, t.id),
    index('orders_reference_idx').on(t.reference),
    trigram('orders_company_trgm', t.customer_company),
    trigram('orders_email_trgm', t.customer_email),
    trigram('orders_po_number_trgm', t.po_number),
    trigram('orders_name_trgm', t.customer_name),
    check(
      'orders_status_check',
      sql`${t.status} in ('confirmed', 'in_progress', 'shipped', 'completed', 'cancelled')`,
    ),
    check('orders_cancel_reason_check', sql`(${t.status} = 'cancelled') = (${t.cancel_reason} is not null)`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    sku: text('sku'),
    variant_id: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    options: jsonb('options').$type<LineOptions>(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unit_price: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    discount_percent: numeric('discount_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    line_total: numeric('line_total', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    uniqueIndex('order_lines_order_position_key').on(t.order_id, t.position),
    index('order_lines_product_idx').on(t.product_id),
    index('order_lines_variant_idx').on(t.variant_id).where(sql`${t.variant_id} is not null`),
  ],
);

/** An order's history: its creation (from null) and each status move, who made it and when. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The API token that wrote it (migration 0054): taken from the session's stockroom.token. */
    token_id: integer('token_id').default(sessionToken),
    from: text('from'),
    to: text('to').notNull(),
    cancel_reason: text('cancel_reason'),
    /** Why staff took the order one step back (order.manage, migration 0055); null for a move forward. */
    step_back_reason: text('step_back_reason'),
  },
  (t) => [
    index('order_events_order_idx').on(t.order_id, t.id),
    index('order_events_actor_idx').on(t.actor_id),
  ],
);

/** The acceptance form's settings (one row): which of its order fields the customer must fill. */
export const orderSettings = pgTable(
  'order_settings',
  {
    id: boolean('id').primaryKey().default(true),
    required_fields: text('required_fields').array().notNull().default(sql`'{}'`),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('order_settings_one_row', sql`${t.id}`),
    check(
      'order_settings_fields_check',
      sql`${t.required_fields} <@ ARRAY['po_number', 'billing_address', 'shipping_address']::text[]`,
    ),
  ],
);

/**
 * The quote approval thresholds (one row, migration 0068): a line's discount below the
 * customer's price and a quote's total above which a sender without quote.approve must ask.
 * Null is off; no row is both off.
 */
export const quoteApprovalSettings = pgTable(
  'quote_approval_settings',
  {
    id: boolean('id').primaryKey().default(true),
    max_discount_percent: numeric('max_discount_percent', { precision: 5, scale: 2 }),
    max_total: numeric('max_total', { precision: 14, scale: 2 }),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('quote_approval_settings_one_row', sql`${t.id}`),
    check(
      'quote_approval_settings_percent_check',
      sql`${t.max_discount_percent} is null or ${t.max_discount_percent} between 0 and 100`,
    ),
    check('quote_approval_settings_total_check', sql`${t.max_total} is null or ${t.max_total} >= 0`),
  ],
);

/** A staff note on an order, never shown to the customer. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The API token that wrote it (migration 0054): taken from the session's stockroom.token. */
    token_id: integer('token_id').default(sessionToken),
    body: text('body').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('order_notes_order_idx').on(t.order_id, t.id),
    index('order_notes_author_idx').on(t.author_id),
  ],
);

/**
 * Row counts of the tables the dashboard totals, kept by statement triggers (migration 0007):
 * counting the tables on every dashboard view cost time that grew with them.
 */
export const tableCounts = pgTable('table_counts', {
  table_name: text('table_name').primaryKey(),
  n: integer('n').notNull(),
  /**
   * Bumped by every statement that adds or removes rows (and, for products, moves one in the list's
   * order), in the writer's transaction: two snapshots that read the same version see the same
   * rows in the same order (migration 0013; products' page starts rely on it).
   */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * The dashboard's health totals (products without images; without a category or a brand), kept by
 * statement triggers on products (migration 0015): counted from their partial indexes, they cost
 * every dashboard view time that grew with the catalogue.
 */
export const healthCounts = pgTable('health_counts', {
  name: text('name').primaryKey(),
  n: integer('n').notNull(),
});

/**
 * Inquiries per quarter hour of UTC (`at`, the bucket's start), kept by statement triggers
 * (migration 0047): every local midnight is a bucket's start, so the dashboard's days and month in
 * TIMEZONE are runs of whole buckets.
 */
export const inquiryQuarters = pgTable('inquiry_quarters', {
  at: timestamp('at', { withTimezone: true, mode: 'date' }).primaryKey(),
  n: integer('n').notNull(),
});

/** Inquiries per status, kept by migration 0027's triggers: the desk's counts over the whole inbox. */
export const inquiryStatusCounts = pgTable('inquiry_status_counts', {
  status: text('status').primaryKey(),
  n: integer('n').notNull(),
});

/** Binary content as a Buffer (PostgreSQL bytea; node-postgres reads it as a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/**
 * Every e-mail the application sends, written in the transaction that causes it (so a rolled-back
 * write sends nothing) and delivered afterwards by each process's sender (server/mail/). Without
 * an SMTP server configured a message is kept here as 'stored': the outbox is then the delivery,
 * read by admins at GET /api/outbox. 'failed' means given up after the last retry.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** What the message is about: 'request_arrived', 'quote_sent', 'quote_answered'… */
    kind: text('kind').notNull(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text_body: text('text_body').notNull(),
    html_body: text('html_body'),
    inquiry_id: integer('inquiry_id').references(() => inquiries.id, { onDelete: 'set null' }),
    // A quote's messages outlive it as the record of what was sent (it goes with its request).
    quote_id: integer('quote_id').references((): AnyPgColumn => quotes.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'stored'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    last_error: text('last_error'),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // The sender's claim: due pending messages, oldest first.
    index('outbox_due_idx').on(t.status, t.next_attempt_at),
    index('outbox_quote_idx').on(t.quote_id, t.id),
    index('outbox_inquiry_idx').on(t.inquiry_id, t.id),
    index('outbox_created_idx').on(t.created_at, t.id),
    check('outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed', 'stored')`),
  ],
);

/** A message's attachments, in order; the bytes stay in the database with the message. */
export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    id: serial('id').primaryKey(),
    outbox_id: integer('outbox_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    content_type: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [uniqueIndex('outbox_attachments_position_key').on(t.outbox_id, t.position)],
);

/**
 * Background jobs (domain/imports.ts): state, progress and report, read by GET /api/jobs/{id} on
 * any process (migration 0023). The pg-boss queue, in its own schema, only hands a job to a worker.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    // 'backup': a scheduled backup's run (migration 0044), apart from the imports' screens.
    kind: text('kind', { enum: ['product_import', 'backup'] }).notNull(),
    state: text('state', { enum: ['queued', 'running', 'succeeded', 'failed'] })
      .notNull()
      .default('queued'),
    params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
    progress_done: integer('progress_done').notNull().default(0),
    progress_total: integer('progress_total'),
    report: jsonb('report'),
    error: text('error'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    // The API token that started it, if any (migration 0040): its writes are logged under it.
    created_by_token: integer('created_by_token').references(() => apiTokens.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('jobs_created_idx').on(t.created_at),
    index('jobs_kind_state_idx').on(t.kind, t.state, t.created_at),
    check('jobs_state_check', sql`${t.state} in ('queued', 'running', 'succeeded', 'failed')`),
    check('jobs_kind_check', sql`${t.kind} in ('product_import', 'backup')`),
  ],
);

/** An uploaded CSV in the order it streamed in, so any process can run its import. */
export const importChunks = pgTable(
  'import_chunks',
  {
    job_id: uuid('job_id').notNull(),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'import_chunks_pkey', columns: [t.job_id, t.seq] }),
    index('import_chunks_created_idx').on(t.created_at),
  ],
);

/**
 * An import's parsed rows while it is checked and applied set-based (UNLOGGED in migration 0023:
 * scratch space).
 */
export const importRows = pgTable(
  'import_rows',
  {
    job_id: uuid('job_id').notNull(),
    line: integer('line').notNull(),
    sku: text('sku'),
    name: text('name'),
    name_given: boolean('name_given').notNull().default(false),
    mrp: numeric('mrp', { precision: 12, scale: 2 }),
    mrp_given: boolean('mrp_given').notNull().default(false),
    status: text('status'),
    category_path: text('category_path'),
    category_raw: text('category_raw'),
    brand_key: text('brand_key'),
    brand_raw: text('brand_raw'),
    description: text('description'),
    slug_base: text('slug_base'),
    slug: text('slug'),
    slug_n: integer('slug_n'),
    product_id: integer('product_id'),
    category_id: integer('category_id'),
    brand_id: integer('brand_id'),
    variant_sku: text('variant_sku'),
    option1_name: text('option1_name'),
    option1_value: text('option1_value'),
    option2_name: text('option2_name'),
    option2_value: text('option2_value'),
    option3_name: text('option3_name'),
    option3_value: text('option3_value'),
    variant_mrp: numeric('variant_mrp', { precision: 12, scale: 2 }),
    variant_status: text('variant_status'),
    /** The row's translated cells by locale and field ({"de": {"name": …}}), when the file has some. */
    translations: jsonb('translations').$type<Record<string, Record<string, string | null>>>(),
    follower: boolean('follower').notNull().default(false),
    value1_id: integer('value1_id'),
    value2_id: integer('value2_id'),
    value3_id: integer('value3_id'),
    variant_id: integer('variant_id'),
    variant_position: integer('variant_position'),
  },
  (t) => [
    primaryKey({ name: 'import_rows_pkey', columns: [t.job_id, t.line] }),
    index('import_rows_sku_idx').on(t.job_id, t.sku),
    index('import_rows_slug_idx').on(t.job_id, t.slug),
  ],
);

/**
 * Who changed what (migration 0028): one entry per entity a transaction changed, written by
 * triggers in that transaction. Append-only: no route edits or deletes an entry; the retention
 * job prunes the oldest.
 */
export const changeLog = pgTable(
  'change_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actor_id: integer('actor_id'),
    // The API token a change was made with (migration 0040); no foreign key, like actor_id.
    token_id: integer('token_id'),
    entity_type: text('entity_type').notNull(),
    entity_id: integer('entity_id'),
    action: text('action').notNull(),
    changes: jsonb('changes').notNull().default(sql`'{}'::jsonb`),
    batch_id: bigint('batch_id', { mode: 'number' }),
    tx: bigint('tx', { mode: 'number' }).notNull().default(sql`txid_current()`),
  },
  (t) => [
    uniqueIndex('change_log_tx_entity_key').on(t.tx, t.entity_type, t.entity_id),
    index('change_log_entity_idx').on(t.entity_type, t.entity_id, t.id),
    index('change_log_actor_idx').on(t.actor_id, t.id),
    // Migration 0029 also INCLUDEs entity_type and action, which drizzle's builder cannot say.
    index('change_log_actor_at_idx').on(t.actor_id, t.at, t.id),
    index('change_log_action_idx').on(t.action, t.id),
    index('change_log_type_idx').on(t.entity_type, t.id),
    index('change_log_at_idx').on(t.at, t.id),
    index('change_log_batch_idx').on(t.batch_id, t.id).where(sql`${t.batch_id} is not null`),
    index('change_log_token_idx').on(t.token_id, t.id).where(sql`${t.token_id} is not null`),
  ],
);

/**
 * Deleted products, categories, brands and discounts (migration 0028): the rows their delete
 * removed or unlinked, by table, so a restore puts them back; image_keys stay referenced until
 * the entry is purged.
 */
export const trash = pgTable(
  'trash',
  {
    entity_type: text('entity_type').notNull(),
    entity_id: integer('entity_id').notNull(),
    name: text('name').notNull(),
    data: jsonb('data').notNull(),
    image_keys: text('image_keys').array().notNull().default(sql`'{}'::text[]`),
    deleted_by: integer('deleted_by'),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'trash_pkey', columns: [t.entity_type, t.entity_id] }),
    index('trash_deleted_idx').on(t.deleted_at, t.entity_type, t.entity_id),
  ],
);

/**
 * A quote's lines, note and terms kept under a name (migration 0039): "Start from template" fills a
 * new draft with them, each linked line priced again from today's rule.
 */
export const quoteTemplates = pgTable(
  'quote_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    shipping: numeric('shipping', { precision: 12, scale: 2 }).notNull().default('0'),
    shipping_label: text('shipping_label'),
    tax_rate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    note: text('note'),
    terms: text('terms'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // One name once, however it is capitalised; the list reads in this order.
    uniqueIndex('quote_templates_name_key').on(sql`lower(${t.name})`),
    check('quote_templates_tax_rate_check', sql`${t.tax_rate} between 0 and 100`),
    check('quote_templates_shipping_check', sql`${t.shipping} >= 0`),
  ],
);

/** A template's lines: the product each was priced from (null for a typed line) and its quantity. */
export const quoteTemplateLines = pgTable(
  'quote_template_lines',
  {
    id: serial('id').primaryKey(),
    template_id: integer('template_id')
      .notNull()
      .references(() => quoteTemplates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    variant_id: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    options: jsonb('options').$type<LineOptions>(),
    name: text('name').notNull(),
    sku: text('sku'),
    quantity: integer('quantity').notNull(),
    /** The price when saved: kept for a typed line, and for one whose product is gone. */
    unit_price: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    discount_percent: numeric('discount_percent', { precision: 5, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    uniqueIndex('quote_template_lines_position_key').on(t.template_id, t.position),
    index('quote_template_lines_product_idx').on(t.product_id),
    index('quote_template_lines_variant_idx').on(t.variant_id).where(sql`${t.variant_id} is not null`),
    check('quote_template_lines_quantity_check', sql`${t.quantity} between 1 and 9999`),
    check('quote_template_lines_unit_price_check', sql`${t.unit_price} >= 0`),
    check('quote_template_lines_discount_check', sql`${t.discount_percent} between 0 and 100`),
  ],
);

/**
 * Companies and their customers (migration 0042, ADR 0022). A request joins the customer its
 * e-mail names, made on its first request; the counters are kept by triggers for the list's sorts.
 */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    phone: text('phone'),
    website: text('website'),
    address: text('address'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('companies_name_key').on(sql`lower(btrim(${t.name}))`),
    trigram('companies_name_trgm', t.name),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    merged_into_id: integer('merged_into_id').references((): AnyPgColumn => customers.id, {
      onDelete: 'set null',
    }),
    sees_company: boolean('sees_company').notNull().default(false),
    request_count: integer('request_count').notNull().default(0),
    last_request_at: timestamp('last_request_at', { withTimezone: true, mode: 'date' }),
    order_count: integer('order_count').notNull().default(0),
    accepted_value: numeric('accepted_value', { precision: 14, scale: 2 }).notNull().default('0'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('customers_email_key').on(sql`lower(${t.email})`),
    index('customers_company_idx').on(t.company_id, t.id).where(sql`${t.merged_into_id} is null`),
    index('customers_merged_into_idx').on(t.merged_into_id).where(sql`${t.merged_into_id} is not null`),
    index('customers_last_request_idx').on(t.last_request_at, t.id).where(sql`${t.merged_into_id} is null`),
    index('customers_request_count_idx').on(t.request_count, t.id).where(sql`${t.merged_into_id} is null`),
    index('customers_accepted_value_idx').on(t.accepted_value, t.id).where(sql`${t.merged_into_id} is null`),
    index('customers_name_idx').on(sql`lower(${t.name})`, t.id).where(sql`${t.merged_into_id} is null`),
    trigram('customers_name_trgm', t.name),
    trigram('customers_email_trgm', t.email),
    trigram('customers_phone_trgm', t.phone),
  ],
);

/**
 * The buyer portal's one-time sign-in links and buyer sessions (migration 0043, ADR 0023): a
 * SHA-256 of each secret only, apart from staff sessions and API tokens.
 */
export const accountLinks = pgTable(
  'account_links',
  {
    id: serial('id').primaryKey(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_links_token_key').on(t.token_hash),
    index('account_links_customer_idx').on(t.customer_id),
    index('account_links_expires_idx').on(t.expires_at),
  ],
);

export const accountSessions = pgTable(
  'account_sessions',
  {
    id: serial('id').primaryKey(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_sessions_token_key').on(t.token_hash),
    index('account_sessions_customer_idx').on(t.customer_id),
    index('account_sessions_expires_idx').on(t.expires_at),
  ],
);

/**
 * Endpoints that receive webhook events (server/modules/webhooks/, ADR 0020). The secret signs
 * every request, so it is kept as given (a hash could not sign); a rolled one stays valid, and is
 * signed with too, until previous_secret_expires_at. 'failing' marks an endpoint the sender
 * switched off after a day of failures.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secret: text('secret').notNull(),
    previous_secret: text('previous_secret'),
    previous_secret_expires_at: timestamp('previous_secret_expires_at', { withTimezone: true, mode: 'date' }),
    disabled_reason: text('disabled_reason', { enum: ['failing'] }),
    /** The first failed attempt since the last success: a day of failures switches the endpoint off. */
    failing_since: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
    /** When it got the URL it has: events recorded before then are not redelivered to it. */
    url_set_at: timestamp('url_set_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('webhook_endpoints_disabled_reason_check', sql`${t.disabled_reason} in ('failing')`)],
);

/**
 * Every event some endpoint subscribed to, written in the transaction of the change that caused
 * it. payload is the exact body sent, `{ id, type, created_at, data }`, so every attempt and
 * redelivery sends the same bytes. entity ('product:12') orders an entity's events.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The payload's `id` and the Stockroom-Event-Id header. */
    event_id: text('event_id').notNull(),
    type: text('type').notNull(),
    entity: text('entity').notNull(),
    payload: text('payload').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_events_event_id_key').on(t.event_id),
    // The housekeeping's pruning, oldest first (migration 0045).
    index('webhook_events_created_idx').on(t.created_at, t.id),
  ],
);

/**
 * One event to one endpoint: pending until a 2xx answer ('delivered') or the last retry
 * ('failed'). A pending delivery holds back the later ones of its endpoint and entity.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    event_id: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpoint_id: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    entity: text('entity').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** Retries stop a day after this (domain/webhooks.ts WEBHOOK_LIMITS.retryWindowHours). */
    first_attempt_at: timestamp('first_attempt_at', { withTimezone: true, mode: 'date' }),
    last_attempt_at: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    last_status_code: integer('last_status_code'),
    last_error: text('last_error'),
    delivered_at: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // The sender's claim: due pending deliveries, oldest first.
    index('webhook_deliveries_due_idx').on(t.next_attempt_at, t.id).where(sql`${t.status} = 'pending'`),
    // The order rule: an earlier pending delivery of the same endpoint and entity.
    index('webhook_deliveries_entity_idx')
      .on(t.endpoint_id, t.entity, t.id)
      .where(sql`${t.status} = 'pending'`),
    // The delivery log, newest first, whole or by status.
    index('webhook_deliveries_endpoint_idx').on(t.endpoint_id, t.created_at, t.id),
    index('webhook_deliveries_endpoint_status_idx').on(t.endpoint_id, t.status, t.created_at, t.id),
    index('webhook_deliveries_event_idx').on(t.event_id),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);

/** The delivery log: every attempt, its answer's status and first 2 KB, or its error. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    delivery_id: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    started_at: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    duration_ms: integer('duration_ms').notNull(),
    status_code: integer('status_code'),
    response_body: text('response_body'),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.delivery_id, t.id)],
);

/** Staff notes on a customer (migration 0042), like a request's and an order's. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: serial('id').primaryKey(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The API token that wrote it (migration 0054): taken from the session's stockroom.token. */
    token_id: integer('token_id').default(sessionToken),
    body: text('body').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_notes_customer_idx').on(t.customer_id, t.id),
    index('customer_notes_author_idx').on(t.author_id),
  ],
);

/** Staff notes on a company (migration 0042). */
export const companyNotes = pgTable(
  'company_notes',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The API token that wrote it (migration 0054): taken from the session's stockroom.token. */
    token_id: integer('token_id').default(sessionToken),
    body: text('body').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('company_notes_company_idx').on(t.company_id, t.id),
    index('company_notes_author_idx').on(t.author_id),
  ],
);

/**
 * What each merge of two customers moved (migration 0042), so that restoring it from the history
 * puts back exactly that. `tx` is the merge's transaction, as its change-log entries carry it.
 */
export const customerMerges = pgTable(
  'customer_merges',
  {
    id: serial('id').primaryKey(),
    source_id: integer('source_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    into_id: integer('into_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    inquiry_ids: integer('inquiry_ids').array().notNull().default(sql`'{}'::integer[]`),
    order_ids: integer('order_ids').array().notNull().default(sql`'{}'::integer[]`),
    note_ids: integer('note_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** The portal's sign-in links and sessions it moved (migration 0055). */
    link_ids: integer('link_ids').array().notNull().default(sql`'{}'::integer[]`),
    session_ids: integer('session_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** The price lists it assigned the survivor, which the source held (migration 0070). */
    price_list_ids: integer('price_list_ids').array().notNull().default(sql`'{}'::integer[]`),
    filled_phone: text('filled_phone'),
    filled_company_id: integer('filled_company_id'),
    /** Whether it handed the source's "sees the company's" to the survivor. */
    filled_sees_company: boolean('filled_sees_company').notNull().default(false),
    actor_id: integer('actor_id'),
    tx: bigint('tx', { mode: 'number' }).notNull().default(sql`txid_current()`),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    undone_at: timestamp('undone_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('customer_merges_tx_idx').on(t.tx),
    index('customer_merges_source_idx').on(t.source_id, t.id),
    index('customer_merges_into_idx').on(t.into_id),
  ],
);

/** Quantity breaks on a variant's list price (migration 0062): from min_quantity on, each costs mrp. */
export const variantPriceTiers = pgTable(
  'variant_price_tiers',
  {
    variant_id: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    min_quantity: integer('min_quantity').notNull(),
    mrp: numeric('mrp', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.variant_id, t.min_quantity] }),
    check('variant_price_tiers_quantity_check', sql`${t.min_quantity} >= 2`),
    check('variant_price_tiers_mrp_check', sql`${t.mrp} >= 0`),
  ],
);

/** Agreements (ADR 0031): a fixed price per variant and quantity, or a percent off, for whom they are assigned to. */
export const priceLists = pgTable(
  'price_lists',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type', { enum: ['fixed', 'percent'] }).notNull(),
    percent: numeric('percent', { precision: 5, scale: 2 }),
    starts_at: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    ends_at: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('price_lists_created_idx').on(t.created_at.desc(), t.id.desc()),
    trigram('price_lists_name_trgm_idx', t.name),
    check('price_lists_type_check', sql`${t.type} in ('fixed', 'percent')`),
    check(
      'price_lists_percent_check',
      sql`(${t.type} = 'percent' and ${t.percent} is not null and ${t.percent} >= 0 and ${t.percent} <= 100) or (${t.type} = 'fixed' and ${t.percent} is null)`,
    ),
    check(
      'price_lists_window_check',
      sql`${t.starts_at} is null or ${t.ends_at} is null or ${t.starts_at} <= ${t.ends_at}`,
    ),
  ],
);

export const priceListCompanies = pgTable(
  'price_list_companies',
  {
    price_list_id: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.price_list_id, t.company_id] }),
    index('price_list_companies_company_idx').on(t.company_id),
  ],
);

export const priceListCustomers = pgTable(
  'price_list_customers',
  {
    price_list_id: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.price_list_id, t.customer_id] }),
    index('price_list_customers_customer_idx').on(t.customer_id),
  ],
);

/** A fixed list's prices: from min_quantity on, the variant costs price for whom the list holds. */
export const priceListPrices = pgTable(
  'price_list_prices',
  {
    price_list_id: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    variant_id: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    min_quantity: integer('min_quantity').notNull().default(1),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.price_list_id, t.variant_id, t.min_quantity] }),
    index('price_list_prices_variant_idx').on(t.variant_id),
    check('price_list_prices_quantity_check', sql`${t.min_quantity} >= 1`),
    check('price_list_prices_price_check', sql`${t.price} >= 0`),
  ],
);
