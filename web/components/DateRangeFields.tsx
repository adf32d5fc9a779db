import { TextInput } from '@mantine/core';
import { DESK_SCREEN } from '#domain/quote-texts';

type Props = {
  /** Days as YYYY-MM-DD, or null for an open end. */
  from: string | null;
  to: string | null;
  onChange: (change: { from?: string | null; to?: string | null }) => void;
};

/** A list's "From" and "To" day filters, each bounding the other so the range cannot turn around. */
export function DateRangeFields({ from, to, onChange }: Props) {
  return (
    <>
      <TextInput
        type="date"
        label={DESK_SCREEN.fromLabel}
        value={from ?? ''}
        max={to ?? undefined}
        onChange={(e) => onChange({ from: e.currentTarget.value || null })}
        style={{ flex: '1 1 130px' }}
      />
      <TextInput
        type="date"
        label={DESK_SCREEN.toLabel}
        value={to ?? ''}
        min={from ?? undefined}
        onChange={(e) => onChange({ to: e.currentTarget.value || null })}
        style={{ flex: '1 1 130px' }}
      />
    </>
  );
}
