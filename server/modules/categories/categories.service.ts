import { and, asc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Category, CategoryFields, CategoryNode, MoveDirection } from '#domain/categories';
import type { CategorySortKey } from '#domain/constants';
import { API_ERROR } from '#domain/messages';
import type { ListParams } from '#domain/paging';
import type { Db, Tx } from '../../db/client';
import { pageWithTotal, type SortColumns } from '../../db/query/counting';
import { escapeLike, limitInText } from '../../db/query/sql';
import { categories } from '../../db/schema';
import { resolveSlug, withSlugConflict } from '../../db/slugs';
import { AppError, badRequest, conflict, notFound } from '../../errors/app-error';
import type { ImagesService } from '../../images/images.service';
import type { PreparedImage } from '../../images/process';
import { moveToTrash } from '../shared/trash-move';
import {
  childrenOf,
  isInSubtree,
  lockCategoryTree,
  nextSortOrder,
  recomputeSubtrees,
  swappedOrders,
} from './tree';

type Row = typeof categories.$inferSelect;

const parent = alias(categories, 'parent');

const toCategory = (row: Row, parentName: string | null): Category => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  parent_id: row.parent_id,
  parent_name: parentName,
  depth: row.depth,
  sort_order: row.sort_order,
  image_url: row.image_url,
  description: row.description,
  path: row.path,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const SORT_COLUMNS: SortColumns<CategorySortKey> = {
  sort_order: categories.sort_order,
  name: sql`lower(${categories.name})`,
  slug: categories.slug,
  depth: categories.depth,
  created_at: categories.created_at,
};

export function createCategoriesService(db: Db, images: ImagesService) {
  async function get(id: number, executor: Pick<Db, 'select'> = db): Promise<Category> {
    const [found] = await executor
      .select({ row: categories, parentName: parent.name })
      .from(categories)
      .leftJoin(parent, eq(parent.id, categories.parent_id))
      .where(eq(categories.id, id));
    if (!found) throw notFound(API_ERROR.categoryNotFound);
    return toCategory(found.row, found.parentName);
  }

  async function parentRow(tx: Tx, parentId: number | null | undefined) {
    if (!parentId) return null;
    const [row] = await tx.select().from(categories).where(eq(categories.id, parentId));
    if (!row) throw new AppError(404, API_ERROR.parentNotFound, { parent_id: API_ERROR.parentNotFound });
    return row;
  }

  const write = <T>(slug: string | null, work: () => Promise<T>) =>
    withSlugConflict('categories_slug_key', work, { generated: !slug });

  return {
    get,

    async list(params: ListParams<CategorySortKey>) {
      const conditions: SQL[] = [];
      if (params.q) {
        const like = `%${escapeLike(params.q)}%`;
        conditions.push(or(ilike(categories.name, like), ilike(categories.slug, like))!);
      }
      const parentFilter = params.filters.parent_id;
      if (parentFilter !== undefined) {
        const parentId = Number(parentFilter);
        conditions.push(parentId === 0 ? isNull(categories.parent_id) : eq(categories.parent_id, parentId));
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const { rows, meta } = await pageWithTotal(
        db,
        { table: categories, id: categories.id, where, sortColumns: SORT_COLUMNS, params },
        (scope) =>
          scope.db
            .select({ row: categories, parentName: parent.name, total: scope.total })
            .from(categories)
            .leftJoin(parent, eq(parent.id, categories.parent_id))
            .where(scope.where)
            .orderBy(...scope.order)
            .limit(scope.limit)
            .offset(scope.offset),
      );
      return { data: rows.map((r) => toCategory(r.row, r.parentName)), meta };
    },

    async create(fields: CategoryFields, image: PreparedImage | null) {
      return write(fields.slug, () =>
        images.transaction(async (tx, ops) => {
          await lockCategoryTree(tx);
          const parentCategory = await parentRow(tx, fields.parent_id);
          const slug = await resolveSlug(tx, 'categories', { ...fields, fallback: 'category' });
          const image_url = image ? await ops.attach(image) : null;
          const [row] = await tx
            .insert(categories)
            .values({
              name: fields.name,
              slug,
              parent_id: parentCategory?.id ?? null,
              depth: parentCategory ? parentCategory.depth + 1 : 0,
              path: parentCategory ? `${parentCategory.path}/${slug}` : slug,
              sort_order: fields.sort_order ?? (await nextSortOrder(tx, parentCategory?.id ?? null)),
              description: fields.description,
              image_url,
            })
            .returning();
          return toCategory(row, parentCategory?.name ?? null);
        }),
      );
    },

    /**
     * Updates a category. A new parent or slug moves its whole subtree (depth and path) in the same
     * transaction; a parent inside its own subtree is refused.
     */
    async update(id: number, fields: CategoryFields, image: PreparedImage | null) {
      return write(fields.slug, () =>
        images.transaction(async (tx, ops) => {
          await lockCategoryTree(tx);
          const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
          if (!current) throw notFound(API_ERROR.categoryNotFound);
          const parentId = fields.parent_id === undefined ? current.parent_id : fields.parent_id;
          if (parentId !== null && (parentId === id || (await isInSubtree(tx, id, parentId)))) {
            throw badRequest(API_ERROR.categoryCycle, { parent_id: API_ERROR.categoryCycle });
          }
          await parentRow(tx, parentId);
          const slug = await resolveSlug(tx, 'categories', { ...fields, fallback: 'category' }, id);

          let image_url = current.image_url;
          if (image) {
            // A new file wins over a removal request.
            await ops.detach(current.image_url);
            image_url = await ops.attach(image);
          } else if (fields.image_url === '') {
            await ops.detach(current.image_url);
            image_url = null;
          }
          await tx
            .update(categories)
            .set({
              name: fields.name,
              slug,
              parent_id: parentId,
              description: fields.description,
              sort_order: fields.sort_order ?? current.sort_order,
              image_url,
              updated_at: sql`now()`,
            })
            .where(eq(categories.id, id));
          if (parentId !== current.parent_id || slug !== current.slug) await recomputeSubtrees(tx, [id]);
          return get(id, tx);
        }),
      );
    },

    /**
     * Moves a category to the trash: its children become roots with their subtrees recomputed;
     * its image stays held by the trash.
     */
    async remove(id: number) {
      await db.transaction(async (tx) => {
        await lockCategoryTree(tx);
        const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
        if (!current) throw notFound(API_ERROR.categoryNotFound);
        const children = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.parent_id, id));
        await moveToTrash(tx, 'category', id);
        await recomputeSubtrees(
          tx,
          children.map((c) => c.id),
        );
      });
    },

    async reorder(id: number, sortOrder: number) {
      const [row] = await db
        .update(categories)
        .set({ sort_order: sortOrder, updated_at: sql`now()` })
        .where(eq(categories.id, id))
        .returning({ id: categories.id });
      if (!row) throw notFound(API_ERROR.categoryNotFound);
      return get(id);
    },

    /**
     * Moves a category one step among its siblings (same parent) in the list's order (sort
     * order, then id) by trading sort orders with its neighbour, all in one transaction. The
     * first cannot go up nor the last down (409).
     */
    async move(id: number, direction: MoveDirection) {
      return db.transaction(async (tx) => {
        // The tree lock keeps a concurrent create, move or reparent from reading the same values.
        await lockCategoryTree(tx);
        const [current] = await tx
          .select({ parent_id: categories.parent_id })
          .from(categories)
          .where(eq(categories.id, id));
        if (!current) throw notFound(API_ERROR.categoryNotFound);
        const siblings = await tx
          .select({ id: categories.id, sort_order: categories.sort_order })
          .from(categories)
          .where(childrenOf(current.parent_id))
          .orderBy(asc(categories.sort_order), asc(categories.id));
        const index = siblings.findIndex((s) => s.id === id);
        const other = index + (direction === 'up' ? -1 : 1);
        if (other < 0) throw conflict(API_ERROR.categoryFirst);
        if (other >= siblings.length) throw conflict(API_ERROR.categoryLast);
        const orders = swappedOrders(
          siblings.map((s) => s.sort_order),
          index,
          other,
        );
        const changed = siblings
          .map((s, i) => ({ id: s.id, sort_order: orders[i] }))
          .filter((s, i) => s.sort_order !== siblings[i].sort_order);
        await tx.execute(sql`
          update categories c set sort_order = v.sort_order, updated_at = now()
          from (values ${sql.join(
            changed.map((c) => sql`(${c.id}::int, ${c.sort_order}::int)`),
            sql`, `,
          )}) as v(id, sort_order)
          where c.id = v.id`);
        return get(id, tx);
      });
    },

    /** The option list for selects: flat in tree order, or nested. */
    async options(opts: { flat: boolean; q: string; limit: number }): Promise<CategoryNode[]> {
      const where = opts.q
        ? or(
            ilike(categories.name, `%${escapeLike(opts.q)}%`),
            ilike(categories.slug, `%${escapeLike(opts.q)}%`),
          )
        : undefined;
      const rows = await db
        .select({
          id: categories.id,
          name: categories.name,
          slug: categories.slug,
          parent_id: categories.parent_id,
          depth: categories.depth,
          sort_order: categories.sort_order,
          path: categories.path,
          image_url: categories.image_url,
        })
        .from(categories)
        .where(where)
        .orderBy(asc(categories.path))
        .limit(limitInText(opts.limit));
      if (opts.flat) return rows;
      return nest(rows);
    },
  };
}

/** Builds the nested tree; a node whose parent is not in the set is shown at the top. */
function nest(rows: CategoryNode[]): CategoryNode[] {
  const byId = new Map(rows.map((r) => [r.id, { ...r, children: [] as CategoryNode[] }]));
  const roots: CategoryNode[] = [];
  for (const node of byId.values()) {
    const parentNode = node.parent_id === null ? undefined : byId.get(node.parent_id);
    (parentNode ? parentNode.children : roots).push(node);
  }
  const bySortOrder = (a: CategoryNode, b: CategoryNode) =>
    a.sort_order - b.sort_order || a.name.localeCompare(b.name);
  const sortDeep = (nodes: CategoryNode[]) => {
    nodes.sort(bySortOrder);
    for (const n of nodes) sortDeep(n.children ?? []);
  };
  sortDeep(roots);
  return roots;
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
