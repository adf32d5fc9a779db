import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { type SectionKind, useSaveSection } from '../../../api/products';
import { FormWithActions } from '../../../components/FormActions';
import { FormModal } from '../../../components/FormModal';
import { refuse } from '../../../components/refuse';
import { SECTION_KIND_LABEL } from './contentSections';
import { draftToSave, emptyDraft, type SectionDraft } from './drafts';
import { SectionForm } from './SectionForm';
import { SECTION_ADDED } from './sectionTexts';

type Props = { productId: number; slug: string; opened: boolean; onClose: () => void };

const KINDS: { kind: SectionKind; hint: string }[] = [
  { kind: 'list', hint: 'A title and a list of items' },
  { kind: 'spec_group', hint: 'Specs: rows of label, value and unit' },
  { kind: 'table', hint: 'Columns and rows of cells' },
];

/** Add Section: pick List, Key-Values (specs) or Table, fill it, Save & Continue. */
export function AddSectionModal({ productId, slug, opened, onClose }: Props) {
  const save = useSaveSection(slug, 'create');
  return (
    <FormModal opened={opened} title="Add Section" saving={save.isPending} onClose={onClose}>
      <AddSectionForm productId={productId} save={save} onCancel={onClose} onAdded={onClose} />
    </FormModal>
  );
}

type FormProps = {
  productId: number;
  save: ReturnType<typeof useSaveSection>;
  onCancel: () => void;
  onAdded: () => void;
};

function AddSectionForm({ productId, save, onCancel, onAdded }: FormProps) {
  const [draft, setDraft] = useState<SectionDraft | null>(null);
  const hintId = useId();

  const choose = (kind: string) => {
    // Switching kinds starts that kind's form afresh; coming back to the same kind keeps it.
    if (draft?.kind !== kind) setDraft(emptyDraft(kind as SectionKind));
  };

  const submit = () => {
    if (!draft) return;
    const result = draftToSave(draft, null);
    if (result.error !== undefined) return refuse(result.error);
    save.mutate(
      { productId, section: result.save },
      {
        onSuccess: () => {
          toast.success(SECTION_ADDED[draft.kind]);
          onAdded();
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Radio.Group
        value={draft?.kind ?? null}
        onChange={choose}
        label="Choose a section to continue."
        labelProps={{ mb: 'xs' }}
      >
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          {KINDS.map(({ kind, hint }) => (
            <Radio.Card
              key={kind}
              value={kind}
              radius="md"
              p="sm"
              disabled={save.isPending}
              // Named by the kind alone; the hint is its description.
              aria-label={SECTION_KIND_LABEL[kind]}
              aria-describedby={`${hintId}-${kind}`}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator />
                <div>
                  <Text fw={600} size="sm">
                    {SECTION_KIND_LABEL[kind]}
                  </Text>
                  <Text size="xs" c="dimmed" id={`${hintId}-${kind}`}>
                    {hint}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      {draft && (
        <FormWithActions
          onSubmit={submit}
          saving={save.isPending}
          onCancel={onCancel}
          saveLabel="Save & Continue"
        >
          <SectionForm value={draft} onChange={setDraft} disabled={save.isPending} />
        </FormWithActions>
      )}
    </Stack>
  );
}
