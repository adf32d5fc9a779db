import { and, asc, eq, sql } from 'drizzle-orm';
import { PRODUCT_MESSAGES, type ProductImage } from '#domain/products';
import type { Db } from '../../db/client';
import { productImages, products } from '../../db/schema';
import { notFound } from '../../errors/app-error';
import type { ImagesService } from '../../images/images.service';
import type { PreparedImage } from '../../images/process';

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

    /** Adds every image of a batch, or none of them. */
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
