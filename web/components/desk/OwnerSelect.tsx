import { Select } from '@mantine/core';
import { DESK_SCREEN } from '#domain/quote-texts';
import { SELECT_DEFAULTS } from '../ListSelects';

const ANYONE = 'all';

type Props = {
  /** `me`, `nobody`, a user's id, or none for anyone. */
  value: string | null | undefined;
  staff: readonly { id: number; name: string }[];
  onChange: (owner: string | null) => void;
};

/** A desk's owner filter: anyone, me, nobody, or one of the staff. */
export function OwnerSelect({ value, staff, onChange }: Props) {
  const data = [
    { value: ANYONE, label: DESK_SCREEN.ownerAnyone },
    { value: 'me', label: DESK_SCREEN.ownerMe },
    { value: 'nobody', label: DESK_SCREEN.ownerNobody },
    ...staff.map((u) => ({ value: String(u.id), label: u.name })),
  ];
  // An owner from a shared link whom this list does not hold still shows as chosen.
  if (value && !data.some((o) => o.value === value)) data.push({ value, label: `#${value}` });
  return (
    <Select
      {...SELECT_DEFAULTS}
      label={DESK_SCREEN.ownerLabel}
      data={data}
      value={value ?? ANYONE}
      onChange={(v) => onChange(!v || v === ANYONE ? null : v)}
      style={{ flex: '1 1 130px' }}
    />
  );
}
