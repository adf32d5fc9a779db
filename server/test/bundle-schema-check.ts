import type { FastifyInstance } from 'fastify';
import { productBundleSchema } from '#domain/products';
import { strictDeep } from './strict-schema';

/** The public bundle's route, as Fastify names it. */
const BUNDLE_ROUTE = '/api/public/products/slug/:slug/bundle';

/** productBundleSchema with no room for keys it does not name. */
export const strictBundleSchema = strictDeep(productBundleSchema);

export type BundleSchemaCheck = {
  /** Bundles parsed so far (a test can see that the check is alive). */
  checked: number;
  /** What failed to parse, for the file's closing report. */
  mismatches: string[];
};

/**
 * The bundle route sends JSON text built by SQL (the product's head and the document
 * `stockroom_product_content` keeps), not through its response schema, so nothing at run time
 * holds that text to `productBundleSchema`. In the tests, every 200 bundle is parsed with a strict
 * copy of it before it goes out. A mismatch turns the answer into a 500, so the test that asked
 * for it fails where it happened, and is kept for the file's `close()`, which reports what differed.
 */
export function checkBundlesAgainstSchema(app: FastifyInstance): BundleSchemaCheck {
  const state: BundleSchemaCheck = { checked: 0, mismatches: [] };
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url !== BUNDLE_ROUTE || reply.statusCode !== 200) return payload;
    const text =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    if (text === null)
      throw new Error('bundle-schema-check: a bundle body that is neither text nor a buffer');
    const result = strictBundleSchema.safeParse(JSON.parse(text));
    state.checked += 1;
    if (!result.success) {
      const message = `GET ${request.url}: the bundle does not match productBundleSchema:\n${result.error.message}`;
      state.mismatches.push(message);
      throw new Error(message);
    }
    return payload;
  });
  return state;
}
