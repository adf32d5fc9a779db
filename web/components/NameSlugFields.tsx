import { TextInput } from '@mantine/core';
import { TEXT_LIMITS } from '../../domain/constants';
import { SLUG_INPUT_MAX_LENGTH, slugify } from '../../domain/slug';

/**
 * The Name and optional Slug pair of the category and brand forms: the slug's placeholder shows
 * what will be generated from the name when it is left empty (DESIGN.md §4 Slugs).
 */
export function NameSlugFields(props: {
  name: string;
  slug: string;
  onName: (value: string) => void;
  onSlug: (value: string) => void;
}) {
  return (
    <>
      <TextInput
        label="Name"
        required
        data-autofocus
        value={props.name}
        maxLength={TEXT_LIMITS.name}
        onChange={(e) => props.onName(e.currentTarget.value)}
      />
      <TextInput
        label="Slug"
        description="Optional: left empty, it is made from the name"
        inputWrapperOrder={['label', 'input', 'description']}
        placeholder={slugify(props.name) || undefined}
        value={props.slug}
        maxLength={SLUG_INPUT_MAX_LENGTH}
        onChange={(e) => props.onSlug(e.currentTarget.value)}
      />
    </>
  );
}
