import { Button, Group, Pill } from '@mantine/core';
import type { ProductFilterKey } from '#domain/product-list';
import type { ProductFilterValues } from '../../api/keys';
import type { FilterNames } from './ProductFilters';
import { activeFilterKeys, chipText } from './productFilters';
import { PRODUCTS_SCREEN } from './texts';

type Props = {
  q: string;
  values: ProductFilterValues;
  names: FilterNames;
  onRemove: (key: ProductFilterKey) => void;
  onClearSearch: () => void;
  onClearAll: () => void;
};

/** The filters in force, each removable, and Clear all; nothing when the list is unfiltered. */
export function FilterChips({ q, values, names, onRemove, onClearSearch, onClearAll }: Props) {
  const keys = activeFilterKeys(values);
  if (keys.length === 0 && !q) return null;
  const chip = (id: string, text: string, remove: () => void) => (
    <Pill
      key={id}
      size="md"
      withRemoveButton
      onRemove={remove}
      removeButtonProps={{ 'aria-label': PRODUCTS_SCREEN.removeFilter(text) }}
      data-testid="filter-chip"
    >
      {text}
    </Pill>
  );
  return (
    <Group gap={6} mb="sm" aria-label="Active filters" role="group">
      {q && chip('q', `“${q}”`, onClearSearch)}
      {keys.map((key) => chip(key, chipText(key, values[key] as string, names), () => onRemove(key)))}
      <Button variant="subtle" size="compact-sm" onClick={onClearAll}>
        {PRODUCTS_SCREEN.clearAll}
      </Button>
    </Group>
  );
}
