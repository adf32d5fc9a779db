import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { TEXT_LIMITS } from '#domain/constants';

type Props = { value: string; onChange: (value: string) => void; placeholder?: string };

/** Marks the screen's list search, so the `/` shortcut can find it. */
export const LIST_SEARCH_ATTRIBUTE = 'data-list-search';

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
      {...{ [LIST_SEARCH_ATTRIBUTE]: true }}
    />
  );
}
