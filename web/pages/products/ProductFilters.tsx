import { Chip, Group, Input, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { PRODUCT_FLAG_FILTERS, type ProductFilterKey } from '#domain/product-list';
import { PRODUCT_STATUS_TEXT, PRODUCT_STATUSES } from '#domain/products';
import { useBrandOptions } from '../../api/brands';
import { useCategoryOptions } from '../../api/categories';
import type { ProductFilterValues } from '../../api/keys';
import { translatedLocales, useLocales } from '../../api/locales';
import { SELECT_DEFAULTS } from '../../components/ListSelects';
import { SearchSelect } from '../../components/SearchSelect';
import { FILTER_LABELS, isPriceBound } from './productFilters';
import { PRODUCTS_SCREEN } from './texts';

export type FilterNames = { category: string | null; brand: string | null };

type Props = {
  values: ProductFilterValues;
  names: FilterNames;
  /** A filter set or cleared; `label` names a chosen category or brand for its chip. */
  onChange: (key: ProductFilterKey, value: string | undefined, label?: string | null) => void;
};

const ANY = 'any';
const STATUS_OPTIONS = [
  { value: ANY, label: PRODUCTS_SCREEN.anyStatus },
  ...PRODUCT_STATUSES.map((s) => ({ value: s, label: PRODUCT_STATUS_TEXT[s] })),
];
const PRICE_DEBOUNCE_MS = 500;

/**
 * The products list's filters with a value: category (with everything below it), brand, status,
 * the final-price range and, with more than one language, a missing translation.
 */
export function ProductFilters({ values, names, onChange }: Props) {
  return (
    <>
      <SearchSelect
        label={FILTER_LABELS.category_id}
        placeholder={PRODUCTS_SCREEN.anyCategory}
        clearable
        value={values.category_id ?? null}
        selectedLabel={values.category_id ? names.category : null}
        onChange={(v, label) => onChange('category_id', v ?? undefined, label)}
        useOptions={useCategoryOptions}
        style={{ flex: '1 1 220px' }}
      />
      <SearchSelect
        label={FILTER_LABELS.brand_id}
        placeholder={PRODUCTS_SCREEN.anyBrand}
        clearable
        value={values.brand_id ?? null}
        selectedLabel={values.brand_id ? names.brand : null}
        onChange={(v, label) => onChange('brand_id', v ?? undefined, label)}
        useOptions={useBrandOptions}
        style={{ flex: '1 1 160px' }}
      />
      <Select
        {...SELECT_DEFAULTS}
        label={FILTER_LABELS.status}
        data={STATUS_OPTIONS}
        value={values.status ?? ANY}
        onChange={(v) => onChange('status', !v || v === ANY ? undefined : v)}
        style={{ flex: '0 1 110px' }}
      />
      <Input.Wrapper label={PRODUCTS_SCREEN.finalPrice} style={{ flex: '0 1 200px' }}>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <PriceBound name="price_min" value={values.price_min} onChange={onChange} />
          <Text size="sm" c="dimmed" mt={8} aria-hidden>
            –
          </Text>
          <PriceBound name="price_max" value={values.price_max} onChange={onChange} />
        </Group>
      </Input.Wrapper>
      <MissingTranslationFilter value={values.missing_translation} onChange={onChange} />
    </>
  );
}

/**
 * The products lacking a translation in a locale (`missing_translation`): one choice per locale
 * but the default, shown only when the shop has more than one language.
 */
export function MissingTranslationFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (key: ProductFilterKey, value: string | undefined) => void;
}) {
  const locales = translatedLocales(useLocales().data);
  if (locales.length === 0) return null;
  // A locale in the URL the shop no longer has still shows, so it can be cleared here.
  const options = value && !locales.includes(value) ? [...locales, value] : locales;
  return (
    <Select
      {...SELECT_DEFAULTS}
      label={FILTER_LABELS.missing_translation}
      data={[
        { value: ANY, label: PRODUCTS_SCREEN.anyLocale },
        ...options.map((l) => ({ value: l, label: PRODUCTS_SCREEN.localeName(l) })),
      ]}
      value={value ?? ANY}
      onChange={(v) => onChange('missing_translation', !v || v === ANY ? undefined : v)}
      style={{ flex: '0 1 170px' }}
    />
  );
}

type BoundProps = {
  name: 'price_min' | 'price_max';
  value: string | undefined;
  onChange: (key: ProductFilterKey, value: string | undefined) => void;
};

/** The yes-only filters, as toggles. */
export function FlagFilters({ values, onChange }: Pick<Props, 'values' | 'onChange'>) {
  return (
    <Group gap={6} role="group" aria-label={PRODUCTS_SCREEN.flagsLabel}>
      {PRODUCT_FLAG_FILTERS.map((key) => (
        <Chip
          key={key}
          size="xs"
          radius="sm"
          checked={values[key] === '1'}
          onChange={(on) => onChange(key, on ? '1' : undefined)}
        >
          {FILTER_LABELS[key]}
        </Chip>
      ))}
    </Group>
  );
}

/**
 * A bound on the final price. What is typed goes to the URL once typing pauses and only when it
 * is an amount; a change from outside (a chip removed, Back) shows in the box.
 */
function PriceBound({ name, value, onChange }: BoundProps) {
  const [text, setText] = useState(value ?? '');
  const [debounced] = useDebouncedValue(text.trim(), PRICE_DEBOUNCE_MS);
  const written = useRef(value ?? '');
  if ((value ?? '') !== written.current) {
    written.current = value ?? '';
    setText(value ?? '');
  }
  const valid = debounced === '' || isPriceBound(debounced);
  useEffect(() => {
    if (!valid || debounced === written.current) return;
    written.current = debounced;
    onChange(name, debounced || undefined);
  }, [debounced, valid, name, onChange]);
  return (
    <TextInput
      aria-label={FILTER_LABELS[name]}
      inputMode="decimal"
      placeholder={name === 'price_min' ? PRODUCTS_SCREEN.min : PRODUCTS_SCREEN.max}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      error={valid ? undefined : PRODUCTS_SCREEN.priceInvalid}
      style={{ flex: 1 }}
    />
  );
}
