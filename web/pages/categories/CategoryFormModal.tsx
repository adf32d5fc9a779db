import { NumberInput } from '@mantine/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Category } from '#domain/categories';
import { TEXT_LIMITS } from '#domain/constants';
import { TOAST, VALIDATION } from '#domain/messages';
import { useCategoryTreeOptions, useSaveCategory } from '../../api/categories';
import { useFieldErrors } from '../../api/errors';
import { FormWithActions } from '../../components/FormActions';
import { FormModal, useFormDirty } from '../../components/FormModal';
import { type ImageChoice, ImageField, NO_IMAGE_CHOICE } from '../../components/ImageField';
import { NameSlugFields, useNameSlugDescription } from '../../components/NameSlugFields';
import { refuse } from '../../components/refuse';
import { SearchSelect } from '../../components/SearchSelect';
import { LocaleTabs } from '../../components/translations/LocaleTabs';
import { useTranslationDrafts } from '../../components/translations/useTranslationDrafts';
import {
  CHOICE_FIXED,
  choiceToParentId,
  excludedParents,
  parentIdToChoice,
  ROOT_LABEL,
} from './parentOptions';

/** `category` null adds, a category edits; it outlives `opened` so the title holds while closing. */
type Props = {
  category: Category | null;
  opened: boolean;
  onClose: () => void;
  onSaved: (category: Category) => void;
};

export function CategoryFormModal({ category, opened, onClose, onSaved }: Props) {
  const save = useSaveCategory(category ? 'update' : 'create');
  const [translating, setTranslating] = useState(false);
  return (
    <FormModal
      opened={opened}
      title={category ? 'Edit Category' : 'Add Category'}
      saving={save.isPending || translating}
      onClose={onClose}
    >
      <CategoryForm
        category={category}
        save={save}
        onCancel={onClose}
        onSaved={onSaved}
        onTranslating={setTranslating}
      />
    </FormModal>
  );
}

type FormProps = {
  category: Category | null;
  save: ReturnType<typeof useSaveCategory>;
  onCancel: () => void;
  onSaved: (category: Category) => void;
  onTranslating: (saving: boolean) => void;
};

const TRANSLATED = ['name', 'description'] as const;

/**
 * A non-finite sort order becomes 0. Left empty, it is not sent and
 * the server places the category after its parent's last child.
 */
const toSortOrder = (value: string | number) => {
  if (value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
};

function CategoryForm({ category, save, onCancel, onSaved, onTranslating }: FormProps) {
  const [parent, setParent] = useState(parentIdToChoice(category?.parent_id ?? null));
  const [parentLabel, setParentLabel] = useState(category?.parent_name ?? ROOT_LABEL);
  const [sortOrder, setSortOrder] = useState<string | number>(category?.sort_order ?? '');
  const [image, setImage] = useState<ImageChoice>(NO_IMAGE_CHOICE);
  const [progress, setProgress] = useState<number | null>(null);
  const fields = useFieldErrors(save.error);
  const basics = useNameSlugDescription(category, fields);
  const translations = useTranslationDrafts('categories', category?.id ?? null, TRANSLATED);
  useFormDirty({ ...basics.values, parent, sortOrder, image, translations: translations.edits });

  const submit = () => {
    if (!basics.trimmed.name) return refuse(VALIDATION.nameRequired);
    setProgress(image.file ? 0 : null);
    save.mutate(
      {
        id: category?.id ?? null,
        input: {
          ...basics.trimmed,
          parent_id: choiceToParentId(parent),
          sort_order: toSortOrder(sortOrder),
        },
        image: image.file,
        removeImage: image.removeExisting,
        onProgress: setProgress,
      },
      {
        onSuccess: async (saved) => {
          onTranslating(true);
          try {
            await translations.save(saved.id);
          } catch {
            // The save's toast has said what failed; the form stays open to try again.
            return;
          } finally {
            onTranslating(false);
          }
          toast.success(category ? TOAST.categoryUpdated : TOAST.categoryCreated);
          onSaved(saved);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <FormWithActions onSubmit={submit} saving={save.isPending || translations.saving} onCancel={onCancel}>
      <NameSlugFields
        {...basics.props}
        translate={{
          name: (input) => (
            <LocaleTabs
              drafts={translations}
              field="name"
              label="Name"
              defaultText={basics.values.name}
              maxLength={TEXT_LIMITS.name}
            >
              {input}
            </LocaleTabs>
          ),
          description: (input) => (
            <LocaleTabs
              drafts={translations}
              field="description"
              label="Description"
              defaultText={basics.values.description}
              maxLength={TEXT_LIMITS.description}
              multiline
            >
              {input}
            </LocaleTabs>
          ),
        }}
      >
        <SearchSelect
          label="Parent"
          nothingFound="No matching category"
          fixed={CHOICE_FIXED}
          exclude={excludedParents(category)}
          value={parent}
          selectedLabel={parentLabel}
          onChange={(v, label) => {
            if (!v || label === null) return;
            fields.edited('parent_id');
            setParent(v);
            setParentLabel(label);
          }}
          useOptions={useCategoryTreeOptions}
          levelOf={(node) => node.level}
          error={fields.of('parent_id')}
        />
        <NumberInput
          label="Sort Order"
          placeholder={category ? undefined : 'Last in its parent'}
          allowDecimal={false}
          value={sortOrder}
          onChange={fields.track('sort_order', setSortOrder)}
          error={fields.of('sort_order')}
        />
      </NameSlugFields>
      <ImageField
        label="Image"
        messages={{ type: VALIDATION.imageType, size: VALIDATION.imageSize }}
        value={image}
        onChange={setImage}
        existingUrl={category?.image_url}
        progress={progress}
        disabled={save.isPending}
      />
    </FormWithActions>
  );
}
