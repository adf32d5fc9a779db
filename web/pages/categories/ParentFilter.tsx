import { useCategoryOptions } from '../../api/categories';
import { SearchSelect } from '../../components/SearchSelect';
import { FILTER_FIXED } from './parentOptions';

/** The filter's value ('all', 'root' or an id) with its label, so a category beyond the first page shows. */
export type ParentFilterChoice = { value: string; label: string };

type Props = { value: ParentFilterChoice; onChange: (value: ParentFilterChoice) => void };

/** 'All', '[Root]' or one category, searched on the server as the user types. */
export function ParentFilter({ value, onChange }: Props) {
  return (
    <SearchSelect
      label="Parent"
      nothingFound="No matching category"
      fixed={FILTER_FIXED}
      value={value.value}
      selectedLabel={value.label}
      onChange={(v, label) => v && label !== null && onChange({ value: v, label })}
      useOptions={useCategoryOptions}
      w={180}
    />
  );
}
