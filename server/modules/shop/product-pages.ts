import type { ProductBundle } from '#domain/products';
import { chosenVariant } from '#domain/variant-choice';
import { type Tagged, tagged } from '../../cache/etag';
import type { BundleService } from '../products';
import type { ShopChrome } from './render/layout';
import { type ProductLinks, renderProduct } from './render/product';
import type { ShopService } from './shop.service';
import type { ShopVariants } from './shop-variants';

/** A product page ready to send: its HTML and a strong ETag over it. */
export type ProductPage = Tagged;

/** What a product's pages are drawn from: its bundle, its links, its options and active variants. */
type PageModel = {
  bundle: ProductBundle;
  links: ProductLinks;
  variants: ShopVariants;
  expiresAt: number | null;
};

/**
 * The shop's product pages, rendered from the public bundle and kept per slug (and per chosen
 * variant) in caches of the bundles' own freshness group (server/cache/catalogue-cache.ts):
 * whatever clears a bundle clears its pages at the same moment, and a page expires when its
 * bundle's price does (a variant is priced from the same discounts). A draft, deleted or unknown
 * product is the bundle service's 404. A `?variant=` that is none of the product's active variants
 * shows the default one, under the default page's key, so the keys are bounded by the variants.
 */
export function createProductPages(deps: {
  bundles: BundleService;
  shop: ShopService;
  chrome: ShopChrome;
  maxEntries: number;
}) {
  const models = deps.bundles.caches.cache<PageModel>(deps.maxEntries);
  const pages = deps.bundles.caches.cache<ProductPage>(deps.maxEntries);

  const model = (slug: string) =>
    models.get(slug, async () => {
      const served = await deps.bundles.getPublished(slug);
      const bundle = JSON.parse(served.body) as ProductBundle;
      const [links, variants] = await Promise.all([
        deps.shop.productLinks(bundle.base.category_id, bundle.base.brand_id),
        deps.shop.productVariants(bundle.base.id),
      ]);
      return { value: { bundle, links, variants, expiresAt: served.expiresAt }, expiresAt: served.expiresAt };
    });

  return {
    get size() {
      return pages.size;
    },

    async get(slug: string, variant?: string): Promise<ProductPage> {
      const m = await model(slug);
      const chosen = chosenVariant(m.variants.variants, variant);
      const key = chosen && chosen !== m.variants.variants[0] ? `${slug}?variant=${chosen.id}` : slug;
      return pages.get(key, async () => {
        // Read again under the page's own key: the model may have been renewed meanwhile.
        const fresh = await model(slug);
        const shown = chosenVariant(fresh.variants.variants, chosen ? String(chosen.id) : undefined);
        return {
          value: tagged(
            renderProduct(deps.chrome, fresh.bundle, fresh.links, { ...fresh.variants, chosen: shown }),
          ),
          expiresAt: fresh.expiresAt,
        };
      });
    },
  };
}

export type ProductPages = ReturnType<typeof createProductPages>;
