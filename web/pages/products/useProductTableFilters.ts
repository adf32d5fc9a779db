import { useCallback, useState } from 'react';
import type { ProductFilterKey } from '#domain/product-list';
import { useBrand } from '../../api/brands';
import { useCategory } from '../../api/categories';
import type { FilterNames } from './ProductFilters';
import { filterChange } from './productFilters';
import type { ProductTableQuery } from './useProductTableQuery';

/**
 * Changing the products list's filters, and the names the chips and pickers show for a category
 * or brand: the one just chosen, or looked up for a pasted link.
 */
export function useProductTableFilters({ list, values }: Pick<ProductTableQuery, 'list' | 'values'>) {
  const [chosenNames, setChosenNames] = useState<Record<string, string | null>>({});
  const categoryId = values.category_id ? Number(values.category_id) : null;
  const brandId = values.brand_id ? Number(values.brand_id) : null;
  const category = useCategory(categoryId && !chosenNames[`category_id:${categoryId}`] ? categoryId : null);
  const brand = useBrand(brandId && !chosenNames[`brand_id:${brandId}`] ? brandId : null);
  const names: FilterNames = {
    category: categoryId ? (chosenNames[`category_id:${categoryId}`] ?? category.data?.name ?? null) : null,
    brand: brandId ? (chosenNames[`brand_id:${brandId}`] ?? brand.data?.name ?? null) : null,
  };

  const { setFilters, clearFilters, setSearch } = list;
  const changeFilter = useCallback(
    (key: ProductFilterKey, value: string | undefined, label?: string | null) => {
      if (label && value) setChosenNames((n) => ({ ...n, [`${key}:${value}`]: label }));
      setFilters(filterChange(key, value));
    },
    [setFilters],
  );
  const clearAll = () => {
    clearFilters();
    setSearch('');
  };
  return { names, changeFilter, clearAll };
}

export type ProductTableFilters = ReturnType<typeof useProductTableFilters>;
