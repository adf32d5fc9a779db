import { NumberInput } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useState } from 'react';
import { VALIDATION } from '#domain/messages';

type MoneyProps = {
  label: string;
  value: string | number;
  onChange: (value: string | number) => void;
  disabled?: boolean;
  max?: number;
  /** The server's message for this field (useFieldErrors). */
  error?: string;
  /** Shown but not editable, with why under it (a role without the right to change prices). */
  readOnlyReason?: string;
};

/**
 * An amount or quantity input's refusal of a minus sign: the sign is not typed in, and the field
 * says why, instead of "-5" quietly becoming 5. The message stays while the field has focus, so
 * the digits typed after the sign do not hide it.
 */
export function useMinusRefusal() {
  const [refused, setRefused] = useState(false);
  return {
    refused,
    message: refused ? VALIDATION.noNegative : undefined,
    /** A minus that reached the value anyway (a phone keyboard may report no key). */
    refuse: () => setRefused(true),
    inputProps: {
      onBlur: () => setRefused(false),
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === '-' || event.key === 'Subtract') {
          event.preventDefault();
          setRefused(true);
        }
      },
      onPaste: (event: ClipboardEvent<HTMLInputElement>) => {
        if (event.clipboardData.getData('text').includes('-')) {
          event.preventDefault();
          setRefused(true);
        }
      },
    },
  };
}

/** An amount of money: at least 0, cents at most (minimum 0, step 0.01). */
export function MoneyInput({ label, value, onChange, disabled, max, error, readOnlyReason }: MoneyProps) {
  const minus = useMinusRefusal();
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
      {...minus.inputProps}
      disabled={disabled}
      readOnly={Boolean(readOnlyReason)}
      description={readOnlyReason}
      error={minus.message ?? error}
    />
  );
}
