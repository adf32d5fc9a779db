import { useState } from 'react';
import {
  type TranslatedKind,
  type TranslationTexts,
  useLocales,
  useSaveTranslations,
  useTranslations,
} from '../../api/translations';
import { usePermissions } from '../../session/usePermissions';

/** A language's own name, as its speakers write it ("Deutsch"); the code where none is known. */
export function languageName(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return locale;
  }
}

/**
 * An editor's translations of its item's fields: the shop's languages, each other locale's texts
 * as stored and as edited, and the save of the locales that changed. With one language there is
 * nothing to translate and `shown` is false.
 */
export function useTranslationDrafts<F extends string>(
  kind: TranslatedKind,
  id: number | null,
  fields: readonly F[],
) {
  const locales = useLocales();
  const { has } = usePermissions();
  const all = locales.data?.locales ?? [];
  const translated = all.slice(1);
  // A new item has no translations to write to until it exists.
  const shown = translated.length > 0 && id !== null;
  const stored = useTranslations(kind, id, shown);
  const save = useSaveTranslations(kind);
  const [edits, setEdits] = useState<Record<string, Partial<Record<F, string>>>>({});

  const storedText = (locale: string, field: F): string => {
    const value = stored.data?.[locale]?.[field];
    return typeof value === 'string' ? value : '';
  };
  const value = (locale: string, field: F): string => edits[locale]?.[field] ?? storedText(locale, field);
  const set = (locale: string, field: F, text: string) =>
    setEdits((prev) => ({ ...prev, [locale]: { ...prev[locale], [field]: text } }));

  /** Per locale, the fields whose trimmed text differs from the stored one ('' clears). */
  const changes = (): Record<string, TranslationTexts> => {
    const out: Record<string, TranslationTexts> = {};
    for (const locale of translated) {
      for (const field of fields) {
        const text = edits[locale]?.[field];
        if (text === undefined || text.trim() === storedText(locale, field)) continue;
        out[locale] = { ...out[locale], [field]: text.trim() };
      }
    }
    return out;
  };

  return {
    shown,
    /** The default locale first. */
    locales: all,
    defaultLocale: locales.data?.default ?? all[0],
    /** Whether this user may write translations; others read them. */
    canEdit: has('translation.edit'),
    loading: stored.isPending && shown,
    value,
    set,
    /** Empty in this locale (not said while the stored texts are still on their way). */
    missing: (locale: string, field: F) => !stored.isPending && value(locale, field).trim() === '',
    /** What the form's unsaved-changes guard compares. */
    edits,
    /** The last failed save's error and the locale it failed in. */
    error: save.error as (Error & { locale?: string }) | null,
    saving: save.isPending,
    /** PUTs each changed locale (nothing when none changed or the user may not). */
    save: async (itemId: number) => {
      const changed = changes();
      if (!shown || !has('translation.edit') || Object.keys(changed).length === 0) return;
      await save.mutateAsync({ id: itemId, changes: changed });
      setEdits({});
    },
  };
}

export type TranslationDrafts<F extends string> = ReturnType<typeof useTranslationDrafts<F>>;
