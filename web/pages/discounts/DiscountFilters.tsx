import { Select } from '@mantine/core';
import { DISCOUNT_STATE_LABELS, DISCOUNT_STATES } from '#domain/discounts';
import { SELECT_DEFAULTS } from '../../components/ListSelects';
import { DISCOUNT_SCREEN, SCOPE_OPTIONS } from './texts';

const ALL = 'all';

const APPLIES_TO_DATA = [{ value: ALL, label: DISCOUNT_SCREEN.allFilter }, ...SCOPE_OPTIONS];
const STATE_DATA = [
  { value: ALL, label: DISCOUNT_SCREEN.allFilter },
  ...DISCOUNT_STATES.map((value) => ({ value, label: DISCOUNT_STATE_LABELS[value] })),
];

type Props = {
  appliesTo: string | undefined;
  state: string | undefined;
  onChange: (name: 'applies_to' | 'state', value: string | undefined) => void;
};

/** What the discounts list may be narrowed to: the kind of target, and where the discount stands now. */
export function DiscountFilters({ appliesTo, state, onChange }: Props) {
  const pick = (name: 'applies_to' | 'state') => (v: string | null) =>
    onChange(name, !v || v === ALL ? undefined : v);
  return (
    <>
      <Select
        {...SELECT_DEFAULTS}
        label={DISCOUNT_SCREEN.appliesToLabel}
        data={APPLIES_TO_DATA}
        value={appliesTo ?? ALL}
        onChange={pick('applies_to')}
        w={130}
      />
      <Select
        {...SELECT_DEFAULTS}
        label={DISCOUNT_SCREEN.stateLabel}
        data={STATE_DATA}
        value={state ?? ALL}
        onChange={pick('state')}
        w={130}
      />
    </>
  );
}
