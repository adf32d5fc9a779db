import { Paper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { INQUIRY_TEXT } from '#domain/inquiries';
import { CONFIRM } from '#domain/messages';
import { pageAfterDelete } from '#domain/paging';
import { useDeleteInquiry, useExportInquiries } from '../../api/inquiries';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DeskLayout } from '../../components/desk/DeskLayout';
import { useMovedToTrash } from '../../components/movedToTrash';
import { PageHeader } from '../../components/PageHeader';
import { TotalCount } from '../../components/TotalCount';
import { navDescription } from '../../shell/navItems';
import { InquiryListPane } from './InquiryListPane';
import { InquiryPane } from './InquiryPane';
import { INQUIRY_SCREEN } from './texts';
import { useInquirySelection } from './useInquirySelection';
import { useInquiryTableFilters } from './useInquiryTableFilters';
import { useInquiryTableQuery } from './useInquiryTableQuery';

/** Below Mantine's md breakpoint the two panes do not fit side by side (the sidebar takes 240 px). */
const NARROW = '(max-width: 61.99em)';

/**
 * Inquiries: the quote requests, a list on the left and the chosen one on the right.
 * Everything that shapes the inbox lives in the URL (urlState.ts), so reload and Back restore it.
 */
export function InquiriesPage() {
  const query = useInquiryTableQuery();
  const { params, inquiries, items, total, update } = query;
  const filters = useInquiryTableFilters(query);
  const { keptId, selected, reading, setReading, select } = useInquirySelection(query);
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  const remove = useDeleteInquiry();
  const movedToTrash = useMovedToTrash();
  const exportCsv = useExportInquiries();

  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const deleteSelected = () => {
    if (!selected) return;
    remove.mutate(selected.id, {
      onSettled: () => setConfirmingDelete(false),
      onSuccess: () => {
        movedToTrash(selected.reference, 'inquiry', selected.id);
        setReading(false);
        update({ page: pageAfterDelete(params.page, total - 1, params.limit) }, true);
      },
    });
  };

  const listPane = (
    <InquiryListPane
      query={query}
      filters={filters}
      exportCsv={exportCsv}
      selectedId={keptId}
      onSelect={select}
    />
  );
  const readingPane = selected ? (
    <InquiryPane
      // A new inquiry starts at its top, with nothing left over from the previous one.
      key={selected.id}
      inquiry={selected}
      staff={filters.staff}
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
      <DeskLayout
        narrow={narrow}
        reading={!!(reading && selected)}
        backLabel={INQUIRY_SCREEN.back}
        onBack={() => setReading(false)}
        list={listPane}
        pane={readingPane}
      />
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
