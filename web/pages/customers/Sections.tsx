import { Anchor, Badge, Button, Center, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { CustomerOrder, CustomerQuote, CustomerRequest } from '#domain/customers';
import { HISTORY_TEXT, type HistoryEntry } from '#domain/history';
import type { AssignedPriceList } from '#domain/price-lists';
import type { QuoteStatus } from '#domain/quotes';
import { formatPrice } from '../../api/currency';
import { useRestoreCustomerEntry } from '../../api/customers';
import { useEntityHistory } from '../../api/history';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import classes from '../../components/desk/Desk.module.css';
import { SectionTitle } from '../../components/desk/DeskSection';
import { formatDateTime } from '../../components/format';
import { activityOf } from '../../components/history/activityLinks';
import historyClasses from '../../components/history/History.module.css';
import { HistoryEntryView } from '../../components/history/HistoryEntryView';
import { HISTORY_SCREEN } from '../../components/history/texts';
import { SkeletonLines } from '../../components/SkeletonLines';
import { OrderStatusBadge, QuoteStatusBadge, StatusBadge } from '../../components/StatusBadge';
import { usePermissions } from '../../session/usePermissions';
import { CUSTOMER_SCREEN as T } from './texts';

export type Figure = { label: string; value: string; testId?: string };

/** A page's few figures (requests, orders, accepted value), side by side. */
export function Figures({ figures }: { figures: readonly Figure[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 2, xs: figures.length }} spacing="xs" m={0}>
      {figures.map((f) => (
        <Paper key={f.label} withBorder radius="md" px="sm" py={6}>
          <Text component="dt" size="xs" c="dimmed" fw={500}>
            {f.label}
          </Text>
          <Text component="dd" m={0} fw={700} size="lg" data-testid={f.testId}>
            {f.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** A titled list of the page's related things, or a line saying there are none. */
export function LinkedList({
  title,
  empty,
  testId,
  children,
}: {
  title: string;
  empty: string;
  testId: string;
  children: ReactNode[];
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{title}</SectionTitle>
      {children.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <ul className={classes.timeline} data-testid={testId}>
          {children}
        </ul>
      )}
    </section>
  );
}

/** One line of a LinkedList: the link and its badge, then the dimmed details under it. */
function Line({ link, badge, details }: { link: ReactNode; badge: ReactNode; details: ReactNode }) {
  return (
    <li>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
        <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {link}
        </Text>
        <span style={{ flexShrink: 0 }}>{badge}</span>
      </Group>
      <Text size="xs" c="dimmed">
        {details}
      </Text>
    </li>
  );
}

const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso)}</time>;

/** A request, opening in the desk. */
export function requestLine(r: CustomerRequest & { customer?: { name: string } }) {
  return (
    <Line
      key={r.id}
      link={
        <Anchor component={Link} to={`/inquiries?selected=${r.id}`} size="sm">
          <Text span ff="monospace" size="sm">
            {r.reference}
          </Text>{' '}
          · {r.subject}
        </Anchor>
      }
      badge={<StatusBadge status={r.status} />}
      details={
        <>
          {when(r.created_at)}
          {r.customer && ` · ${T.by(r.customer.name)}`}
        </>
      }
    />
  );
}

/** A quote, opening in the quote builder. */
export function quoteLine(q: CustomerQuote) {
  return (
    <Line
      key={q.id}
      link={
        <Anchor component={Link} to={`/inquiries/${q.inquiry_id}/quotes/${q.id}`} size="sm">
          <Text span ff="monospace" size="sm">
            {q.reference}
          </Text>{' '}
          · {q.version === null ? T.draft : T.version(q.version)}
        </Anchor>
      }
      badge={<QuoteStatusBadge status={q.status as QuoteStatus} />}
      details={
        <>
          {formatPrice(q.total, q.currency)}
          {q.sent_at && <> · {when(q.sent_at)}</>}
        </>
      }
    />
  );
}

/** A price list that holds for the customer or the company: its terms, whom it came through, its dates. */
export function priceListLine(l: AssignedPriceList) {
  return (
    <Line
      key={l.id}
      link={l.name}
      badge={
        <Badge size="sm" variant="light" color={l.active ? 'teal' : 'gray'}>
          {l.active ? T.listActive : T.listOff}
        </Badge>
      }
      details={[
        l.type === 'percent' && l.percent !== null ? T.percentOff(l.percent) : T.fixedPrices,
        l.via === 'company' ? T.throughCompany : null,
        l.starts_at ? T.listFrom(formatDateTime(l.starts_at)) : null,
        l.ends_at ? T.listUntil(formatDateTime(l.ends_at)) : null,
      ]
        .filter(Boolean)
        .join(' · ')}
    />
  );
}

/** An order, opening on the Orders screen. */
export function orderLine(o: CustomerOrder & { customer?: { name: string } }) {
  return (
    <Line
      key={o.id}
      link={
        <Anchor
          component={Link}
          to={`/orders?${new URLSearchParams({ q: o.number, selected: String(o.id) })}`}
          size="sm"
          ff="monospace"
        >
          {o.number}
        </Anchor>
      }
      badge={<OrderStatusBadge status={o.status} />}
      details={
        <>
          {formatPrice(o.total, o.currency)} · {when(o.created_at)}
          {o.customer && ` · ${T.by(o.customer.name)}`}
        </>
      }
    />
  );
}

/**
 * Entries whose version can be brought back: a merge (undone), or the row as an edit, creation or
 * restore left it; the newest such is the row as it is, with nothing to bring back.
 */
const restorable = (entry: HistoryEntry, index: number) =>
  entry.entity_id !== null &&
  // A company's merge deleted one of the two: it is not undone.
  ((entry.action === 'merge' && entry.entity_type === 'customer') ||
    (index > 0 && (entry.action === 'create' || entry.action === 'update' || entry.action === 'restore')));

/**
 * The change log of one customer or company, newest first, a page at a time: a past version can be
 * brought back, and a merge undone, by a role that may restore and edit customers.
 */
export function ChangeHistory({ type, id }: { type: 'customer' | 'company'; id: number }) {
  const titleId = useId();
  const history = useEntityHistory(type, id);
  const rights = usePermissions();
  const mayRestore = rights.has('history.restore') && rights.has('customer.edit');
  const restore = useRestoreCustomerEntry();
  const [restoring, setRestoring] = useState<HistoryEntry | null>(null);
  const merge = restoring?.action === 'merge';
  const entries = history.data?.pages.flatMap((p) => p.data) ?? [];
  let body: ReactNode;
  if (history.isPending) body = <SkeletonLines rows={2} />;
  else if (history.isError && entries.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {HISTORY_SCREEN.historyError}
      </Text>
    );
  else if (entries.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {T.noHistory}
      </Text>
    );
  else
    body = (
      <>
        <ul className={historyClasses.entries} aria-labelledby={titleId} data-testid={`${type}-history`}>
          {entries.map((entry, index) => (
            <li key={entry.id}>
              <HistoryEntryView
                entry={entry}
                actions={
                  mayRestore &&
                  restorable(entry, index) && (
                    <Button size="xs" variant="default" onClick={() => setRestoring(entry)}>
                      {entry.action === 'merge' ? T.undoMerge : HISTORY_TEXT.restoreVersion}
                    </Button>
                  )
                }
              />
            </li>
          ))}
        </ul>
        {history.hasNextPage && (
          <Center mt="xs">
            <Button
              variant="default"
              size="xs"
              onClick={() => history.fetchNextPage()}
              loading={history.isFetchingNextPage}
            >
              {HISTORY_SCREEN.loadMore}
            </Button>
          </Center>
        )}
      </>
    );
  return (
    <section aria-labelledby={titleId}>
      <Group justify="space-between" align="baseline" gap="xs">
        <SectionTitle id={titleId}>{T.history}</SectionTitle>
        <Anchor component={Link} to={activityOf(type, id)} size="xs">
          {T.openActivity}
        </Anchor>
      </Group>
      <Stack gap={4}>{body}</Stack>
      <ConfirmDialog
        opened={restoring !== null}
        title={merge ? T.undoMergeTitle : HISTORY_SCREEN.restoreConfirmTitle}
        message={merge ? T.undoMergeText : T.restoreText(type)}
        confirmLabel={merge ? T.undoMerge : HISTORY_SCREEN.restoreConfirm}
        busy={restore.isPending}
        onConfirm={() => {
          if (!restoring) return;
          // Awaited: the page redraws as a merged customer comes back, which may remount this section.
          restore
            .mutateAsync({ entryId: restoring.id, to: merge ? 'before' : 'after' })
            .then((result) => {
              setRestoring(null);
              if (merge) toast.success(T.mergeUndone);
              else if (result.skipped.length > 0)
                toast.error(result.skipped.map((s) => s.message).join('\n'), { duration: 8000 });
              else toast.success(result.data ? HISTORY_TEXT.restoredVersion : HISTORY_SCREEN.nothingChanged);
            })
            .catch(() => undefined);
        }}
        onClose={() => setRestoring(null)}
      />
    </section>
  );
}
