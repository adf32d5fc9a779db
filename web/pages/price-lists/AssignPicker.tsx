import { Group, Pill, Stack, Text } from '@mantine/core';
import { type SearchItem, type SearchOptions, SearchSelect } from '../../components/SearchSelect';

type Props = {
  label: string;
  chosen: SearchItem[];
  onChange: (chosen: SearchItem[]) => void;
  useOptions: (q: string) => SearchOptions;
  disabled: boolean;
  error?: string;
  empty: string;
};

/**
 * Whom a list is for: a server-searched select adds one at a time, and each chosen one is a pill
 * with its own remove button, so a long set never loads into a select whole.
 */
export function AssignPicker({ label, chosen, onChange, useOptions, disabled, error, empty }: Props) {
  return (
    <Stack gap={6}>
      <SearchSelect
        label={label}
        placeholder="Type to search and add"
        value={null}
        selectedLabel={null}
        onChange={(id, name) => {
          if (!id || name === null || chosen.some((c) => c.id === Number(id))) return;
          onChange([...chosen, { id: Number(id), name }]);
        }}
        useOptions={useOptions}
        exclude={(item) => chosen.some((c) => c.id === item.id)}
        disabled={disabled}
        error={error}
      />
      {chosen.length ? (
        <Group gap={6} aria-label={label} role="list">
          {chosen.map((c) => (
            <Pill
              key={c.id}
              role="listitem"
              withRemoveButton={!disabled}
              removeButtonProps={{ 'aria-label': `Remove ${c.name}` }}
              onRemove={() => onChange(chosen.filter((x) => x.id !== c.id))}
            >
              {c.name}
            </Pill>
          ))}
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          {empty}
        </Text>
      )}
    </Stack>
  );
}
