import { Button, Group } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { type Detail, DetailList } from '../DetailList';
import { UnsavedChangesPrompt } from '../DiscardChangesDialog';
import { FormWithActions } from '../FormActions';
import { SectionTitle } from './DeskSection';
import type { DraftEdit } from './useDraftEdit';

type Props<D> = {
  title: string;
  mayEdit: boolean;
  /** The section's Edit → Save (useDraftEdit). */
  form: DraftEdit<D>;
  formTestId: string;
  /** The form's fields, given the draft. */
  fields: (draft: D) => ReactNode;
  /** What the section shows while not editing. */
  details: readonly Detail[];
};

/** A pane section read as label/value pairs, or edited in place with Edit → Save. */
export function EditableSection<D>({ title, mayEdit, form, formTestId, fields, details }: Props<D>) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Group justify="space-between" align="baseline" gap="xs">
        <SectionTitle id={titleId}>{title}</SectionTitle>
        {mayEdit && !form.draft && (
          <Button variant="default" size="compact-sm" onClick={form.open}>
            Edit
          </Button>
        )}
      </Group>
      {form.draft ? (
        <>
          <FormWithActions
            onSubmit={form.save}
            saving={form.saving}
            onCancel={form.cancel}
            inline
            testId={formTestId}
          >
            {fields(form.draft)}
          </FormWithActions>
          <UnsavedChangesPrompt guard={form.leave} />
        </>
      ) : (
        <DetailList items={details} />
      )}
    </section>
  );
}
