import { Select } from '@mantine/core';
import type { CategoryNode } from '../../../domain/categories';
import { SELECT_DEFAULTS } from '../../components/ListSelects';
import { parentFilterData } from './parentOptions';

type Props = { value: string; nodes: readonly CategoryNode[]; onChange: (value: string) => void };

/** 'All', '[Root]' or one category; searchable, since a catalogue may hold many categories. */
export function ParentFilter({ value, nodes, onChange }: Props) {
  return (
    <Select
      {...SELECT_DEFAULTS}
      label="Parent"
      searchable
      nothingFoundMessage="No matching category"
      data={parentFilterData(nodes)}
      value={value}
      onChange={(v) => v && onChange(v)}
      w={180}
    />
  );
}
