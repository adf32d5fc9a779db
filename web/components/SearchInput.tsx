import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { TEXT_LIMITS } from '#domain/constants';

type Props = { value: string; onChange: (value: string) => void; placeholder?: string };

export function SearchInput({ value, onChange, placeholder }: Props) {
  return (
    <TextInput
      label="Search"
      type="search"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      placeholder={placeholder}
      maxLength={TEXT_LIMITS.search}
      leftSection={<IconSearch size={16} aria-hidden />}
      style={{ flex: '1 1 220px' }}
    />
  );
}
