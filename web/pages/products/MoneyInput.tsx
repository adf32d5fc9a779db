import { NumberInput } from '@mantine/core';

type MoneyProps = {
  label: string;
  value: string | number;
  onChange: (value: string | number) => void;
  disabled?: boolean;
  max?: number;
};

/** An amount of money: at least 0, cents at most (SPEC.md §5 MRP minimum 0, step 0.01). */
export function MoneyInput({ label, value, onChange, disabled, max }: MoneyProps) {
  return (
    <NumberInput
      label={label}
      min={0}
      max={max}
      step={0.01}
      decimalScale={2}
      allowNegative={false}
      thousandSeparator=","
      value={value}
      onChange={onChange}
      disabled={disabled}
    />
  );
}
