import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { localesResponse } from '#domain/translations';
import { api } from './client';
import { localeKeys } from './keys';

type ShopLocales = z.infer<typeof localesResponse>;

/**
 * The shop's languages (LOCALES), the default first, once per page load: they change only with a
 * restart. Screens show their translation controls only when there is more than one.
 */
export function useLocales() {
  return useQuery({
    queryKey: localeKeys.all,
    queryFn: async ({ signal }) => (await api.get<ShopLocales>('/locales', { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** The locales a text can be translated into: all but the default. */
export const translatedLocales = (locales: ShopLocales | undefined): string[] =>
  locales ? locales.locales.filter((l) => l !== locales.default) : [];
