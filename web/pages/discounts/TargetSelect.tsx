import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { DiscountScope } from '../../../domain/pricing';
import { useBrandOptions } from '../../api/brands';
import { useCategoryOptions } from '../../api/categories';
import { useProductOptions } from '../../api/discounts';
import { SELECT_DEFAULTS } from '../../components/ListSelects';

/** The chosen target by id and name; the name shows even before (or without) the option list. */
export type TargetChoice = { id: number; name: string };

type Props = {
  scope: DiscountScope;
  value: TargetChoice | null;
  onChange: (value: TargetChoice | null) => void;
  disabled?: boolean;
};

const SEARCH_DEBOUNCE_MS = 250;

const DESCRIPTIONS: Record<DiscountScope, string> = {
  product: 'Type to search products by name',
  category: 'Also applies to products in its subcategories',
  brand: 'Applies to every product of the brand',
};

type Option = { value: string; label: string };

/** The chosen target stays selectable when the loaded (or searched) options do not include it. */
function optionsWith(items: readonly { id: number; name: string }[], value: TargetChoice | null): Option[] {
  const options = items.map((i) => ({ value: String(i.id), label: i.name }));
  if (!value || options.some((o) => o.value === String(value.id))) return options;
  return [{ value: String(value.id), label: value.name }, ...options];
}

/** Target (SPEC.md §2 Discounts): a select per scope; the dialog remounts it when the scope changes. */
export function TargetSelect(props: Props) {
  // One component per scope, so only the list that scope needs is loaded.
  if (props.scope === 'product') return <ProductTarget {...props} />;
  if (props.scope === 'category') return <CategoryTarget {...props} />;
  return <BrandTarget {...props} />;
}

type FieldProps = Props & {
  options: Option[];
  loading: boolean;
  search?: { value: string; onChange: (value: string) => void };
};

function TargetField({ scope, value, onChange, disabled, options, loading, search }: FieldProps) {
  return (
    <Select
      {...SELECT_DEFAULTS}
      label="Target"
      description={DESCRIPTIONS[scope]}
      inputWrapperOrder={['label', 'input', 'description']}
      required
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Clear target' }}
      placeholder={loading && options.length === 0 ? 'Loading…' : `Choose a ${scope}`}
      nothingFoundMessage={loading ? 'Loading…' : 'Nothing found'}
      data={options}
      value={value ? String(value.id) : null}
      onChange={(id, option) => onChange(id && option ? { id: Number(id), name: option.label } : null)}
      searchValue={search?.value}
      onSearchChange={search?.onChange}
      disabled={disabled}
    />
  );
}

/**
 * Products are searched on the server as the user types (DESIGN.md §5): the catalogue may be far
 * too big for one list. While the box shows the chosen product's name, the whole first page of
 * products is offered instead of that one name's matches.
 */
function ProductTarget(props: Props) {
  const [search, setSearch] = useState(props.value?.name ?? '');
  const typed = search.trim() === (props.value?.name ?? '').trim() ? '' : search.trim();
  const [q] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const products = useProductOptions(q);
  return (
    <TargetField
      {...props}
      options={optionsWith(products.data ?? [], props.value)}
      loading={products.isFetching}
      search={{ value: search, onChange: setSearch }}
    />
  );
}

/** The whole list of categories (a tree, by name), searched in the box. */
function CategoryTarget(props: Props) {
  const categories = useCategoryOptions();
  return (
    <TargetField
      {...props}
      options={optionsWith(categories.data ?? [], props.value)}
      loading={categories.isPending}
    />
  );
}

/** Up to 1000 brands, as the spec loads them for this screen (SPEC.md §7), searched in the box. */
function BrandTarget(props: Props) {
  const brands = useBrandOptions();
  return (
    <TargetField
      {...props}
      options={optionsWith(brands.data ?? [], props.value)}
      loading={brands.isPending}
    />
  );
}
