import { Button, Grid, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  INQUIRY_PAGING,
  INQUIRY_SORT_KEYS,
  INQUIRY_TEXT,
  type Inquiry,
  type InquirySortKey,
} from '#domain/inquiries';
import { pageAfterDelete, pageCount } from '#domain/paging';
import { useDeleteInquiry, useInquiries } from '../../api/inquiries';
import { OrderSelect, PerPageSelect, SortSelect } from '../../components/ListSelects';
import { ListToolbar } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { SearchInput } from '../../components/SearchInput';
import { TotalCount } from '../../components/TotalCount';
import { useKeepPageInRange, useListState } from '../../components/useListState';
import { navDescription } from '../../shell/navItems';
import { InquiryList } from './InquiryList';
import { InquiryPane } from './InquiryPane';
import { INQUIRY_SCREEN, INQUIRY_SORT_LABELS } from './texts';

const SORT_OPTIONS = INQUIRY_SORT_KEYS.map((value) => ({ value, label: INQUIRY_SORT_LABELS[value] }));
const LIST_DEFAULTS = {
  defaultLimit: INQUIRY_PAGING.defaultLimit,
  defaultSort: 'created_at',
  defaultOrder: 'desc',
} as const;

/** Below Mantine's md breakpoint the two panes do not fit side by side (the sidebar takes 240 px). */
const NARROW = '(max-width: 61.99em)';

/**
 * SPEC.md §4 Inquiries: after a (re)load the selection stays if the inquiry is still listed,
 * otherwise the first one is selected, or none when the list is empty.
 */
function keptSelection(items: readonly Inquiry[], selectedId: number | null): number | null {
  return items.some((i) => i.id === selectedId) ? selectedId : (items[0]?.id ?? null);
}

/** Inquiries (SPEC.md §2): the quote requests, a list on the left and the chosen one on the right. */
export function InquiriesPage() {
  const list = useListState<InquirySortKey>(LIST_DEFAULTS);
  const { params } = list;
  const inquiries = useInquiries(params);
  const remove = useDeleteInquiry();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // On a narrow screen the list and the pane take turns; this says the pane was asked for.
  const [reading, setReading] = useState(false);
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });

  const items = inquiries.data?.data;
  const total = inquiries.data?.meta.total ?? 0;
  const pages = pageCount(total, params.limit);
  useKeepPageInRange(params.page, pages, !!inquiries.data, list.setPage);

  // Adjusted while rendering (not in an effect), so a stale selection is never painted.
  const keptId = items ? keptSelection(items, selectedId) : selectedId;
  if (keptId !== selectedId) setSelectedId(keptId);
  const selected = items?.find((i) => i.id === keptId) ?? null;

  const select = (inquiry: Inquiry) => {
    setSelectedId(inquiry.id);
    setReading(true);
  };

  const deleteSelected = () => {
    if (!selected || !window.confirm(INQUIRY_TEXT.deleteConfirm)) return;
    remove.mutate(selected.id, {
      onSuccess: () => {
        toast.success(INQUIRY_TEXT.deleted);
        setReading(false);
        list.setPage(pageAfterDelete(params.page, total - 1, params.limit));
      },
    });
  };

  const listPane = (
    <Stack gap={0}>
      <ListToolbar>
        <SearchInput
          value={list.search}
          onChange={list.setSearch}
          placeholder="Name, email, phone, subject"
        />
        <SortSelect value={params.sortBy} options={SORT_OPTIONS} onChange={list.setSortBy} />
        <OrderSelect value={params.order} onChange={list.setOrder} />
        <PerPageSelect value={params.limit} options={INQUIRY_PAGING.options} onChange={list.setLimit} />
      </ListToolbar>
      <InquiryList
        inquiries={items}
        loading={inquiries.isFetching}
        failed={inquiries.isError}
        selectedId={keptId}
        onSelect={select}
      />
      <Pager page={params.page} pages={pages} onChange={list.setPage} />
    </Stack>
  );

  const readingPane = selected ? (
    <InquiryPane
      // A new inquiry starts at its top, with nothing left over from the previous one.
      key={selected.id}
      inquiry={selected}
      deleting={remove.isPending}
      onDelete={deleteSelected}
    />
  ) : (
    items &&
    items.length > 0 && (
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          {INQUIRY_SCREEN.noneSelected}
        </Text>
      </Paper>
    )
  );

  return (
    <>
      <PageHeader
        title="Inquiries"
        caption={
          <>
            {navDescription('/inquiries')}{' '}
            {inquiries.data && (
              <TotalCount
                count={total}
                exact={inquiries.data?.meta.total_exact}
                singular="inquiry"
                plural="inquiries"
                testId="inquiries-total"
              />
            )}
          </>
        }
      />
      {narrow ? (
        reading && selected ? (
          <Stack gap="sm">
            <Button
              variant="subtle"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={() => setReading(false)}
              style={{ alignSelf: 'flex-start' }}
            >
              {INQUIRY_SCREEN.back}
            </Button>
            {readingPane}
          </Stack>
        ) : (
          listPane
        )
      ) : (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={5}>{listPane}</Grid.Col>
          <Grid.Col span={7} style={{ position: 'sticky', top: 72 }}>
            {readingPane}
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
