import { Chip, Group, Select, TextInput } from '@mantine/core';
import { DESK_TEXT, INQUIRY_STATUSES, type InquiryStatus } from '#domain/inquiries';
import { DESK_SCREEN } from '#domain/quote-texts';
import { ExportButton } from '../../components/ExportButton';
import { formatCount } from '../../components/format';
import { SELECT_DEFAULTS } from '../../components/ListSelects';
import type { InquiryUrlState } from './urlState';

type Props = {
  state: InquiryUrlState;
  counts: Record<InquiryStatus, number> | undefined;
  staff: readonly { id: number; name: string }[];
  onChange: (change: Partial<InquiryUrlState>) => void;
  onExport: () => void;
  exporting: boolean;
  /** Bytes of the CSV received so far. */
  exported: number;
};

const ALL = 'all';

/** The desk's filters above the list: status (with counts), owner, arrival days, and the CSV of it all. */
export function InquiryFilters({ state, counts, staff, onChange, onExport, exporting, exported }: Props) {
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;
  const label = (text: string, n: number | undefined) =>
    n === undefined ? text : `${text} ${formatCount(n)}`;
  const ownerData = [
    { value: ALL, label: DESK_SCREEN.ownerAnyone },
    { value: 'me', label: DESK_SCREEN.ownerMe },
    { value: 'nobody', label: DESK_SCREEN.ownerNobody },
    ...staff.map((u) => ({ value: String(u.id), label: u.name })),
  ];
  // An owner from a shared link whom this list does not hold still shows as chosen.
  if (state.owner && !ownerData.some((o) => o.value === state.owner)) {
    ownerData.push({ value: state.owner, label: `#${state.owner}` });
  }
  return (
    <Group gap="xs" mb="sm" align="flex-end" data-testid="inquiry-filters">
      <Chip.Group
        multiple={false}
        value={state.status ?? ALL}
        onChange={(v) => onChange({ status: v === ALL ? null : (v as InquiryStatus) })}
      >
        <Group gap={6} role="radiogroup" aria-label={DESK_SCREEN.statusLabel} w="100%">
          <Chip value={ALL} size="xs" radius="sm">
            {label(DESK_SCREEN.allStatuses, total)}
          </Chip>
          {INQUIRY_STATUSES.map((s) => (
            <Chip key={s} value={s} size="xs" radius="sm">
              {label(DESK_TEXT.status[s], counts?.[s])}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Select
        {...SELECT_DEFAULTS}
        label={DESK_SCREEN.ownerLabel}
        data={ownerData}
        value={state.owner ?? ALL}
        onChange={(v) => onChange({ owner: !v || v === ALL ? null : v })}
        style={{ flex: '1 1 130px' }}
      />
      <TextInput
        type="date"
        label={DESK_SCREEN.fromLabel}
        value={state.from ?? ''}
        max={state.to ?? undefined}
        onChange={(e) => onChange({ from: e.currentTarget.value || null })}
        style={{ flex: '1 1 130px' }}
      />
      <TextInput
        type="date"
        label={DESK_SCREEN.toLabel}
        value={state.to ?? ''}
        min={state.from ?? undefined}
        onChange={(e) => onChange({ to: e.currentTarget.value || null })}
        style={{ flex: '1 1 130px' }}
      />
      <ExportButton onClick={onExport} pending={exporting} received={exported} />
    </Group>
  );
}
