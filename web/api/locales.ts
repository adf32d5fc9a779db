import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { localesResponse } from '#domain/translations';
import { api } from './client';
import { localeKeys } from './keys';

/** The shop's languages (LOCALES), the default first: they change only with a restart. */
export function useLocales() {
  return useQuery({
    queryKey: localeKeys.all,
    queryFn: async () => (await api.get<z.infer<typeof localesResponse>>('/locales')).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
