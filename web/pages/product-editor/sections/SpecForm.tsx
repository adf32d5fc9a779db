import { Fieldset, Stack, TextInput } from '@mantine/core';
import { SECTION_LIMITS } from '#domain/sections';
import { emptySpecRow, type SpecDraft } from './drafts';
import { AddRowButton, FieldsRow, HeadingAndIntro } from './RowControls';
import { removeOrEmpty, replaceAt } from './rows';

type Props = { value: SpecDraft; onChange: (value: SpecDraft) => void; disabled?: boolean };

/** Key-Values: a group name, an intro and rows of label, value and unit. */
export function SpecForm({ value, onChange, disabled }: Props) {
  const set = (patch: Partial<SpecDraft>) => onChange({ ...value, ...patch });
  return (
    <Stack gap="sm">
      <HeadingAndIntro
        label="Group name"
        heading={value.name}
        onHeading={(name) => set({ name })}
        intro={value.intro}
        onIntro={(intro) => set({ intro })}
        disabled={disabled}
      />
      <Fieldset legend="Rows" variant="unstyled" disabled={disabled}>
        <Stack gap="xs">
          {value.rows.map((row, i) => {
            const n = i + 1;
            const setRow = (patch: Partial<typeof row>) =>
              set({ rows: replaceAt(value.rows, i, { ...row, ...patch }) });
            return (
              <FieldsRow
                key={row.key}
                removeLabel={`Remove row ${n}`}
                onRemove={() => set({ rows: removeOrEmpty(value.rows, i, emptySpecRow) })}
              >
                <TextInput
                  aria-label={`Label ${n}`}
                  placeholder="Label"
                  value={row.label}
                  maxLength={SECTION_LIMITS.cell}
                  onChange={(e) => setRow({ label: e.currentTarget.value })}
                  style={{ flex: '2 1 140px' }}
                />
                <TextInput
                  aria-label={`Value ${n}`}
                  placeholder="Value"
                  value={row.value}
                  maxLength={SECTION_LIMITS.cell}
                  onChange={(e) => setRow({ value: e.currentTarget.value })}
                  style={{ flex: '2 1 140px' }}
                />
                <TextInput
                  aria-label={`Unit ${n}`}
                  placeholder="Unit"
                  value={row.unit}
                  maxLength={SECTION_LIMITS.unit}
                  onChange={(e) => setRow({ unit: e.currentTarget.value })}
                  style={{ flex: '1 1 80px' }}
                />
              </FieldsRow>
            );
          })}
          <AddRowButton label="Add row" onClick={() => set({ rows: [...value.rows, emptySpecRow()] })} />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
