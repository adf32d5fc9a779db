import { Button, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { pageCount } from '#domain/paging';
import { useProducts } from '../../api/products';
import { ListToolbar } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { SearchInput } from '../../components/SearchInput';
import { TotalCount } from '../../components/TotalCount';
import { useKeepPageInRange, useListState } from '../../components/useListState';
import { navDescription } from '../../shell/navItems';
import { CreateProductModal } from './CreateProductModal';
import { ProductCard } from './ProductCard';

/** A page of cards: a multiple of 2, 3 and 4 so every grid width ends on a full row. */
const PAGE_SIZE = 24;

// The list is newest first and takes no sort (DESIGN.md §4 Products list); the shared list state
// still gives the debounced search and the back-to-page-1 rule, and its sort stays unused.
const LIST_DEFAULTS = { defaultLimit: PAGE_SIZE, defaultSort: 'newest', defaultOrder: 'desc' } as const;

const cardGrid = { base: 2, md: 3, xl: 4 };

/** Products list (SPEC.md §2): search, refresh, paged cards, Create Product. */
export function ProductsPage() {
  const list = useListState(LIST_DEFAULTS);
  const { q, page, limit } = list.params;
  const products = useProducts({ q, page, limit });
  const [creating, setCreating] = useState(false);

  const total = products.data?.meta.total ?? 0;
  const pages = pageCount(total, limit);
  useKeepPageInRange(page, pages, !!products.data, list.setPage);
  const items = products.data?.data;

  return (
    <>
      <PageHeader
        title="Products"
        caption={
          <>
            {navDescription('/products')}{' '}
            {products.data && (
              <TotalCount
                count={total}
                exact={products.data?.meta.total_exact}
                singular="product"
                testId="products-total"
              />
            )}
          </>
        }
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => products.refetch()}
              loading={products.isFetching && !!items}
            >
              Refresh
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              Add Product
            </Button>
          </>
        }
      />
      <ListToolbar>
        <SearchInput value={list.search} onChange={list.setSearch} placeholder="Name or SKU" />
      </ListToolbar>
      <section
        aria-label="Products"
        aria-busy={products.isFetching}
        // Cards of the previous page stay visible, dimmed, while the next one loads.
        style={{ opacity: products.isFetching && items ? 0.6 : 1, transition: 'opacity 120ms' }}
      >
        {!items && products.isFetching ? (
          <SimpleGrid cols={cardGrid} aria-hidden>
            {[1, 2, 3, 4].map((i) => (
              <Skeleton key={i} height={280} radius="md" />
            ))}
          </SimpleGrid>
        ) : !items && products.isError ? (
          <Text c="dimmed" ta="center" py="xl">
            Products could not be loaded.
          </Text>
        ) : !items?.length ? (
          <Text c="dimmed" ta="center" py="xl">
            No products found.
          </Text>
        ) : (
          <SimpleGrid cols={cardGrid} spacing="md">
            {items.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </SimpleGrid>
        )}
      </section>
      <Pager page={page} pages={pages} onChange={list.setPage} disabled={products.isFetching} />
      <CreateProductModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
