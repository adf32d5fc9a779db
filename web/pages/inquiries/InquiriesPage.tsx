import { Button, Grid, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { INQUIRY_PAGING, INQUIRY_SORT_KEYS, INQUIRY_TEXT, type Inquiry } from '#domain/inquiries';
import { CONFIRM } from '#domain/messages';
import { pageAfterDelete, pageCount } from '#domain/paging';
import { useDeleteInquiry, useExportInquiries, useInquiries } from '../../api/inquiries';
import { useStaffOptions } from '../../api/users';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import {
  changeInquiryUrl,
  type InquiryUrlState,
  listParams,
  readInquiryUrl,
  writeInquiryUrl,
} from '../../components/inquiry/urlState';
import { OrderSelect, PerPageSelect, SortSelect } from '../../components/ListSelects';
import { ListToolbar } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { SearchInput } from '../../components/SearchInput';
import { TotalCount } from '../../components/TotalCount';
import { useKeepPageInRange } from '../../components/useListState';
import { useSession } from '../../session/SessionContext';
import { navDescription } from '../../shell/navItems';
import { InquiryFilters } from './InquiryFilters';
import { InquiryList } from './InquiryList';
import { InquiryPane } from './InquiryPane';
import { INQUIRY_SCREEN, INQUIRY_SORT_LABELS } from './texts';

const SORT_OPTIONS = INQUIRY_SORT_KEYS.map((value) => ({ value, label: INQUIRY_SORT_LABELS[value] }));
const SEARCH_DEBOUNCE_MS = 300;
const INBOX_PATH = '/inquiries';

/** Below Mantine's md breakpoint the two panes do not fit side by side (the sidebar takes 240 px). */
const NARROW = '(max-width: 61.99em)';

/**
 * SPEC.md §4 Inquiries: after a (re)load the selection stays if the inquiry is still listed,
 * otherwise the first one is selected, or none when the list is empty.
 */
function keptSelection(items: readonly Inquiry[], selectedId: number | null): number | null {
  return items.some((i) => i.id === selectedId) ? selectedId : (items[0]?.id ?? null);
}

/**
 * Inquiries (SPEC.md §2): the quote requests, a list on the left and the chosen one on the right.
 * Everything that shapes the inbox lives in the URL (urlState.ts), so reload and Back restore it.
 */
export function InquiriesPage() {
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readInquiryUrl(searchParams);
  const params = listParams(state);
  const inquiries = useInquiries(params);
  const remove = useDeleteInquiry();
  const exportCsv = useExportInquiries();
  const staff = useStaffOptions(user?.role === 'admin');
  // On a narrow screen the list and the pane take turns; a link that names a request opens its pane.
  const [reading, setReading] = useState(() => state.selected !== null);
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  // Opening a request is a step in the history with the pane open, so on a phone the browser's
  // Back returns to the list; moving through the history shows what that entry showed.
  const location = useLocation();
  const navigationType = useNavigationType();
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (navigationType === 'POP' && location.key !== firstKey.current) {
      setReading(!!(location.state as { reading?: boolean } | null)?.reading);
    }
  }, [location.key, location.state, navigationType]);

  // The query last asked for: a step and a correction close together (a status chosen just as the
  // list's answer corrects the selection) each build on the other, not on the render they were
  // made in, which would drop the one before. A new location from elsewhere (Back, a link) resets it.
  const shown = useRef(searchParams);
  const latest = useRef(searchParams);
  if (shown.current !== searchParams) {
    shown.current = searchParams;
    latest.current = searchParams;
  }
  const go = (
    change: (state: InquiryUrlState) => Partial<InquiryUrlState>,
    replace: boolean,
    state?: object,
  ) => {
    const current = readInquiryUrl(latest.current);
    latest.current = writeInquiryUrl(changeInquiryUrl(current, change(current)));
    setSearchParams(latest.current, { replace, state });
  };

  /** Steps the user takes go into the history (Back undoes them); corrections replace the entry. */
  const update = (change: Partial<InquiryUrlState>, replace = false, state?: { reading: boolean }) =>
    go(() => change, replace, state);

  /**
   * A correction the page makes by itself (the typed search once typing pauses, the selection the
   * spec keeps, a page past the last): it replaces the URL's entry. React Router resolves it
   * against the location at the moment it runs, so one left over while a link to another screen
   * is under way would carry the inbox's query there; it is dropped unless the inbox is still
   * the address.
   */
  const correct = (change: (state: InquiryUrlState) => Partial<InquiryUrlState>) => {
    if (window.location.pathname !== INBOX_PATH) return;
    go(change, true);
  };
  const correctRef = useRef(correct);
  correctRef.current = correct;

  // The box holds what is typed; the URL gets it once typing pauses. Back or a link updates the box.
  const [search, setSearch] = useState(state.q);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const written = useRef(state.q);
  useEffect(() => {
    if (debounced === written.current) return;
    written.current = debounced;
    correctRef.current(() => ({ q: debounced }));
  }, [debounced]);
  if (state.q !== written.current) {
    written.current = state.q;
    setSearch(state.q);
  }

  const items = inquiries.data?.data;
  const total = inquiries.data?.meta.total ?? 0;
  const pages = pageCount(total, params.limit);
  useKeepPageInRange(params.page, pages, !!inquiries.data, (page) => correctRef.current(() => ({ page })));

  const keptId = items ? keptSelection(items, state.selected) : state.selected;
  useEffect(() => {
    if (items && keptId !== state.selected) correctRef.current(() => ({ selected: keptId }));
  }, [items, keptId, state.selected]);
  const selected = items?.find((i) => i.id === keptId) ?? null;

  const select = (inquiry: Inquiry) => {
    update({ selected: inquiry.id }, false, { reading: true });
    setReading(true);
  };

  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const deleteSelected = () => {
    if (!selected) return;
    remove.mutate(selected.id, {
      onSettled: () => setConfirmingDelete(false),
      onSuccess: () => {
        toast.success(INQUIRY_TEXT.deleted);
        setReading(false);
        update({ page: pageAfterDelete(params.page, total - 1, params.limit) }, true);
      },
    });
  };

  const listPane = (
    <Stack gap={0}>
      <ListToolbar>
        <SearchInput value={search} onChange={setSearch} placeholder={INQUIRY_SCREEN.searchPlaceholder} />
        <SortSelect value={params.sortBy} options={SORT_OPTIONS} onChange={(sortBy) => update({ sortBy })} />
        <OrderSelect value={params.order} onChange={(order) => update({ order })} />
        <PerPageSelect
          value={params.limit}
          options={INQUIRY_PAGING.options}
          onChange={(limit) => update({ limit })}
        />
      </ListToolbar>
      <InquiryFilters
        state={state}
        counts={inquiries.data?.counts}
        countsExact={inquiries.data?.counts_exact ?? true}
        staff={staff.data ?? []}
        onChange={(change) => update(change)}
        onExport={() => exportCsv.mutate(params)}
        exporting={exportCsv.isPending}
        exported={exportCsv.received}
      />
      <InquiryList
        inquiries={items}
        loading={inquiries.isFetching}
        failed={inquiries.isError}
        selectedId={keptId}
        onSelect={select}
      />
      <Pager page={params.page} pages={pages} onChange={(page) => update({ page })} />
    </Stack>
  );

  const readingPane = selected ? (
    <InquiryPane
      // A new inquiry starts at its top, with nothing left over from the previous one.
      key={selected.id}
      inquiry={selected}
      staff={staff.data ?? []}
      deleting={remove.isPending}
      onDelete={() => setConfirmingDelete(true)}
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
      <ConfirmDialog
        opened={confirmingDelete && !!selected}
        title={INQUIRY_TEXT.deleteConfirm}
        message={CONFIRM.deleteInquiry}
        busy={remove.isPending}
        onConfirm={deleteSelected}
        onClose={() => setConfirmingDelete(false)}
      />
    </>
  );
}
