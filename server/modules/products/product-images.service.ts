import { and, asc, eq, sql } from 'drizzle-orm';
import { PRODUCT_MESSAGES, type ProductImage } from '#domain/products';
import type { Db } from '../../db/client';
import { productImages, products } from '../../db/schema';
import { notFound } from '../../errors/app-error';
import type { ImagesService } from '../../images/images.service';
import type { PreparedImage } from '../../images/process';
import { checkWholeOrder } from './whole-order';

/** A product's gallery: uploads go through the shared image pipeline, files refcounted. */
export function createProductImagesService(db: Db, images: ImagesService) {
  const listFor = (executor: Pick<Db, 'select'>, productId: number): Promise<ProductImage[]> =>
    executor
      .select({ id: productImages.id, url: productImages.url, alt: productImages.alt })
      .from(productImages)
      .where(eq(productImages.product_id, productId))
      .orderBy(asc(productImages.position), asc(productImages.id));

  async function ensureProduct(executor: Pick<Db, 'select'>, productId: number, lock = false) {
    const query = executor
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.id, productId));
    const [row] = await (lock ? query.for('update') : query);
    if (!row) throw notFound(PRODUCT_MESSAGES.productNotFound);
    return row;
  }

  return {
    async list(productId: number) {
      await ensureProduct(db, productId);
      return listFor(db, productId);
    },

    /** Adds every image given (the batch's good files), after the gallery's last, in their order. */
    async addBatch(productId: number, prepared: PreparedImage[]) {
      return images.transaction(async (tx, ops) => {
        const product = await ensureProduct(tx, productId, true);
        const [{ next }] = await tx
          .select({ next: sql<number>`coalesce(max(${productImages.position}) + 1, 0)::int` })
          .from(productImages)
          .where(eq(productImages.product_id, productId));
        for (const [i, image] of prepared.entries()) {
          const url = await ops.attach(image);
          await tx
            .insert(productImages)
            .values({ product_id: productId, url, alt: product.name, position: next + i });
        }
        return listFor(tx, productId);
      });
    },

    /**
     * Puts the gallery in the order given, which must name each of its images exactly once; the
     * first becomes the primary image. The product row is locked, so an upload or another reorder
     * waits rather than interleaving with this one, and positions are rewritten as 0..n-1.
     */
    async reorder(productId: number, ids: number[]) {
      return db.transaction(async (tx) => {
        await ensureProduct(tx, productId, true);
        const current = await tx
          .select({ id: productImages.id })
          .from(productImages)
          .where(eq(productImages.product_id, productId));
        checkWholeOrder(ids, new Set(current.map((r) => r.id)), {
          notFound: PRODUCT_MESSAGES.imageNotFound,
          duplicate: PRODUCT_MESSAGES.imageOrderDuplicate,
          incomplete: PRODUCT_MESSAGES.imageOrderIncomplete,
        });
        await tx.execute(sql`
          update ${productImages} set position = o.n - 1
          from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as o(id, n)
          where ${productImages.id} = o.id and ${productImages.product_id} = ${productId}`);
        return listFor(tx, productId);
      });
    },

    async setAlt(productId: number, imageId: number, alt: string): Promise<ProductImage> {
      return db.transaction(async (tx) => {
        await ensureProduct(tx, productId, true);
        const [row] = await tx
          .update(productImages)
          .set({ alt })
          .where(and(eq(productImages.id, imageId), eq(productImages.product_id, productId)))
          .returning({ id: productImages.id, url: productImages.url, alt: productImages.alt });
        if (!row) throw notFound(PRODUCT_MESSAGES.imageNotFound);
        return row;
      });
    },

    async remove(productId: number, imageId: number) {
      await images.transaction(async (tx, ops) => {
        await ensureProduct(tx, productId, true);
        const [row] = await tx
          .delete(productImages)
          .where(and(eq(productImages.id, imageId), eq(productImages.product_id, productId)))
          .returning({ url: productImages.url });
        if (!row) throw notFound(PRODUCT_MESSAGES.imageNotFound);
        await ops.detach(row.url);
      });
    },
  };
}

export type ProductImagesService = ReturnType<typeof createProductImagesService>;
