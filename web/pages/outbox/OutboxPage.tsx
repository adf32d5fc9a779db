import { Button, CloseButton, Group, Select, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import toast from 'react-hot-toast';
import { useLocation, useNavigate } from 'react-router';
import { inquiryReference } from '#domain/inquiries';
import { OUTBOX_PAGING, OUTBOX_STATUSES, type OutboxMessage, type OutboxStatus } from '#domain/outbox';
import { pageCount } from '#domain/paging';
import { DELIVERY_TEXT } from '#domain/quote-texts';
import { useOutbox, useRetryOutbox } from '../../api/outbox';
import { clickableRow, ownClick } from '../../components/clickableRow';
import { OutboxStatusBadge } from '../../components/DeliveryState';
import { formatDateTime } from '../../components/format';
import { PerPageSelect, SELECT_DEFAULTS } from '../../components/ListSelects';
import { ListTable } from '../../components/ListTable';
import { ListToolbar } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { TotalCount } from '../../components/TotalCount';
import { positiveInt } from '../../components/urlValues';
import { useKeepPageInRange, useListState } from '../../components/useListState';
import { AdminsOnly } from './AdminsOnly';
import { OUTBOX_SCREEN as T } from './texts';

const ALL = 'all';
const isId = (v: string) => positiveInt(v) !== null;

/** Outbox (/outbox, admins only): every e-mail, filtered by state, with a way to send a failed one again. */
export function OutboxPage() {
  return (
    <AdminsOnly>
      <OutboxList />
    </AdminsOnly>
  );
}

function OutboxList() {
  const navigate = useNavigate();
  const location = useLocation();
  const list = useListState<'created_at', 'status' | 'inquiry_id'>({
    defaultLimit: OUTBOX_PAGING.defaultLimit,
    limits: OUTBOX_PAGING.limits,
    defaultSort: 'created_at',
    defaultOrder: 'desc',
    sortKeys: ['created_at'],
    filters: ['status', 'inquiry_id'],
    accept: { status: OUTBOX_STATUSES, inquiry_id: isId },
  });
  const { params, filters } = list;
  const outbox = useOutbox({
    status: filters.status,
    inquiry_id: filters.inquiry_id,
    page: params.page,
    limit: params.limit,
  });
  const retry = useRetryOutbox();
  const total = outbox.data?.meta.total ?? 0;
  const pages = pageCount(total, params.limit);
  useKeepPageInRange(params.page, pages, !!outbox.data, list.setPage);
  const filtered = !!filters.status || !!filters.inquiry_id;

  // The list's address goes along, so the message's Back returns to this page and filter.
  const open = (m: OutboxMessage) => navigate(`/outbox/${m.id}`, { state: { list: location.search } });
  const retryMessage = (m: OutboxMessage) =>
    retry.mutate(m.id, { onSuccess: () => toast.success(T.retried) });

  return (
    <>
      <PageHeader
        title={T.title}
        caption={
          <>
            {T.caption}{' '}
            {outbox.data && (
              <TotalCount
                count={total}
                exact={outbox.data.meta.total_exact}
                singular="message"
                testId="outbox-total"
              />
            )}
          </>
        }
      />
      <ListToolbar>
        <Select
          {...SELECT_DEFAULTS}
          label={T.status}
          data={[
            { value: ALL, label: T.allStatuses },
            ...OUTBOX_STATUSES.map((s) => ({ value: s, label: DELIVERY_TEXT.status[s] })),
          ]}
          value={filters.status ?? ALL}
          onChange={(v) => list.setFilter('status', v && v !== ALL ? (v as OutboxStatus) : undefined)}
          style={{ flex: '0 1 180px' }}
        />
        {filters.inquiry_id && (
          <Group gap={4} wrap="nowrap" data-testid="outbox-request-filter">
            <Text size="sm">{T.requestFilter(inquiryReference(Number(filters.inquiry_id)))}</Text>
            <CloseButton
              size="sm"
              aria-label={T.clearRequest}
              onClick={() => list.setFilter('inquiry_id', undefined)}
            />
          </Group>
        )}
        <PerPageSelect value={params.limit} options={OUTBOX_PAGING.limits} onChange={list.setLimit} />
      </ListToolbar>
      {outbox.isError && outbox.data && (
        <Text c="var(--mantine-color-error)" size="sm" mb="sm">
          {T.loadFailed}
        </Text>
      )}
      <ListTable
        label={T.title}
        columns={T.columns}
        // Rows scroll sideways on a phone (each row is focusable); an empty table has nothing to scroll to.
        minWidth={outbox.data?.data.length ? 760 : 0}
        items={outbox.data?.data}
        loading={outbox.isFetching}
        failed={outbox.isError}
        failedText={T.loadFailed}
        emptyText={filtered ? T.noMatches : T.empty}
        renderRow={(m) => (
          <Table.Tr key={m.id} {...clickableRow(() => open(m))} data-testid="outbox-row">
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {/* The state first, so a phone shows it without scrolling; a failed one's Retry beside it. */}
              <Group gap="xs" wrap="nowrap">
                <OutboxStatusBadge delivery={m} />
                {m.status === 'failed' && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    leftSection={<IconRefresh size={12} aria-hidden />}
                    loading={retry.isPending && retry.variables === m.id}
                    disabled={retry.isPending}
                    onClick={ownClick(() => retryMessage(m))}
                    aria-label={T.retryName(m.subject)}
                  >
                    {T.retry}
                  </Button>
                )}
              </Group>
            </Table.Td>
            <Table.Th scope="row" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {m.subject}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.to}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
            </Table.Td>
            <Table.Td>{m.attempts}</Table.Td>
          </Table.Tr>
        )}
      />
      {outbox.isError && !outbox.data && (
        <Group justify="center" mt="sm">
          <Button variant="default" size="xs" onClick={() => outbox.refetch()} loading={outbox.isFetching}>
            {T.tryAgain}
          </Button>
        </Group>
      )}
      <Pager page={params.page} pages={pages} onChange={list.setPage} disabled={outbox.isFetching} />
    </>
  );
}
