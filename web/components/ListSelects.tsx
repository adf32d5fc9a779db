import { Select } from '@mantine/core';
import type { SortOrder } from '#domain/constants';

/**
 * Options are never cleared: a list always has a sort, an order and a page size. The closed
 * dropdown is unmounted, because Mantine otherwise keeps a hidden listbox labelled like the
 * input, and a label lookup (getByLabel('Sort')) would find two elements.
 */
export const SELECT_DEFAULTS = {
  allowDeselect: false,
  withCheckIcon: false,
  comboboxProps: { keepMounted: false },
} as const;

type SortProps<K extends string> = {
  value: K;
  options: readonly { value: K; label: string }[];
  onChange: (value: K) => void;
};

export function SortSelect<K extends string>({ value, options, onChange }: SortProps<K>) {
  return (
    <Select
      {...SELECT_DEFAULTS}
      label="Sort"
      value={value}
      data={options.map((o) => ({ value: o.value, label: o.label }))}
      onChange={(v) => v && onChange(v as K)}
      w={140}
    />
  );
}

const ORDER_OPTIONS = [
  { value: 'desc', label: 'Desc' },
  { value: 'asc', label: 'Asc' },
];

export function OrderSelect({ value, onChange }: { value: SortOrder; onChange: (value: SortOrder) => void }) {
  return (
    <Select
      {...SELECT_DEFAULTS}
      label="Order"
      value={value}
      data={ORDER_OPTIONS}
      onChange={(v) => v && onChange(v as SortOrder)}
      w={100}
    />
  );
}

type PerPageProps = { value: number; options: readonly number[]; onChange: (value: number) => void };

export function PerPageSelect({ value, options, onChange }: PerPageProps) {
  return (
    <Select
      {...SELECT_DEFAULTS}
      label="Per page"
      value={String(value)}
      data={options.map(String)}
      onChange={(v) => v && onChange(Number(v))}
      w={100}
    />
  );
}
