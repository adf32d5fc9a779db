import { Chip, Group } from '@mantine/core';
import { PAGING } from '#domain/constants';
import { DESK_TEXT, INQUIRY_STATUSES, type InquiryStatus } from '#domain/inquiries';
import { QUOTE_APPROVAL_SCREEN } from '#domain/quote-approval';
import { DESK_SCREEN } from '#domain/quote-texts';
import { DateRangeFields } from '../../components/DateRangeFields';
import { OwnerSelect } from '../../components/desk/OwnerSelect';
import { ExportButton } from '../../components/ExportButton';
import { formatCount } from '../../components/format';
import type { InquiryUrlState } from '../../components/inquiry/urlState';
import { usePermissions } from '../../session/usePermissions';

type Props = {
  state: InquiryUrlState;
  counts: Record<InquiryStatus, number> | undefined;
  /** False when a search's counts stopped past the cap: those read "1,000+". */
  countsExact: boolean;
  staff: readonly { id: number; name: string }[];
  onChange: (change: Partial<InquiryUrlState>) => void;
  onExport: () => void;
  exporting: boolean;
  /** Bytes of the CSV received so far. */
  exported: number;
};

const ALL = 'all';

/** The desk's filters above the list: status (with counts), owner, arrival days, and the CSV of it all. */
export function InquiryFilters({
  state,
  counts,
  countsExact,
  staff,
  onChange,
  onExport,
  exporting,
  exported,
}: Props) {
  const rights = usePermissions();
  const mayExport = rights.has('export.run');
  // Approvers filter the desk to the requests whose draft waits for them.
  const mayApprove = rights.has('quote.approve');
  const cap = PAGING.exactCountCap;
  // A count that stopped past the cap says "at least": the cap, or the sum of what was counted.
  const total = counts
    ? Object.values(counts).reduce((a, b) => a + (countsExact ? b : Math.min(b, cap)), 0)
    : undefined;
  const shown = (n: number, atLeast: boolean) => (atLeast ? `${formatCount(n)}+` : formatCount(n));
  const label = (text: string, n: number | undefined) =>
    n === undefined ? text : `${text} ${!countsExact && n > cap ? shown(cap, true) : shown(n, false)}`;
  const allLabel =
    total === undefined
      ? DESK_SCREEN.allStatuses
      : `${DESK_SCREEN.allStatuses} ${shown(total, !countsExact && Object.values(counts ?? {}).some((n) => n > cap))}`;
  return (
    <Group gap="xs" mb="sm" align="flex-end" data-testid="inquiry-filters">
      <Chip.Group
        multiple={false}
        value={state.status ?? ALL}
        onChange={(v) => onChange({ status: v === ALL ? null : (v as InquiryStatus) })}
      >
        <Group gap={6} role="radiogroup" aria-label={DESK_SCREEN.statusLabel} w="100%">
          <Chip value={ALL} size="xs" radius="sm">
            {allLabel}
          </Chip>
          {INQUIRY_STATUSES.map((s) => (
            <Chip key={s} value={s} size="xs" radius="sm">
              {label(DESK_TEXT.status[s], counts?.[s])}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {mayApprove && (
        <Chip
          size="xs"
          radius="sm"
          color="orange"
          checked={state.approval === 'pending'}
          onChange={(on) => onChange({ approval: on ? 'pending' : null })}
          data-testid="filter-approval"
        >
          {QUOTE_APPROVAL_SCREEN.waitingFilter}
        </Chip>
      )}
      <OwnerSelect value={state.owner} staff={staff} onChange={(owner) => onChange({ owner })} />
      <DateRangeFields from={state.from} to={state.to} onChange={onChange} />
      {mayExport && <ExportButton onClick={onExport} pending={exporting} received={exported} />}
    </Group>
  );
}
