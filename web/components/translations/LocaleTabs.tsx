import { Box, Tabs, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { fieldErrors } from '../../api/errors';
import { languageName, type TranslationDrafts } from './useTranslationDrafts';

type Props<F extends string> = {
  drafts: TranslationDrafts<F>;
  field: F;
  /** The field's label, as the default language's input shows it. */
  label: string;
  /** The default language's text as typed: the other languages' placeholder. */
  defaultText: string;
  maxLength: number;
  multiline?: boolean;
  /**
   * The default language's input, unchanged. Left out for a field only translations have (a
   * product's SEO texts): then only the other languages have tabs.
   */
  children?: ReactNode;
};

/** The tab's name, a missing translation said with it (the dot is only seen). */
const missingLabel = (language: string) => `${language}, translation missing`;

/** A small dot on a language's tab whose text is empty: the default language shows there. */
function MissingMark({ language }: { language: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      title={missingLabel(language)}
      w={8}
      h={8}
      bg="orange.6"
      style={{ borderRadius: '50%', display: 'inline-block' }}
    />
  );
}

/**
 * A translatable field with a tab per language above it (default first): the default's tab is
 * the field as it always was; another's edits that language's text, the default's as its
 * placeholder. With one language, the field alone.
 */
export function LocaleTabs<F extends string>({
  drafts,
  field,
  label,
  defaultText,
  maxLength,
  multiline = false,
  children,
}: Props<F>) {
  const [tab, setTab] = useState<string | null>(null);
  if (!drafts.shown) return <>{children}</>;
  const errors = fieldErrors(drafts.error);
  const locales = children === undefined ? drafts.locales.slice(1) : drafts.locales;
  return (
    <Tabs value={tab ?? locales[0] ?? null} onChange={setTab} keepMounted={false} variant="outline">
      <Tabs.List aria-label={`${label} by language`}>
        {locales.map((locale) => {
          const language = languageName(locale);
          const missing = locale !== drafts.defaultLocale && drafts.missing(locale, field);
          return (
            <Tabs.Tab
              key={locale}
              value={locale}
              aria-label={missing ? missingLabel(language) : undefined}
              rightSection={missing ? <MissingMark language={language} /> : undefined}
            >
              {language}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {locales.map((locale) => {
        if (locale === drafts.defaultLocale)
          return (
            <Tabs.Panel key={locale} value={locale} pt="xs">
              {children}
            </Tabs.Panel>
          );
        const props = {
          label: `${label} (${languageName(locale)})`,
          placeholder: defaultText || undefined,
          // Only a field the default language has falls back to it.
          description:
            drafts.canEdit && children !== undefined ? 'Left empty, the default language shows' : undefined,
          value: drafts.value(locale, field),
          maxLength,
          readOnly: !drafts.canEdit,
          disabled: drafts.loading,
          error: drafts.error?.locale === locale ? errors[field] : undefined,
          inputWrapperOrder: ['label', 'input', 'description', 'error'] as (
            | 'label'
            | 'input'
            | 'description'
            | 'error'
          )[],
          onChange: (e: { currentTarget: { value: string } }) =>
            drafts.set(locale, field, e.currentTarget.value),
        };
        return (
          <Tabs.Panel key={locale} value={locale} pt="xs">
            {multiline ? <Textarea autosize minRows={2} maxRows={6} {...props} /> : <TextInput {...props} />}
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}
