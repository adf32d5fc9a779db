import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { ProductBase, ProductBundle, ProductStatus } from '#domain/products';
import { authHeaders, type UploadFile } from './catalog';

/** Product rows and sections made straight through the API, for tests about other steps. */

type ProductInput = {
  name: string;
  sku?: string | null;
  brand_id?: number | null;
  category_id?: number | null;
  description?: string | null;
  mrp?: number;
  /** Published when left out, as the API does for callers that name none. */
  status?: ProductStatus;
};

export async function apiCreateProduct(
  request: APIRequestContext,
  input: ProductInput,
): Promise<ProductBase> {
  const res = await request.post('/api/products', {
    headers: await authHeaders(request),
    data: { sku: null, description: null, mrp: 0, ...input },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

type ProductChanges = Partial<Pick<ProductBase, 'name' | 'brand_id' | 'category_id' | 'status'>> & {
  pricing?: { mrp: number; discountPercent?: number; discountAmount?: number };
};

/**
 * Saves a product as the editor does, every field sent: `changes` over what `product` holds. The
 * status is always named, because an update without one publishes.
 */
export async function apiUpdateProduct(
  request: APIRequestContext,
  product: ProductBase,
  changes: ProductChanges = {},
) {
  const res = await request.put(`/api/products/${product.id}`, {
    headers: await authHeaders(request),
    data: {
      name: product.name,
      sku: product.sku,
      description: product.description,
      brand_id: product.brand_id,
      category_id: product.category_id,
      pricing: { mrp: product.mrp },
      status: product.status,
      ...changes,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Sets the editor's own discount (and keeps the other fields, the status among them, as given). */
export const apiSetDiscount = (
  request: APIRequestContext,
  product: ProductBase,
  discount: { discountPercent?: number; discountAmount?: number },
) => apiUpdateProduct(request, product, { pricing: { mrp: product.mrp, ...discount } });

/** The bundle as a visitor gets it: published products only, a draft is a 404. */
export async function apiPublicBundle(request: APIRequestContext, slug: string) {
  return request.get(`/api/public/products/slug/${slug}/bundle`);
}

/** The bundle as staff read it (drafts included), to check what a screen stored. */
export async function apiStaffBundle(request: APIRequestContext, slug: string) {
  return request.get(`/api/products/slug/${slug}/bundle`, { headers: await authHeaders(request) });
}

export async function apiBundleOf(request: APIRequestContext, slug: string): Promise<ProductBundle> {
  const res = await apiStaffBundle(request, slug);
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

export async function apiUploadImages(request: APIRequestContext, productId: number, files: UploadFile[]) {
  const form = new FormData();
  for (const f of files)
    form.append('images[]', new Blob([new Uint8Array(f.buffer)], { type: f.mimeType }), f.name);
  const res = await request.post(`/api/products/${productId}/images/batch`, {
    headers: await authHeaders(request),
    multipart: form,
  });
  expect(res.status(), await res.text()).toBe(201);
}

const sectionPaths = { list: 'lists', spec_group: 'spec-groups', table: 'tables' } as const;

export async function apiAddSection(
  request: APIRequestContext,
  productId: number,
  kind: keyof typeof sectionPaths,
  body: Record<string, unknown>,
): Promise<{ id: number }> {
  const res = await request.post(`/api/products/${productId}/${sectionPaths[kind]}`, {
    headers: await authHeaders(request),
    data: body,
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** The three kinds of section, one of each, as the screens show them. */
export async function apiAddSampleSections(request: APIRequestContext, productId: number, tag: string) {
  const list = {
    title: `Highlights ${tag}`,
    items: [{ caption: 'Solid oak' }, { caption: 'Hand finished' }],
  };
  const specs = {
    name: `Dimensions ${tag}`,
    intro: 'Measured at the widest point.',
    specs: [
      { label: 'Width', value: '120', unit: 'cm' },
      { label: 'Weight', value: '18', unit: 'kg' },
    ],
  };
  const table = {
    heading: `Sizes ${tag}`,
    intro: null,
    columns: ['Size', 'Seats', 'Price'],
    rows: [
      ['Small', '2', '$199'],
      ['Large', '6', '$349'],
    ],
    note: 'Prices before discounts.',
  };
  await apiAddSection(request, productId, 'list', list);
  await apiAddSection(request, productId, 'spec_group', specs);
  await apiAddSection(request, productId, 'table', table);
  return { list: list.title, specs: specs.name, table: table.heading };
}

export const openEditor = async (page: Page, product: { slug: string; name: string }) => {
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
};

/** A section card of the editor or the preview, by its heading. */
export const sectionCard = (page: Page, title: string) =>
  page.getByRole('region', { name: title, exact: true });
