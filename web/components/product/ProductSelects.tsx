import { useState } from 'react';
import { useBrandOptions } from '../../api/brands';
import { useCategoryOptions } from '../../api/categories';
import { type SearchOptions, SearchSelect } from '../SearchSelect';

type Props = {
  /** The chosen id as text (Mantine selects hold strings), or null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** The product's current choice by name, shown even when the first page of options lacks it. */
  current?: { id: number | null; name: string | null };
  disabled?: boolean;
};

type ChoiceProps = Props & {
  label: string;
  placeholder: string;
  useOptions: (q: string) => SearchOptions;
};

/** A product's brand or category, searched on the server as the user types. */
function ChoiceSelect({ value, onChange, current, disabled, ...select }: ChoiceProps) {
  // The chosen option's label: the product's own at first, then whatever the user picks.
  const [label, setLabel] = useState(current?.id ? current.name : null);
  return (
    <SearchSelect
      {...select}
      clearable
      value={value}
      selectedLabel={value === null ? null : label}
      onChange={(v, l) => {
        setLabel(l);
        onChange(v);
      }}
      disabled={disabled}
    />
  );
}

/** Brand (product editor and Create Product). */
export function BrandSelect(props: Props) {
  return <ChoiceSelect {...props} label="Brand" placeholder="No brand" useOptions={useBrandOptions} />;
}

/** Primary Category. */
export function CategorySelect(props: Props) {
  return (
    <ChoiceSelect
      {...props}
      label="Primary Category"
      placeholder="No category"
      useOptions={useCategoryOptions}
    />
  );
}

export const idToChoice = (id: number | null) => (id === null ? null : String(id));
export const choiceToId = (value: string | null) => (value ? Number(value) : null);
