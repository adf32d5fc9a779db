import { Fieldset, Group, Stack, TextInput } from '@mantine/core';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { SECTION_LIMITS } from '#domain/sections';
import type { ListDraft } from './drafts';
import { emptyListItem } from './drafts';
import { AddRowButton, RemoveRowButton } from './RowControls';
import { removeOrEmpty, replaceAt } from './rows';

type Props = { value: ListDraft; onChange: (value: ListDraft) => void; disabled?: boolean };

/** List: a title plus editable items, with add and remove. */
export function ListForm({ value, onChange, disabled }: Props) {
  const set = (patch: Partial<ListDraft>) => onChange({ ...value, ...patch });
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const [focusKey, setFocusKey] = useState<number | null>(null);

  // The row Enter added gets the cursor once it is on screen.
  useEffect(() => {
    if (focusKey === null) return;
    inputs.current.get(focusKey)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  // Enter in an item adds the next item, as in a word processor's list, rather than saving the
  // section half typed; Save (or Enter in the title) still saves.
  const enterAddsItem = (event: KeyboardEvent<HTMLInputElement>, i: number) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (value.items.length >= SECTION_LIMITS.items) return;
    const next = emptyListItem();
    set({ items: [...value.items.slice(0, i + 1), next, ...value.items.slice(i + 1)] });
    setFocusKey(next.key);
  };
  return (
    <Stack gap="sm">
      <TextInput
        label="Title"
        data-autofocus
        value={value.title}
        maxLength={SECTION_LIMITS.title}
        onChange={(e) => set({ title: e.currentTarget.value })}
        disabled={disabled}
      />
      <Fieldset legend="Items" variant="unstyled" disabled={disabled}>
        <Stack gap="xs">
          {value.items.map((item, i) => (
            <Group key={item.key} gap="xs" wrap="nowrap">
              <TextInput
                aria-label={`Item ${i + 1}`}
                placeholder={`Item ${i + 1}`}
                ref={(node) => {
                  if (node) inputs.current.set(item.key, node);
                  else inputs.current.delete(item.key);
                }}
                onKeyDown={(e) => enterAddsItem(e, i)}
                value={item.caption}
                maxLength={SECTION_LIMITS.caption}
                onChange={(e) =>
                  set({ items: replaceAt(value.items, i, { ...item, caption: e.currentTarget.value }) })
                }
                style={{ flex: 1 }}
              />
              <RemoveRowButton
                label={`Remove item ${i + 1}`}
                onClick={() => set({ items: removeOrEmpty(value.items, i, emptyListItem) })}
              />
            </Group>
          ))}
          <AddRowButton label="Add item" onClick={() => set({ items: [...value.items, emptyListItem()] })} />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
