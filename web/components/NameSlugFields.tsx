import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { TEXT_LIMITS } from '#domain/constants';
import { SLUG_INPUT_MAX_LENGTH, slugify } from '#domain/slug';

type TextProps = {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The server's message for this field (useFieldErrors). */
  error?: string;
};

/** The required Name that every catalogue form opens with (and focuses). */
export function NameField({ value, onChange, disabled, error }: TextProps) {
  return (
    <TextInput
      label="Name"
      required
      data-autofocus
      value={value}
      maxLength={TEXT_LIMITS.name}
      onChange={(e) => onChange(e.currentTarget.value)}
      disabled={disabled}
      error={error}
    />
  );
}

/** The optional free-text Description of a category, brand or product. */
export function DescriptionField({
  value,
  onChange,
  disabled,
  error,
  maxRows = 6,
}: TextProps & { maxRows?: number }) {
  return (
    <Textarea
      label="Description"
      autosize
      minRows={2}
      maxRows={maxRows}
      value={value}
      maxLength={TEXT_LIMITS.description}
      onChange={(e) => onChange(e.currentTarget.value)}
      disabled={disabled}
      error={error}
    />
  );
}

type BlockProps = {
  name: string;
  slug: string;
  description: string;
  onName: (value: string) => void;
  onSlug: (value: string) => void;
  onDescription: (value: string) => void;
  /** The server's messages for these fields, by API field name. */
  errors?: { name?: string; slug?: string; description?: string };
  /** Further fields that share the grid after Name and Slug (a category's Parent and Sort Order). */
  children?: ReactNode;
  /** Wraps Name or Description in its language tabs (LocaleTabs) where the form translates it. */
  translate?: Partial<Record<'name' | 'description', (input: ReactNode) => ReactNode>>;
};

const asIs = (input: ReactNode) => input;

/**
 * Name, optional Slug and Description of the category and brand forms: the slug's placeholder shows
 * what will be generated from the name when it is left empty (slugify, domain/slug.ts).
 */
export function NameSlugFields({
  name,
  slug,
  description,
  onName,
  onSlug,
  onDescription,
  errors = {},
  children,
  translate = {},
}: BlockProps) {
  const { name: inName = asIs, description: inDescription = asIs } = translate;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        {inName(<NameField value={name} onChange={onName} error={errors.name} />)}
        <TextInput
          label="Slug"
          description="Optional: left empty, it is made from the name"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder={slugify(name) || undefined}
          value={slug}
          maxLength={SLUG_INPUT_MAX_LENGTH}
          onChange={(e) => onSlug(e.currentTarget.value)}
          error={errors.slug}
        />
        {children}
      </SimpleGrid>
      {inDescription(
        <DescriptionField value={description} onChange={onDescription} error={errors.description} />,
      )}
    </>
  );
}

type FieldErrors = {
  of: (...fields: string[]) => string | undefined;
  track: <T>(field: string, set: (value: T) => void) => (value: T) => void;
};

/**
 * The state of a form's Name, Slug and Description (a category's, a brand's), started from the row
 * being edited: the values as typed, the same trimmed for the API, and NameSlugFields' props with
 * the server's message for each field, which goes as the field is edited.
 */
export function useNameSlugDescription(
  row: { name: string; slug: string; description: string | null } | null,
  fields: FieldErrors,
) {
  const [name, setName] = useState(row?.name ?? '');
  const [slug, setSlug] = useState(row?.slug ?? '');
  const [description, setDescription] = useState(row?.description ?? '');
  return {
    values: { name, slug, description },
    trimmed: { name: name.trim(), slug: slug.trim(), description: description.trim() },
    props: {
      name,
      slug,
      description,
      onName: fields.track('name', setName),
      onSlug: fields.track('slug', setSlug),
      onDescription: fields.track('description', setDescription),
      errors: { name: fields.of('name'), slug: fields.of('slug'), description: fields.of('description') },
    } satisfies BlockProps,
  };
}
