import { TextInput, type TextInputProps } from '@mantine/core';
import { useMinusRefusal } from '../../components/product/MoneyInput';
import { acceptTyped } from './draft';

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'error'> & {
  kind: Parameters<typeof acceptTyped>[0];
  value: string;
  /** The text once the field accepts it; what it refuses never reaches the draft. */
  onValue: (text: string) => void;
  /** The server's message for this field. */
  error?: string;
};

/**
 * A number of the draft, kept as the text typed (see Draft). A minus sign is refused where it is
 * typed, and the field says why under itself until it is left.
 */
export function DraftNumberInput({ kind, value, onValue, error, ...props }: Props) {
  const minus = useMinusRefusal();
  return (
    <TextInput
      {...props}
      value={value}
      {...minus.inputProps}
      onChange={(e) => {
        const text = e.currentTarget.value;
        const ok = acceptTyped(kind, text);
        if (ok !== null) onValue(ok);
        else if (text.includes('-')) minus.refuse();
      }}
      error={minus.message ?? error}
    />
  );
}
