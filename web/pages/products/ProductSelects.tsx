import { Select } from '@mantine/core';
import { useBrandOptions } from '../../api/brands';
import { useCategoryOptions } from '../../api/categories';
import { SELECT_DEFAULTS } from '../../components/ListSelects';

type Option = { value: string; label: string };

type Props = {
  /** The chosen id as text (Mantine selects hold strings), or null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** The product's current choice by name, shown even before (or without) the option list. */
  current?: { id: number | null; name: string | null };
  disabled?: boolean;
};

/** Keeps the current choice selectable when the loaded options do not (yet) include it. */
function withCurrent(options: Option[], current: Props['current']): Option[] {
  if (!current?.id || !current.name) return options;
  const value = String(current.id);
  return options.some((o) => o.value === value) ? options : [{ value, label: current.name }, ...options];
}

const selectProps = {
  ...SELECT_DEFAULTS,
  searchable: true,
  clearable: true,
  nothingFoundMessage: 'Nothing found',
} as const;

export function BrandSelect({ value, onChange, current, disabled }: Props) {
  const brands = useBrandOptions();
  const data = withCurrent(
    (brands.data ?? []).map((b) => ({ value: String(b.id), label: b.name })),
    current,
  );
  return (
    <Select
      {...selectProps}
      label="Brand"
      placeholder={brands.isPending ? 'Loading…' : 'No brand'}
      data={data}
      value={value}
      onChange={onChange}
      disabled={disabled}
    />
  );
}

export function CategorySelect({ value, onChange, current, disabled }: Props) {
  const categories = useCategoryOptions();
  const data = withCurrent(
    (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    current,
  );
  return (
    <Select
      {...selectProps}
      label="Primary Category"
      placeholder={categories.isPending ? 'Loading…' : 'No category'}
      data={data}
      value={value}
      onChange={onChange}
      disabled={disabled}
    />
  );
}

export const idToChoice = (id: number | null) => (id === null ? null : String(id));
export const choiceToId = (value: string | null) => (value ? Number(value) : null);
