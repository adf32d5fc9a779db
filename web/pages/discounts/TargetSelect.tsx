import type { DiscountScope } from '#domain/pricing';
import { useBrandOptions } from '../../api/brands';
import { useCategoryTreeOptions } from '../../api/categories';
import { useProductOptions } from '../../api/discounts';
import { SearchSelect } from '../../components/SearchSelect';

/** The chosen target by id and name; the name shows even before (or without) the option list. */
export type TargetChoice = { id: number; name: string };

type Props = {
  scope: DiscountScope;
  value: TargetChoice | null;
  onChange: (value: TargetChoice | null) => void;
  disabled?: boolean;
  /** The server's message for the target (useFieldErrors). */
  error?: string;
};

const DESCRIPTIONS: Record<DiscountScope, string> = {
  product: 'Type to search products by name',
  category: 'Also applies to products in its subcategories',
  brand: 'Applies to every product of the brand',
};

const OPTIONS = { product: useProductOptions, category: useCategoryTreeOptions, brand: useBrandOptions };

/** Categories are listed as their tree, indented by level. */
const levelOf = (item: object) => ('level' in item && typeof item.level === 'number' ? item.level : 0);

/**
 * Target: products, categories or brands, each searched on the server as
 * the user types. The dialog remounts it when the scope changes.
 */
export function TargetSelect({ scope, value, onChange, disabled, error }: Props) {
  return (
    <SearchSelect
      label="Target"
      description={DESCRIPTIONS[scope]}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      required
      clearable
      clearButtonProps={{ 'aria-label': 'Clear target' }}
      placeholder={`Choose a ${scope}`}
      value={value ? String(value.id) : null}
      selectedLabel={value?.name ?? null}
      onChange={(id, label) => onChange(id && label !== null ? { id: Number(id), name: label } : null)}
      useOptions={OPTIONS[scope]}
      levelOf={scope === 'category' ? levelOf : undefined}
      disabled={disabled}
      error={error}
    />
  );
}
