import type { ProductBundle } from '#domain/products';
import { type Tagged, tagged } from '../../cache/etag';
import type { BundleService } from '../products/bundle.service';
import type { ShopChrome } from './render/layout';
import { renderProduct } from './render/product';
import type { ShopService } from './shop.service';

/** A product page ready to send: its HTML and a strong ETag over it. */
export type ProductPage = Tagged;

/**
 * The shop's product pages, rendered from the public bundle and kept per slug in a cache of the
 * bundles' own freshness group (server/cache/catalogue-cache.ts): whatever clears a bundle clears its page at
 * the same moment, and a page expires when its bundle's price does. A draft, deleted or unknown
 * product is the bundle service's 404.
 */
export function createProductPages(deps: {
  bundles: BundleService;
  shop: ShopService;
  chrome: ShopChrome;
  maxEntries: number;
}) {
  const pages = deps.bundles.caches.cache<ProductPage>(deps.maxEntries);
  return {
    get size() {
      return pages.size;
    },

    get(slug: string): Promise<ProductPage> {
      return pages.get(slug, async () => {
        const served = await deps.bundles.getPublished(slug);
        const bundle = JSON.parse(served.body) as ProductBundle;
        const links = await deps.shop.productLinks(bundle.base.category_id, bundle.base.brand_id);
        return { value: tagged(renderProduct(deps.chrome, bundle, links)), expiresAt: served.expiresAt };
      });
    },
  };
}

export type ProductPages = ReturnType<typeof createProductPages>;
