import { useQuery } from '@tanstack/react-query';
import { readPublicSettings } from '#domain/settings';
import { api } from './client';
import { setStoreCurrency } from './currency';
import { setStoreTimeZone } from './time-zone';

const settingsKey = ['settings'] as const;

/**
 * The server's public settings, once per page load: the currency goes to the formatters and the
 * time zone to the day counting as soon as they arrive. A failed load is tried again a few times; after that the screens use the
 * default rather than showing nothing.
 */
export function useSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async ({ signal }) => {
      const settings = readPublicSettings((await api.get('/public/settings', { signal })).data);
      if (!settings) throw new Error('The server answered its settings without a currency code');
      setStoreCurrency(settings.currency);
      setStoreTimeZone(settings.time_zone);
      return settings;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: 2,
  });
}
