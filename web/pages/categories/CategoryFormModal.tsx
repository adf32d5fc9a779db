import { NumberInput } from '@mantine/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Category } from '#domain/categories';
import { TOAST, VALIDATION } from '#domain/messages';
import { useCategoryTreeOptions, useSaveCategory } from '../../api/categories';
import { useFieldErrors } from '../../api/errors';
import { FormWithActions } from '../../components/FormActions';
import { FormModal, useFormDirty } from '../../components/FormModal';
import { type ImageChoice, ImageField, NO_IMAGE_CHOICE } from '../../components/ImageField';
import { NameSlugFields, useNameSlugDescription } from '../../components/NameSlugFields';
import { refuse } from '../../components/refuse';
import { SearchSelect } from '../../components/SearchSelect';
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
  return (
    <FormModal
      opened={opened}
      title={category ? 'Edit Category' : 'Add Category'}
      saving={save.isPending}
      onClose={onClose}
    >
      <CategoryForm category={category} save={save} onCancel={onClose} onSaved={onSaved} />
    </FormModal>
  );
}

type FormProps = {
  category: Category | null;
  save: ReturnType<typeof useSaveCategory>;
  onCancel: () => void;
  onSaved: (category: Category) => void;
};

/**
 * A non-finite sort order becomes 0. Left empty, it is not sent and
 * the server places the category after its parent's last child.
 */
const toSortOrder = (value: string | number) => {
  if (value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
};

function CategoryForm({ category, save, onCancel, onSaved }: FormProps) {
  const [parent, setParent] = useState(parentIdToChoice(category?.parent_id ?? null));
  const [parentLabel, setParentLabel] = useState(category?.parent_name ?? ROOT_LABEL);
  const [sortOrder, setSortOrder] = useState<string | number>(category?.sort_order ?? '');
  const [image, setImage] = useState<ImageChoice>(NO_IMAGE_CHOICE);
  const [progress, setProgress] = useState<number | null>(null);
  const fields = useFieldErrors(save.error);
  const basics = useNameSlugDescription(category, fields);
  useFormDirty({ ...basics.values, parent, sortOrder, image });

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
        onSuccess: (saved) => {
          toast.success(category ? TOAST.categoryUpdated : TOAST.categoryCreated);
          onSaved(saved);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <FormWithActions onSubmit={submit} saving={save.isPending} onCancel={onCancel}>
      <NameSlugFields {...basics.props}>
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
