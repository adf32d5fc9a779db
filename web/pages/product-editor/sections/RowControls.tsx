import { ActionIcon, Button, Group, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SECTION_LIMITS } from '#domain/sections';

/** The per-row remove button of a section form, named after the row for screen readers. */
export function RemoveRowButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      size="lg"
    >
      <IconTrash size={16} aria-hidden />
    </ActionIcon>
  );
}

export function AddRowButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      variant="light"
      size="xs"
      leftSection={<IconPlus size={14} aria-hidden />}
      onClick={onClick}
      disabled={disabled}
      style={{ alignSelf: 'flex-start' }}
    >
      {label}
    </Button>
  );
}

/** A row of a spec or table section: its fields, wrapping on a narrow screen, and its remove button. */
export function FieldsRow({
  removeLabel,
  onRemove,
  children,
}: {
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Group gap="xs" style={{ flex: 1 }} wrap="wrap">
        {children}
      </Group>
      <RemoveRowButton label={removeLabel} onClick={onRemove} />
    </Group>
  );
}

/** A section's heading field (focused first) and its intro, as the spec and table forms open. */
export function HeadingAndIntro({
  label,
  heading,
  onHeading,
  intro,
  onIntro,
  disabled,
}: {
  label: string;
  heading: string;
  onHeading: (value: string) => void;
  intro: string;
  onIntro: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <>
      <TextInput
        label={label}
        data-autofocus
        value={heading}
        maxLength={SECTION_LIMITS.title}
        onChange={(e) => onHeading(e.currentTarget.value)}
        disabled={disabled}
      />
      <Textarea
        label="Intro"
        autosize
        minRows={1}
        maxRows={4}
        value={intro}
        maxLength={SECTION_LIMITS.text}
        onChange={(e) => onIntro(e.currentTarget.value)}
        disabled={disabled}
      />
    </>
  );
}
