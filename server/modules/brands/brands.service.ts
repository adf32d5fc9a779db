import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Brand, BrandFields } from '#domain/brands';
import type { BrandSortKey } from '#domain/constants';
import { API_ERROR } from '#domain/messages';
import type { ListParams } from '#domain/paging';
import type { Db } from '../../db/client';
import { ownRows, pageWithTotal, type SortColumns } from '../../db/query/counting';
import { escapeLike, limitInText } from '../../db/query/sql';
import { brands } from '../../db/schema';
import { resolveSlug, withSlugConflict } from '../../db/slugs';
import { badRequest, notFound } from '../../errors/app-error';
import type { ImagesService } from '../../images/images.service';
import type { PreparedImage } from '../../images/process';
import { moveToTrash } from '../shared/trash-move';

type Row = typeof brands.$inferSelect;

const toBrand = (row: Row): Brand => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  logo_url: row.logo_url,
  description: row.description,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const SORT_COLUMNS: SortColumns<BrandSortKey> = {
  created_at: brands.created_at,
  updated_at: brands.updated_at,
  name: sql`lower(${brands.name})`,
  slug: brands.slug,
};

const LOGO_URL_RULE = 'logo_url can only be kept as it is or set to an empty string (to remove the logo)';

export function createBrandsService(db: Db, images: ImagesService) {
  const write = <T>(slug: string | null, work: () => Promise<T>) =>
    withSlugConflict('brands_slug_key', work, { generated: !slug });
  const searchCondition = (q: string) =>
    q ? or(ilike(brands.name, `%${escapeLike(q)}%`), ilike(brands.slug, `%${escapeLike(q)}%`)) : undefined;

  return {
    async get(id: number) {
      const [row] = await db.select().from(brands).where(eq(brands.id, id));
      if (!row) throw notFound(API_ERROR.brandNotFound);
      return toBrand(row);
    },

    /** A brand by its slug, as the shop's brand page shows it. */
    async bySlug(slug: string) {
      const [row] = await db
        .select({
          id: brands.id,
          name: brands.name,
          slug: brands.slug,
          logo_url: brands.logo_url,
          description: brands.description,
        })
        .from(brands)
        .where(eq(brands.slug, slug));
      if (!row) throw notFound(API_ERROR.brandNotFound);
      return row;
    },

    async list(params: ListParams<BrandSortKey>) {
      const where = searchCondition(params.q);
      const { rows, meta } = await pageWithTotal(
        db,
        { table: brands, id: brands.id, where, sortColumns: SORT_COLUMNS, params },
        ownRows(brands),
      );
      return { data: rows.map((r) => toBrand(r.row)), meta };
    },

    async create(fields: BrandFields, logo: PreparedImage | null) {
      if (fields.logo_url) throw badRequest(LOGO_URL_RULE, { logo_url: LOGO_URL_RULE });
      return write(fields.slug, () =>
        images.transaction(async (tx, ops) => {
          const slug = await resolveSlug(tx, 'brands', { ...fields, fallback: 'brand' });
          const logo_url = logo ? await ops.attach(logo) : null;
          const [row] = await tx
            .insert(brands)
            .values({ name: fields.name, slug, description: fields.description, logo_url })
            .returning();
          return toBrand(row);
        }),
      );
    },

    /** Updates a brand; a new logo file replaces the old one, logo_url '' removes it. */
    async update(id: number, fields: BrandFields, logo: PreparedImage | null) {
      return write(fields.slug, () =>
        images.transaction(async (tx, ops) => {
          const [current] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
          if (!current) throw notFound(API_ERROR.brandNotFound);
          // A client may echo the current URL back (a brand's PUT may send logo_url), never a new one.
          if (fields.logo_url && fields.logo_url !== current.logo_url) {
            throw badRequest(LOGO_URL_RULE, { logo_url: LOGO_URL_RULE });
          }
          const slug = await resolveSlug(tx, 'brands', { ...fields, fallback: 'brand' }, id);
          let logo_url = current.logo_url;
          if (logo) {
            await ops.detach(current.logo_url);
            logo_url = await ops.attach(logo);
          } else if (fields.logo_url === '') {
            await ops.detach(current.logo_url);
            logo_url = null;
          }
          const [row] = await tx
            .update(brands)
            .set({
              name: fields.name,
              slug,
              description: fields.description,
              logo_url,
              updated_at: sql`now()`,
            })
            .where(eq(brands.id, id))
            .returning();
          return toBrand(row);
        }),
      );
    },

    /** Moves a brand to the trash, its logo held there; products that reference it keep existing with no brand. */
    async remove(id: number) {
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ id: brands.id })
          .from(brands)
          .where(eq(brands.id, id))
          .for('update');
        if (!current) throw notFound(API_ERROR.brandNotFound);
        await moveToTrash(tx, 'brand', id);
      });
    },

    async options(opts: { q: string; limit: number }) {
      return db
        .select({ id: brands.id, name: brands.name, slug: brands.slug, logo_url: brands.logo_url })
        .from(brands)
        .where(searchCondition(opts.q))
        .orderBy(asc(sql`lower(${brands.name})`), asc(brands.id))
        .limit(limitInText(opts.limit));
    },
  };
}

export type BrandsService = ReturnType<typeof createBrandsService>;
