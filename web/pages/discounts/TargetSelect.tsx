import type { DiscountScope } from '#domain/pricing';
import { useBrandOptions } from '../../api/brands';
import { useCategoryOptions } from '../../api/categories';
import { useProductOptions } from '../../api/discounts';
import { SearchSelect } from '../../components/SearchSelect';

/** The chosen target by id and name; the name shows even before (or without) the option list. */
export type TargetChoice = { id: number; name: string };

type Props = {
  scope: DiscountScope;
  value: TargetChoice | null;
  onChange: (value: TargetChoice | null) => void;
  disabled?: boolean;
};

const DESCRIPTIONS: Record<DiscountScope, string> = {
  product: 'Type to search products by name',
  category: 'Also applies to products in its subcategories',
  brand: 'Applies to every product of the brand',
};

const OPTIONS = { product: useProductOptions, category: useCategoryOptions, brand: useBrandOptions };

/**
 * Target (SPEC.md §2 Discounts): products, categories or brands, each searched on the server as
 * the user types (DESIGN.md §5). The dialog remounts it when the scope changes.
 */
export function TargetSelect({ scope, value, onChange, disabled }: Props) {
  return (
    <SearchSelect
      label="Target"
      description={DESCRIPTIONS[scope]}
      inputWrapperOrder={['label', 'input', 'description']}
      required
      clearable
      clearButtonProps={{ 'aria-label': 'Clear target' }}
      placeholder={`Choose a ${scope}`}
      value={value ? String(value.id) : null}
      selectedLabel={value?.name ?? null}
      onChange={(id, label) => onChange(id && label !== null ? { id: Number(id), name: label } : null)}
      useOptions={OPTIONS[scope]}
      disabled={disabled}
    />
  );
}
