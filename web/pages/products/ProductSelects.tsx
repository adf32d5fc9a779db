import { useState } from 'react';
import { useBrandOptions } from '../../api/brands';
import { useCategoryOptions } from '../../api/categories';
import { SearchSelect } from '../../components/SearchSelect';

type Props = {
  /** The chosen id as text (Mantine selects hold strings), or null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** The product's current choice by name, shown even when the first page of options lacks it. */
  current?: { id: number | null; name: string | null };
  disabled?: boolean;
};

/** The chosen option's label: the product's own at first, then whatever the user picks. */
function useChosenLabel(current: Props['current']) {
  const [label, setLabel] = useState(current?.id ? current.name : null);
  return [label, setLabel] as const;
}

/** Brand (SPEC.md §2 product editor and Create Product), searched on the server as the user types. */
export function BrandSelect({ value, onChange, current, disabled }: Props) {
  const [label, setLabel] = useChosenLabel(current);
  return (
    <SearchSelect
      label="Brand"
      placeholder="No brand"
      clearable
      value={value}
      selectedLabel={value === null ? null : label}
      onChange={(v, l) => {
        setLabel(l);
        onChange(v);
      }}
      useOptions={useBrandOptions}
      disabled={disabled}
    />
  );
}

/** Primary Category, searched on the server as the user types. */
export function CategorySelect({ value, onChange, current, disabled }: Props) {
  const [label, setLabel] = useChosenLabel(current);
  return (
    <SearchSelect
      label="Primary Category"
      placeholder="No category"
      clearable
      value={value}
      selectedLabel={value === null ? null : label}
      onChange={(v, l) => {
        setLabel(l);
        onChange(v);
      }}
      useOptions={useCategoryOptions}
      disabled={disabled}
    />
  );
}

export const idToChoice = (id: number | null) => (id === null ? null : String(id));
export const choiceToId = (value: string | null) => (value ? Number(value) : null);
