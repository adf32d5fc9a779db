import { Button, Card, Group, Pill, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconHistory } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { CHANGE_ACTIONS, ENTITY_TYPES, HISTORY_TEXT, type HistoryEntry } from '#domain/history';
import { useApiTokens } from '../../api/apiTokens';
import { useExportHistory, useHistoryPage } from '../../api/history';
import { useStaffOptions } from '../../api/users';
import { AdminOnlyNotice } from '../../components/AdminOnlyNotice';
import { DateRangeFields } from '../../components/DateRangeFields';
import { ExportButton } from '../../components/ExportButton';
import { formatCount } from '../../components/format';
import { EntityTitle } from '../../components/history/EntityTitle';
import classes from '../../components/history/History.module.css';
import { HistoryEntryView } from '../../components/history/HistoryEntryView';
import { ACTION_LABEL, ENTITY_LABEL, HISTORY_SCREEN } from '../../components/history/texts';
import { SELECT_DEFAULTS } from '../../components/ListSelects';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { SkeletonLines } from '../../components/SkeletonLines';
import { usePermissions } from '../../session/usePermissions';
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityUrlState,
  changeActivityUrl,
  historyFilters,
  readActivityUrl,
  writeActivityUrl,
} from './urlState';

const ALL = 'all';

/**
 * Activity (/activity, with history.read): the whole change log, filtered and paged; staff
 * accounts' entries, the people filter and the export need user.manage as well, the list of API
 * tokens to pick from settings.manage (a token in the URL filters for any reader).
 */
export function ActivityPage() {
  const { has } = usePermissions();
  if (!has('history.read')) {
    // No request at all: the server would only answer 403.
    return (
      <>
        <PageHeader title={HISTORY_TEXT.activityTitle} caption={HISTORY_SCREEN.activityCaption} />
        <AdminOnlyNotice description={HISTORY_SCREEN.adminsOnly} />
      </>
    );
  }
  return <ActivityLog />;
}

function ActivityLog() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readActivityUrl(searchParams);
  const filters = historyFilters(state);
  const history = useHistoryPage(filters, state.page, ACTIVITY_PAGE_SIZE);
  const { has } = usePermissions();
  const staffReader = has('user.manage');
  const staff = useStaffOptions(staffReader);
  const tokenReader = has('settings.manage');
  const tokens = useApiTokens(tokenReader);
  const exportCsv = useExportHistory();
  const change = (next: Partial<ActivityUrlState>) =>
    setSearchParams(writeActivityUrl(changeActivityUrl(state, next)), { replace: next.page === undefined });

  const total = history.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  const entries = history.data?.data ?? [];

  const people = [
    { value: ALL, label: HISTORY_SCREEN.anyone },
    ...(staff.data ?? []).map((u) => ({ value: String(u.id), label: u.name })),
  ];
  if (state.actor !== null && !people.some((p) => p.value === String(state.actor))) {
    people.push({ value: String(state.actor), label: `#${state.actor}` });
  }

  const tokenOptions = [
    { value: ALL, label: HISTORY_SCREEN.anyToken },
    ...(tokens.data?.data ?? []).map((t) => ({ value: String(t.id), label: t.name })),
  ];
  if (state.token !== null && !tokenOptions.some((t) => t.value === String(state.token))) {
    // Revoked, or a list this reader may not see: its entries still name it.
    const named = entries.find((e) => e.token_id === state.token)?.actor_name;
    tokenOptions.push({
      value: String(state.token),
      label: named ?? HISTORY_SCREEN.tokenNumber(state.token),
    });
  }

  return (
    <>
      <PageHeader
        title={HISTORY_TEXT.activityTitle}
        caption={
          <>
            {HISTORY_SCREEN.activityCaption}{' '}
            {history.data && (
              <Text span>{`${formatCount(total)} ${total === 1 ? 'change' : 'changes'}.`}</Text>
            )}
          </>
        }
        actions={
          staffReader && (
            <ExportButton
              onClick={() => exportCsv.mutate(filters)}
              pending={exportCsv.isPending}
              received={exportCsv.received}
            />
          )
        }
      />
      <Group gap="xs" mb="sm" align="flex-end" data-testid="activity-filters">
        <Select
          {...SELECT_DEFAULTS}
          label={HISTORY_SCREEN.person}
          data={people}
          value={state.actor === null ? ALL : String(state.actor)}
          // A token's changes have no person: picking one clears the other, which would match nothing.
          onChange={(v) => change(!v || v === ALL ? { actor: null } : { actor: Number(v), token: null })}
          searchable
          style={{ flex: '1 1 150px' }}
        />
        {(tokenReader || state.token !== null) && (
          <Select
            {...SELECT_DEFAULTS}
            label={HISTORY_SCREEN.apiToken}
            data={tokenOptions}
            value={state.token === null ? ALL : String(state.token)}
            onChange={(v) => change(!v || v === ALL ? { token: null } : { token: Number(v), actor: null })}
            searchable
            style={{ flex: '1 1 130px' }}
          />
        )}
        <Select
          {...SELECT_DEFAULTS}
          label="Type"
          data={[
            { value: ALL, label: HISTORY_SCREEN.allTypes },
            ...ENTITY_TYPES.filter((t) => staffReader || t !== 'user').map((t) => ({
              value: t,
              label: ENTITY_LABEL[t] ?? t,
            })),
          ]}
          value={state.type ?? ALL}
          onChange={(v) => change({ type: !v || v === ALL ? null : (v as ActivityUrlState['type']) })}
          style={{ flex: '1 1 130px' }}
        />
        <Select
          {...SELECT_DEFAULTS}
          label="Action"
          data={[
            { value: ALL, label: HISTORY_SCREEN.allActions },
            ...CHANGE_ACTIONS.map((a) => ({ value: a, label: ACTION_LABEL[a] ?? a })),
          ]}
          value={state.action ?? ALL}
          onChange={(v) => change({ action: !v || v === ALL ? null : (v as ActivityUrlState['action']) })}
          style={{ flex: '1 1 130px' }}
        />
        <DateRangeFields from={state.from} to={state.to} onChange={change} />
      </Group>
      {state.type && state.entity !== null && (
        <OneRecord
          label={ENTITY_LABEL[state.type] ?? state.type}
          name={entries.find((e) => e.entity_id === state.entity)?.entity_name ?? null}
          id={state.entity}
          onRemove={() => change({ entity: null })}
        />
      )}
      <Card withBorder radius="md" padding="lg" aria-busy={history.isFetching}>
        {history.isPending ? (
          <SkeletonLines rows={6} />
        ) : history.isError && !history.data ? (
          <Stack align="center" gap="xs" py="lg">
            <IconAlertTriangle size={28} aria-hidden />
            <Text>{HISTORY_SCREEN.historyError}</Text>
            <Button
              variant="default"
              size="xs"
              onClick={() => history.refetch()}
              loading={history.isFetching}
            >
              {HISTORY_SCREEN.retry}
            </Button>
          </Stack>
        ) : entries.length === 0 ? (
          <Stack align="center" gap="xs" py="lg">
            <IconHistory size={28} aria-hidden />
            <Text c="dimmed">
              {Object.values(filters).some((v) => v !== undefined)
                ? HISTORY_SCREEN.noMatches
                : HISTORY_TEXT.noHistory}
            </Text>
          </Stack>
        ) : (
          <ul className={classes.entries} aria-label={HISTORY_TEXT.activityTitle}>
            {entries.map((entry: HistoryEntry) => (
              <li key={entry.id} data-testid="activity-entry">
                <HistoryEntryView entry={entry} title={<EntityTitle entry={entry} />} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      {total > ACTIVITY_PAGE_SIZE && (
        <Pager
          page={state.page}
          pages={pages}
          onChange={(page) => change({ page })}
          disabled={history.isFetching}
        />
      )}
    </>
  );
}

/**
 * The one record the log is narrowed to (from a customer's or a company's page), and a button
 * that lets go of it: a button rather than the pill's own cross, which takes no keyboard focus.
 */
function OneRecord(props: { label: string; name: string | null; id: number; onRemove: () => void }) {
  return (
    <Group gap={6} mb="sm" role="group" aria-label="Active filters">
      <Pill size="md" data-testid="activity-record-chip">
        {HISTORY_SCREEN.oneRecord(props.label, props.name, props.id)}
      </Pill>
      <Button variant="subtle" size="compact-sm" onClick={props.onRemove}>
        {HISTORY_SCREEN.showAllOfType(props.label)}
      </Button>
    </Group>
  );
}
