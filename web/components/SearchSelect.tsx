import { Loader, type OptionsFilter, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { SELECT_DEFAULTS } from './ListSelects';

/** A row the server hands out for a select: brands, categories, products. */
export type SearchItem = { id: number; name: string };

/** What a searching select needs from its query hook (useBrandOptions and the like). */
export type SearchOptions<T extends SearchItem = SearchItem> = {
  data?: readonly T[];
  isFetching: boolean;
  /** True while the data shown is an earlier search's (keepPreviousData). */
  isPlaceholderData?: boolean;
};

const SEARCH_DEBOUNCE_MS = 250;

type Option = { value: string; label: string };

type Props<T extends SearchItem> = Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'
> & {
  /** The chosen value: an id as text, or one of `fixed`'s values; null for none. */
  value: string | null;
  /**
   * The chosen value's label, shown even when the loaded page of options does not hold it (a
   * product's brand beyond the first page, a discount's target).
   */
  selectedLabel: string | null;
  onChange: (value: string | null, label: string | null) => void;
  /** Runs the server search for the typed text ('' = the first page); e.g. useBrandOptions. */
  useOptions: (q: string) => SearchOptions<T>;
  /** Choices that are not rows ('All', '[Root]'), listed first while they match the typed text. */
  fixed?: readonly Option[];
  /** Rows the user may not pick here (e.g. a category's own subtree as its parent). */
  exclude?: (item: T) => boolean;
  /** Shown when the search found nothing. */
  nothingFound?: string;
  /** A row's indent in the list (a category's level in the tree); rows are shown as given. */
  levelOf?: (item: T) => number;
};

const matches = (label: string, typed: string) => label.toLowerCase().includes(typed.toLowerCase());

/**
 * What the user typed into a box that showed `label`: the inserted text alone, so typing into a
 * chosen "Lamps" searches for what was typed, not "Lampsx". A deletion edits the label as usual.
 */
export function typedOver(label: string, next: string): string {
  if (!label || next.length <= label.length) return next;
  let start = 0;
  while (start < label.length && next[start] === label[start]) start++;
  let end = 0;
  while (end < label.length - start && next[next.length - 1 - end] === label[label.length - 1 - end]) end++;
  // Only text added around or into the whole label; anything else (a paste over it) is taken as is.
  return start + end === label.length ? next.slice(start, next.length - end) : next;
}

const INDENT_PX = 16;
// The server has searched already (name and slug); Mantine's own label filter would drop slug matches.
const serverFiltered: OptionsFilter = ({ options }) => options;

/**
 * A select over a set that can be large: it shows the server's first page, and as
 * the user types (debounced) it asks the server for matches instead of filtering a full list.
 * While the box shows the chosen option's label, the first page is offered rather than that
 * label's matches. Mantine's Select: arrow keys, Enter and Escape work as in every other select.
 */
export function SearchSelect<T extends SearchItem>({
  value,
  selectedLabel,
  onChange,
  useOptions,
  fixed = [],
  exclude,
  nothingFound = 'Nothing found',
  levelOf,
  placeholder,
  ...props
}: Props<T>) {
  const [search, setSearch] = useState(selectedLabel ?? '');
  // A choice made elsewhere (Back, a link, a cleared scope) shows its own label, not the old text.
  const [shown, setShown] = useState({ value, selectedLabel });
  if (shown.value !== value || shown.selectedLabel !== selectedLabel) {
    setShown({ value, selectedLabel });
    setSearch(selectedLabel ?? '');
  }
  const typed = search.trim() === (selectedLabel ?? '').trim() ? '' : search.trim();
  const [q] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const options = useOptions(q);
  const waiting = options.isFetching || q !== typed;
  // Until the server answers for the typed text, the previous answer is narrowed by name here, so
  // the list never offers rows that plainly do not match what is in the box.
  const stale = q !== typed || !!options.isPlaceholderData;

  const rows = (options.data ?? []).filter(
    (item) => !exclude?.(item) && (!stale || !typed || matches(item.name, typed)),
  );
  const data: Option[] = [
    ...fixed.filter((o) => !typed || matches(o.label, typed)),
    ...rows.map((item) => ({ value: String(item.id), label: item.name })),
  ];
  const levels = new Map(levelOf ? rows.map((item) => [String(item.id), levelOf(item)]) : []);
  // The chosen row stays selectable (and its label shown) when the page does not hold it.
  if (
    value !== null &&
    selectedLabel !== null &&
    !data.some((o) => o.value === value) &&
    !fixed.some((o) => o.value === value) &&
    (!typed || matches(selectedLabel, typed))
  ) {
    data.unshift({ value, label: selectedLabel });
  }

  const loadingFirst = options.isFetching && options.data === undefined;
  return (
    <Select
      {...SELECT_DEFAULTS}
      {...props}
      searchable
      data={data}
      value={value}
      onChange={(v, option) => onChange(v, v && option ? option.label : null)}
      searchValue={search}
      onSearchChange={(next) =>
        setSearch(value !== null && search === selectedLabel ? typedOver(search, next) : next)
      }
      onFocus={(event) => {
        // Typing then replaces the chosen label instead of adding to it.
        if (value !== null) event.currentTarget.select();
        props.onFocus?.(event);
      }}
      renderOption={
        levelOf
          ? ({ option }) => (
              <span style={{ paddingInlineStart: (levels.get(option.value) ?? 0) * INDENT_PX }}>
                {option.label}
              </span>
            )
          : undefined
      }
      filter={serverFiltered}
      placeholder={loadingFirst ? 'Loading…' : placeholder}
      nothingFoundMessage={waiting ? 'Loading…' : nothingFound}
      rightSection={waiting ? <Loader size={14} aria-label="Loading options" /> : props.rightSection}
    />
  );
}
