import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { FALLBACK } from '#domain/messages';
import type {
  brandTranslationBody,
  categoryTranslationBody,
  localesResponse,
  productTranslationBody,
} from '#domain/translations';
import { api } from './client';

/** What has translations, as its path under /api names it. */
export type TranslatedKind = 'products' | 'categories' | 'brands';

/** The texts each kind's editor sends, per field: a string, '' clearing it. */
type Bodies = {
  products: z.input<typeof productTranslationBody>;
  categories: z.input<typeof categoryTranslationBody>;
  brands: z.input<typeof brandTranslationBody>;
};
export type TranslationTexts = Record<string, string>;

const translationKeys = {
  all: ['translations'] as const,
  locales: () => [...translationKeys.all, 'locales'] as const,
  of: (kind: TranslatedKind, id: number) => [...translationKeys.all, kind, id] as const,
};

/** The shop's languages, the default first; they change only with a restart. */
export function useLocales() {
  return useQuery({
    queryKey: translationKeys.locales(),
    queryFn: async ({ signal }) =>
      (await api.get<z.infer<typeof localesResponse>>('/locales', { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** An item's translations by locale, each field's text or null (the default language shows). */
export function useTranslations(kind: TranslatedKind, id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: translationKeys.of(kind, id ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get<Record<string, Record<string, unknown>>>(`/${kind}/${id}/translations`, { signal }))
        .data,
    enabled: enabled && id !== null,
    meta: { errorMessage: FALLBACK.loadTranslations },
  });
}

export type TranslationSave = {
  id: number;
  /** Only the locales whose texts changed: one PUT each. */
  changes: Record<string, TranslationTexts>;
};

export function useSaveTranslations<K extends TranslatedKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: TranslationSave) => {
      for (const [locale, texts] of Object.entries(changes)) {
        try {
          await api.put(`/${kind}/${id}/translations/${locale}`, texts as Bodies[K]);
        } catch (error) {
          throw Object.assign(error as object, { locale });
        }
      }
    },
    onSettled: (_data, _error, save) =>
      queryClient.invalidateQueries({ queryKey: translationKeys.of(kind, save.id) }),
    meta: { errorMessage: FALLBACK.saveTranslations },
  });
}
