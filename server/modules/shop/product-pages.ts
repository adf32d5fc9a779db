import type { ProductBundle } from '#domain/products';
import { chosenVariant } from '#domain/variant-choice';
import { type Tagged, tagged } from '../../cache/etag';
import type { BundleService } from '../products';
import { localeChromes, type ShopChrome } from './render/layout';
import { type ProductLinks, type ProductSeo, renderProduct } from './render/product';
import type { ShopService } from './shop.service';
import type { ShopVariants } from './shop-variants';

/** A product page ready to send: its HTML and a strong ETag over it. */
export type ProductPage = Tagged;

/** What a product's pages are drawn from: its bundle, its links, its options and active variants. */
type PageModel = {
  bundle: ProductBundle;
  links: ProductLinks;
  variants: ShopVariants;
  /** A translated page's own SEO texts (none in the default language, which has no such fields). */
  seo?: ProductSeo;
  expiresAt: number | null;
};

/**
 * The shop's product pages, rendered from the public bundle and kept per slug (and per chosen
 * variant) in caches of the bundles' own freshness group (server/cache/catalogue-cache.ts):
 * whatever clears a bundle clears its pages at the same moment, and a page expires when its
 * bundle's price does (a variant is priced from the same discounts). A draft, deleted or unknown
 * product is the bundle service's 404. A `?variant=` that is none of the product's active variants
 * shows the default one, under the default page's key, so the keys are bounded by the variants.
 * A language other than the default is a page of its own (`slug@de`), drawn from the bundle in
 * that language: one language's page is never served for another.
 */
export function createProductPages(deps: {
  bundles: BundleService;
  shop: ShopService;
  chrome: ShopChrome;
  maxEntries: number;
}) {
  const chromes = localeChromes(deps.chrome);
  const models = deps.bundles.caches.cache<PageModel>(deps.maxEntries);
  const pages = deps.bundles.caches.cache<ProductPage>(deps.maxEntries);

  const model = (slug: string, locale: string | undefined) =>
    models.get(`${slug}${at(locale)}`, async () => {
      const served = await deps.bundles.getPublished(slug, locale);
      const bundle = JSON.parse(served.body) as ProductBundle;
      const [links, variants, seo] = await Promise.all([
        deps.shop.productLinks(bundle.base.category_id, bundle.base.brand_id, locale),
        deps.shop.productVariants(bundle.base.id),
        locale ? deps.shop.productSeo(bundle.base.id, locale) : undefined,
      ]);
      return {
        value: { bundle, links, variants, seo, expiresAt: served.expiresAt },
        expiresAt: served.expiresAt,
      };
    });

  return {
    get size() {
      return pages.size;
    },

    /** A product's page; `locale`, a translated one (none: the default language). */
    async get(slug: string, variant?: string, locale?: string): Promise<ProductPage> {
      const m = await model(slug, locale);
      const chosen = chosenVariant(m.variants.variants, variant);
      const key = `${slug}${at(locale)}${chosen && chosen !== m.variants.variants[0] ? `?variant=${chosen.id}` : ''}`;
      const chrome = (locale && chromes.get(locale)) || deps.chrome;
      return pages.get(key, async () => {
        // Read again under the page's own key: the model may have been renewed meanwhile.
        const fresh = await model(slug, locale);
        const shown = chosenVariant(fresh.variants.variants, chosen ? String(chosen.id) : undefined);
        return {
          value: tagged(
            renderProduct(chrome, fresh.bundle, fresh.links, { ...fresh.variants, chosen: shown }, fresh.seo),
          ),
          expiresAt: fresh.expiresAt,
        };
      });
    },
  };
}

/** A cache key's locale suffix: none for the default language. A slug holds no @. */
const at = (locale: string | undefined) => (locale ? `@${locale}` : '');

export type ProductPages = ReturnType<typeof createProductPages>;
