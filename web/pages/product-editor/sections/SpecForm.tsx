import { Fieldset, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { SECTION_LIMITS } from '#domain/sections';
import { emptySpecRow, type SpecDraft } from './drafts';
import { AddRowButton, RemoveRowButton } from './RowControls';
import { removeAt, replaceAt } from './rows';

type Props = { value: SpecDraft; onChange: (value: SpecDraft) => void; disabled?: boolean };

/** Key-Values: a group name, an intro and rows of label, value and unit. */
export function SpecForm({ value, onChange, disabled }: Props) {
  const set = (patch: Partial<SpecDraft>) => onChange({ ...value, ...patch });
  return (
    <Stack gap="sm">
      <TextInput
        label="Group name"
        data-autofocus
        value={value.name}
        maxLength={SECTION_LIMITS.title}
        onChange={(e) => set({ name: e.currentTarget.value })}
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
      <Fieldset legend="Rows" variant="unstyled" disabled={disabled}>
        <Stack gap="xs">
          {value.rows.map((row, i) => {
            const n = i + 1;
            const setRow = (patch: Partial<typeof row>) =>
              set({ rows: replaceAt(value.rows, i, { ...row, ...patch }) });
            return (
              <Group key={row.key} gap="xs" wrap="nowrap" align="flex-start">
                <Group gap="xs" style={{ flex: 1 }} wrap="wrap">
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
                </Group>
                <RemoveRowButton
                  label={`Remove row ${n}`}
                  onClick={() =>
                    set({ rows: value.rows.length > 1 ? removeAt(value.rows, i) : [emptySpecRow()] })
                  }
                />
              </Group>
            );
          })}
          <AddRowButton label="Add row" onClick={() => set({ rows: [...value.rows, emptySpecRow()] })} />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
