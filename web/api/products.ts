import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import axios from 'axios';
import type { z } from 'zod';
import { IMAGE_BATCH_MAX } from '#domain/images';
import type { ListMeta } from '#domain/paging';
import {
  PRODUCT_LIST,
  PRODUCT_LIST_FALLBACK,
  type ProductBulkResponse,
  type productBulkBody,
  type productDuplicateResponse,
} from '#domain/product-list';
import type {
  createProductBody,
  ImageBatchResponse,
  ProductBase,
  ProductBundle,
  ProductImage,
  ProductListItem,
  pricingSchema,
  RefusedFile,
  updateProductBody,
} from '#domain/products';
import { PRODUCT_FALLBACK } from '#domain/products';
import type {
  LayoutBlock,
  ListBody,
  ProductList,
  ProductTable,
  SpecGroup,
  SpecGroupBody,
  TableBody,
} from '#domain/sections';
import { api } from './client';
import { useDownload } from './download';
import { type ProductListParams, productKeys } from './keys';
import { toListQuery } from './listQuery';
import { uploadConfig } from './requestBody';

export type CreateProductInput = z.input<typeof createProductBody>;

/**
 * The editor's fields, with pricing as the server reads it: the editor's own discount, where none
 * removes it (ADR 0005). The hook writes pricing back in the API's shape.
 */
export type UpdateProductInput = Omit<z.input<typeof updateProductBody>, 'pricing'> & {
  pricing: z.output<typeof pricingSchema>;
};

/**
 * The product as stored, as an update body. A change to some fields (the status, or the Basic and
 * Price form's) starts from it, since the update replaces every field: one left out would be reset,
 * and an absent status would publish a draft.
 */
export function storedUpdateInput({ base, discounts }: ProductBundle): UpdateProductInput {
  return {
    name: base.name,
    sku: base.sku,
    description: base.description,
    brand_id: base.brand_id,
    category_id: base.category_id,
    pricing: { mrp: base.mrp, discount: discounts.own },
    status: base.status,
  };
}

/** A content section as the API names it, with the body its routes take. */
export type SectionSave =
  | { kind: 'list'; id: number | null; body: ListBody }
  | { kind: 'spec_group'; id: number | null; body: SpecGroupBody }
  | { kind: 'table'; id: number | null; body: TableBody };
export type SectionKind = SectionSave['kind'];
type SavedSection = ProductList | SpecGroup | ProductTable;

const SECTION_PATHS: Record<SectionKind, string> = {
  list: 'lists',
  spec_group: 'spec-groups',
  table: 'tables',
};

/** A bulk call as the screen sends it: the rows (by ids or by the list's filter) and the action's fields. */
export type ProductBulkInput = z.input<typeof productBulkBody>;
type DuplicateAnswer = z.infer<typeof productDuplicateResponse>;

/**
 * The list's query string: the set values only, and the sort and order only when they differ from
 * the server's own defaults, so the plain list asks exactly what it always asked.
 */
function productQuery({ sortBy, order, ...rest }: Partial<ProductListParams>) {
  return toListQuery({
    ...rest,
    sortBy: sortBy === PRODUCT_LIST.defaultSort ? undefined : sortBy,
    order: order === PRODUCT_LIST.defaultOrder ? undefined : order,
  });
}

export function useProducts(params: ProductListParams, enabled = true) {
  return useQuery({
    queryKey: productKeys.list(params),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: ProductListItem[]; meta: ListMeta }>('/products', {
          params: productQuery(params),
          signal,
        })
      ).data,
    enabled,
    placeholderData: keepPreviousData,
    meta: { errorMessage: PRODUCT_FALLBACK.loadProducts },
  });
}

/**
 * The bundle as staff see it, drafts included: the editor, the preview and the quote
 * builder's added lines read one cached copy.
 */
export const productBundleQuery = (slug: string) =>
  queryOptions({
    queryKey: productKeys.detail(slug),
    queryFn: async ({ signal }) =>
      (await api.get<ProductBundle>(`/products/slug/${encodeURIComponent(slug)}/bundle`, { signal })).data,
  });

export function useProductBundle(slug: string) {
  return useQuery({ ...productBundleQuery(slug), meta: { errorMessage: PRODUCT_FALLBACK.loadProduct } });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateProductInput) => (await api.post<ProductBase>('/products', input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
    meta: { errorMessage: PRODUCT_FALLBACK.creation },
  });
}

/** Every product change can move a list card (price, image, names), so both views refresh. */
function useProductChanged(slug: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.detail(slug) }),
      queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
    ]);
}

export function useUpdateProduct(slug: string) {
  const changed = useProductChanged(slug);
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: UpdateProductInput }) => {
      const { discount, mrp } = input.pricing;
      // A discount is sent only if greater than 0; sending none removes it.
      const pricing = {
        mrp,
        ...(discount &&
          discount.value > 0 &&
          discount.type === 'percent' && { discountPercent: discount.value }),
        ...(discount &&
          discount.value > 0 &&
          discount.type === 'amount' && { discountAmount: discount.value }),
      };
      return (await api.put<ProductBase>(`/products/${id}`, { ...input, pricing })).data;
    },
    onSuccess: changed,
    meta: { errorMessage: PRODUCT_FALLBACK.save },
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/products/${id}`);
    },
    // The editor's own bundle is dropped by the editor once it has left the page: refetching it
    // here would answer 404 and toast a load failure for a deletion that worked.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
    meta: { errorMessage: PRODUCT_FALLBACK.delete },
  });
}

export type ImageUpload = { productId: number; files: File[]; onProgress?: (percent: number) => void };
/** What an upload stored, and the files the server refused while storing the others (ADR 0012). */
export type ImageUploadResult = { added: ProductImage[]; refused: RefusedFile[] };

/** A batch the server refused whole answers every file's reason; any other failure has none. */
function refusedFiles(error: unknown): RefusedFile[] | null {
  if (!axios.isAxiosError(error)) return null;
  const refused = (error.response?.data as { refused?: unknown } | undefined)?.refused;
  return Array.isArray(refused) ? (refused as RefusedFile[]) : null;
}

export function useUploadImages(slug: string) {
  const changed = useProductChanged(slug);
  return useMutation({
    mutationFn: async ({ productId, files, onProgress }: ImageUpload): Promise<ImageUploadResult> => {
      // More files than one request takes go in consecutive batches; progress spans them all.
      const batches: File[][] = [];
      for (let i = 0; i < files.length; i += IMAGE_BATCH_MAX)
        batches.push(files.slice(i, i + IMAGE_BATCH_MAX));
      const result: ImageUploadResult = { added: [], refused: [] };
      for (const [index, batch] of batches.entries()) {
        const form = new FormData();
        for (const file of batch) form.append('images[]', file, file.name);
        const progress =
          onProgress && ((p: number) => onProgress(Math.round((index * 100 + p) / batches.length)));
        try {
          const res = await api.post<ImageBatchResponse>(
            `/products/${productId}/images/batch`,
            form,
            uploadConfig(form, progress),
          );
          result.added.push(...res.data.data);
          result.refused.push(...(res.data.refused ?? []));
        } catch (error) {
          // A batch of only bad files stored nothing: the next batch may still hold good ones.
          const refused = refusedFiles(error);
          if (!refused) throw error;
          result.refused.push(...refused);
        }
      }
      return result;
    },
    onSettled: changed,
    meta: { errorMessage: PRODUCT_FALLBACK.upload },
  });
}

export type ImageOrder = { productId: number; ids: number[] };

/** Puts the gallery in a new order; shown at once, and put back if the server refuses it. */
export function useReorderImages(slug: string) {
  const queryClient = useQueryClient();
  const changed = useProductChanged(slug);
  const key = productKeys.detail(slug);
  return useMutation({
    mutationFn: async ({ productId, ids }: ImageOrder) =>
      (await api.put<{ data: ProductImage[] }>(`/products/${productId}/images/order`, { ids })).data.data,
    onMutate: async ({ ids }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ProductBundle>(key);
      if (before) {
        const byId = new Map(before.images.map((image) => [image.id, image]));
        const images = ids.flatMap((id) => byId.get(id) ?? []);
        queryClient.setQueryData<ProductBundle>(key, { ...before, images });
      }
      return { before };
    },
    onError: (_error, _order, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    // The first image is the product card's: the lists refresh too.
    onSettled: changed,
    meta: { errorMessage: PRODUCT_FALLBACK.reorder },
  });
}

export function useSetImageAlt(slug: string) {
  const changed = useProductChanged(slug);
  return useMutation({
    mutationFn: async ({ productId, imageId, alt }: { productId: number; imageId: number; alt: string }) =>
      (await api.patch<ProductImage>(`/products/${productId}/images/${imageId}`, { alt })).data,
    onSuccess: changed,
    meta: { errorMessage: PRODUCT_FALLBACK.save },
  });
}

export function useDeleteImage(slug: string) {
  const changed = useProductChanged(slug);
  return useMutation({
    mutationFn: async ({ productId, imageId }: { productId: number; imageId: number }) => {
      await api.post(`/products/${productId}/images/${imageId}/delete`);
    },
    onSuccess: changed,
    meta: { errorMessage: PRODUCT_FALLBACK.delete },
  });
}

export type BlockMove = { productId: number; blockId: number; direction: 'up' | 'down' };

export function useMoveBlock(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ productId, blockId, direction }: BlockMove) =>
      (
        await api.post<{ blocks: LayoutBlock[] }>(`/products/${productId}/layout/blocks/${blockId}/move`, {
          direction,
        })
      ).data.blocks,
    // The answer is the whole new order: show it at once instead of refetching the bundle.
    onSuccess: (blocks) =>
      queryClient.setQueryData<ProductBundle>(productKeys.detail(slug), (bundle) =>
        bundle ? { ...bundle, layout: { blocks } } : bundle,
      ),
    meta: { errorMessage: PRODUCT_FALLBACK.reorder },
  });
}

export function useSaveSection(slug: string, mode: 'create' | 'update') {
  const changed = useProductChanged(slug);
  return useMutation({
    mutationFn: async ({ productId, section }: { productId: number; section: SectionSave }) => {
      const base = `/products/${productId}/${SECTION_PATHS[section.kind]}`;
      const res =
        section.id === null
          ? await api.post<SavedSection>(base, section.body)
          : await api.put<SavedSection>(`${base}/${section.id}`, section.body);
      return res.data;
    },
    onSuccess: changed,
    meta: { errorMessage: mode === 'create' ? PRODUCT_FALLBACK.create : PRODUCT_FALLBACK.update },
  });
}

export type SectionRemoval = { productId: number; kind: SectionKind; id: number };

export function useDeleteSection(slug: string) {
  const changed = useProductChanged(slug);
  return useMutation({
    mutationFn: async ({ productId, kind, id }: SectionRemoval) => {
      await api.delete(`/products/${productId}/${SECTION_PATHS[kind]}/${id}`);
    },
    onSuccess: changed,
    meta: { errorMessage: PRODUCT_FALLBACK.remove },
  });
}

/**
 * One bulk action over picked rows or every row matching the filter. A dry run changes nothing and
 * answers the count; a real run refreshes every list and every open product, any of which it may
 * have changed.
 */
export function useBulkProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProductBulkInput) =>
      (await api.post<ProductBulkResponse>('/products/bulk', input)).data,
    onSuccess: (answer) => {
      // The dialog's own count is left alone: it closes now, and a dry run of what was just
      // applied would only hold the change up.
      if (!answer.dry_run)
        return queryClient.invalidateQueries({
          queryKey: productKeys.all,
          predicate: (query) => query.queryKey[productKeys.all.length] !== 'bulk-preview',
        });
    },
    meta: { errorMessage: PRODUCT_LIST_FALLBACK.bulk },
  });
}

/**
 * A bulk action's dry run for the dialog: asked again whenever the action's fields change (null:
 * not complete yet). Its refusal (a price below zero, say) is shown in the dialog, not toasted.
 */
export function useBulkPreview(input: ProductBulkInput | null) {
  return useQuery({
    queryKey: productKeys.bulkPreview(input),
    queryFn: async ({ signal }) =>
      (await api.post<ProductBulkResponse>('/products/bulk', { ...input, dry_run: true }, { signal })).data,
    enabled: input !== null,
    staleTime: 0,
    // A count is worth only its own moment: none is kept for a later dialog to show.
    gcTime: 0,
  });
}

/** The list's filters and sort (no page): what the CSV export takes. */
export type ProductExportParams = Omit<ProductListParams, 'page' | 'limit'>;

/** The CSV of every product the list's filters match, in the list's order (not one page). */
export function useExportProducts() {
  return useDownload({
    path: '/products/export.csv',
    fallbackName: 'products.csv',
    errorMessage: PRODUCT_LIST_FALLBACK.export,
    query: (params: ProductExportParams) => productQuery(params),
  });
}

/** A draft copy of the product (a new slug, no SKU); the copy's editor opens next. */
export function useDuplicateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<DuplicateAnswer>(`/products/${id}/duplicate`)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
    meta: { errorMessage: PRODUCT_LIST_FALLBACK.duplicate },
  });
}
