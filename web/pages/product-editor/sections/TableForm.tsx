import { Fieldset, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { cleanColumns, SECTION_LIMITS } from '#domain/sections';
import { emptyTableRow, type TableDraft } from './drafts';
import { AddRowButton, RemoveRowButton } from './RowControls';
import { removeAt, replaceAt } from './rows';

type Props = { value: TableDraft; onChange: (value: TableDraft) => void; disabled?: boolean };

/** Table: heading, intro, comma-separated columns, one cell per column in each row, note. */
export function TableForm({ value, onChange, disabled }: Props) {
  const set = (patch: Partial<TableDraft>) => onChange({ ...value, ...patch });
  // The same split the save uses, so the cells shown are the cells saved.
  const columns = cleanColumns(value.columns);
  return (
    <Stack gap="sm">
      <TextInput
        label="Heading"
        data-autofocus
        value={value.heading}
        maxLength={SECTION_LIMITS.title}
        onChange={(e) => set({ heading: e.currentTarget.value })}
        disabled={disabled}
      />
      <Textarea
        label="Intro"
        autosize
        minRows={1}
        maxRows={4}
        value={value.intro}
        maxLength={SECTION_LIMITS.text}
        onChange={(e) => set({ intro: e.currentTarget.value })}
        disabled={disabled}
      />
      <TextInput
        label="Columns"
        description="Comma-separated, e.g. Size, Weight, Price"
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={value.columns}
        maxLength={SECTION_LIMITS.text}
        onChange={(e) => set({ columns: e.currentTarget.value })}
        disabled={disabled}
      />
      <Fieldset legend="Rows" variant="unstyled" disabled={disabled}>
        <Stack gap="xs">
          {columns.length === 0 ? (
            <Text size="sm" c="dimmed">
              Type the columns first: each row then has one cell per column.
            </Text>
          ) : (
            value.rows.map((row, r) => (
              <Group key={row.key} gap="xs" wrap="nowrap" align="flex-start">
                <Group gap="xs" style={{ flex: 1 }} wrap="wrap">
                  {columns.map((column, c) => (
                    <TextInput
                      // biome-ignore lint/suspicious/noArrayIndexKey: one cell per column position
                      key={c}
                      aria-label={`${column} (row ${r + 1})`}
                      placeholder={column}
                      value={row.cells[c] ?? ''}
                      maxLength={SECTION_LIMITS.cell}
                      onChange={(e) => {
                        const cells = Array.from({ length: columns.length }, (_, i) => row.cells[i] ?? '');
                        cells[c] = e.currentTarget.value;
                        set({ rows: replaceAt(value.rows, r, { ...row, cells }) });
                      }}
                      style={{ flex: '1 1 120px' }}
                    />
                  ))}
                </Group>
                <RemoveRowButton
                  label={`Remove row ${r + 1}`}
                  onClick={() =>
                    set({ rows: value.rows.length > 1 ? removeAt(value.rows, r) : [emptyTableRow()] })
                  }
                />
              </Group>
            ))
          )}
          {columns.length > 0 && (
            <AddRowButton label="Add row" onClick={() => set({ rows: [...value.rows, emptyTableRow()] })} />
          )}
        </Stack>
      </Fieldset>
      <Textarea
        label="Note"
        autosize
        minRows={1}
        maxRows={4}
        value={value.note}
        maxLength={SECTION_LIMITS.text}
        onChange={(e) => set({ note: e.currentTarget.value })}
        disabled={disabled}
      />
    </Stack>
  );
}
