import { Fieldset, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { cleanColumns, SECTION_LIMITS } from '#domain/sections';
import { emptyTableRow, type TableDraft } from './drafts';
import { AddRowButton, FieldsRow, HeadingAndIntro } from './RowControls';
import { removeOrEmpty, replaceAt } from './rows';

type Props = { value: TableDraft; onChange: (value: TableDraft) => void; disabled?: boolean };

/** Table: heading, intro, comma-separated columns, one cell per column in each row, note. */
export function TableForm({ value, onChange, disabled }: Props) {
  const set = (patch: Partial<TableDraft>) => onChange({ ...value, ...patch });
  // The same split the save uses, so the cells shown are the cells saved.
  const columns = cleanColumns(value.columns);
  return (
    <Stack gap="sm">
      <HeadingAndIntro
        label="Heading"
        heading={value.heading}
        onHeading={(heading) => set({ heading })}
        intro={value.intro}
        onIntro={(intro) => set({ intro })}
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
              <FieldsRow
                key={row.key}
                removeLabel={`Remove row ${r + 1}`}
                onRemove={() => set({ rows: removeOrEmpty(value.rows, r, emptyTableRow) })}
              >
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
              </FieldsRow>
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
