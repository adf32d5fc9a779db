import { Anchor, Badge, Button, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { pageCount } from '#domain/paging';
import type { PriceList } from '#domain/price-lists';
import { usePriceLists } from '../../api/priceLists';
import { clickableRow } from '../../components/clickableRow';
import { PerPageSelect } from '../../components/ListSelects';
import { ListTable } from '../../components/ListTable';
import { ListToolbar } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { SearchInput } from '../../components/SearchInput';
import { TotalCount } from '../../components/TotalCount';
import { useCreateParam } from '../../components/useCreateParam';
import { useDialogState } from '../../components/useDialogState';
import { useKeepPageInRange, useListState } from '../../components/useListState';
import { windowText } from '../../components/windowTime';
import { navDescription } from '../../shell/navItems';
import { ListStateBadge } from './ListStateBadge';
import { PriceListFormModal } from './PriceListFormModal';
import { assignedText, PRICE_LIST_PAGING, PRICE_LIST_SCREEN as T, TYPE_LABELS } from './texts';

const COLUMNS = ['Name', 'Type', 'Window', 'Assigned to', 'Prices'];

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * Price lists (ADR 0031): newest first, searched by name on the server; the search and the page
 * live in the URL like every other list. A row opens the list's own page with its grid.
 */
export function PriceListsPage() {
  const list = useListState<'created_at'>({
    defaultLimit: PRICE_LIST_PAGING.defaultLimit,
    limits: PRICE_LIST_PAGING.limits,
    defaultSort: 'created_at',
    defaultOrder: 'desc',
  });
  const { q, page, limit } = list.params;
  const lists = usePriceLists({ q, page, limit });
  const form = useDialogState<{ list: null }>();
  const navigate = useNavigate();
  useCreateParam(() => form.open({ list: null }));
  const total = lists.data?.meta.total ?? 0;
  const pages = pageCount(total, limit);
  useKeepPageInRange(page, pages, !!lists.data, list.setPage);

  return (
    <>
      <PageHeader
        title={T.title}
        caption={
          <>
            {navDescription('/price-lists')}{' '}
            {lists.data && (
              <TotalCount
                count={total}
                exact={lists.data.meta.total_exact}
                singular="list"
                testId="price-lists-total"
              />
            )}
          </>
        }
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => form.open({ list: null })}>
            {T.newList}
          </Button>
        }
      />
      <ListToolbar>
        <SearchInput value={list.search} onChange={list.setSearch} placeholder={T.searchLists} />
        <PerPageSelect value={limit} options={PRICE_LIST_PAGING.limits} onChange={list.setLimit} />
      </ListToolbar>
      <ListTable
        label={T.title}
        columns={COLUMNS}
        minWidth={760}
        items={lists.data?.data}
        loading={lists.isFetching}
        failed={lists.isError}
        failedText={T.failed}
        emptyText={T.empty}
        renderRow={(row: PriceList) => (
          <Table.Tr key={row.id} {...clickableRow(() => navigate(`/price-lists/${row.id}`))}>
            <Table.Th scope="row" fw={500}>
              <Anchor
                component={Link}
                to={`/price-lists/${row.id}`}
                inherit
                style={{ overflowWrap: 'anywhere' }}
              >
                {row.name}
              </Anchor>
            </Table.Th>
            <Table.Td>
              <Text size="sm">
                {TYPE_LABELS[row.type]}
                {row.type === 'percent' && row.percent !== null && (
                  <Text span fw={600} inherit>
                    {' '}
                    {percent.format(row.percent)}%
                  </Text>
                )}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{windowText(row.starts_at, row.ends_at)}</Text>
              <ListStateBadge list={row} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{assignedText(row)}</Text>
            </Table.Td>
            <Table.Td>
              {row.type === 'fixed' ? (
                <Text size="sm">{row.price_count.toLocaleString('en-US')}</Text>
              ) : (
                <Badge variant="light" color="gray" size="sm">
                  All variants
                </Badge>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
      <Pager page={page} pages={pages} onChange={list.setPage} />
      <PriceListFormModal
        list={null}
        opened={form.opened}
        onClose={form.close}
        onSaved={(saved) => {
          form.close();
          navigate(`/price-lists/${saved.id}`);
        }}
      />
    </>
  );
}
