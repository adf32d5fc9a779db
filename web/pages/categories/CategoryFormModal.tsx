import { Modal, NumberInput, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import type { Category } from '../../../domain/categories';
import { TEXT_LIMITS } from '../../../domain/constants';
import { TOAST, VALIDATION } from '../../../domain/messages';
import { useCategoryOptions, useSaveCategory } from '../../api/categories';
import { FormActions } from '../../components/FormActions';
import { type ImageChoice, ImageField, NO_IMAGE_CHOICE } from '../../components/ImageField';
import { NameSlugFields } from '../../components/NameSlugFields';
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
  const mode = category ? 'update' : 'create';
  const save = useSaveCategory(mode);
  const close = () => {
    if (!save.isPending) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={category ? 'Edit Category' : 'Add Category'}
      centered
      size="lg"
    >
      {/* Mounted per opening (Mantine drops closed content), so every opening starts fresh. */}
      <CategoryForm category={category} save={save} onCancel={close} onSaved={onSaved} />
    </Modal>
  );
}

type FormProps = {
  category: Category | null;
  save: ReturnType<typeof useSaveCategory>;
  onCancel: () => void;
  onSaved: (category: Category) => void;
};

/** SPEC.md §5 Category other: a non-finite sort order becomes 0. */
const toSortOrder = (value: string | number) => {
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
};

function CategoryForm({ category, save, onCancel, onSaved }: FormProps) {
  const [name, setName] = useState(category?.name ?? '');
  const [slug, setSlug] = useState(category?.slug ?? '');
  const [parent, setParent] = useState(parentIdToChoice(category?.parent_id ?? null));
  const [parentLabel, setParentLabel] = useState(category?.parent_name ?? ROOT_LABEL);
  const [description, setDescription] = useState(category?.description ?? '');
  const [sortOrder, setSortOrder] = useState<string | number>(category?.sort_order ?? 0);
  const [image, setImage] = useState<ImageChoice>(NO_IMAGE_CHOICE);
  const [progress, setProgress] = useState<number | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      toast.error(VALIDATION.nameRequired, { id: VALIDATION.nameRequired });
      return;
    }
    setProgress(image.file ? 0 : null);
    save.mutate(
      {
        id: category?.id ?? null,
        input: {
          name: name.trim(),
          slug: slug.trim(),
          parent_id: choiceToParentId(parent),
          description: description.trim(),
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
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <NameSlugFields name={name} slug={slug} onName={setName} onSlug={setSlug} />
          <SearchSelect
            label="Parent"
            nothingFound="No matching category"
            fixed={CHOICE_FIXED}
            exclude={excludedParents(category)}
            value={parent}
            selectedLabel={parentLabel}
            onChange={(v, label) => {
              if (!v || label === null) return;
              setParent(v);
              setParentLabel(label);
            }}
            useOptions={useCategoryOptions}
          />
          <NumberInput label="Sort Order" allowDecimal={false} value={sortOrder} onChange={setSortOrder} />
        </SimpleGrid>
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={6}
          value={description}
          maxLength={TEXT_LIMITS.description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <ImageField
          label="Image"
          messages={{ type: VALIDATION.imageType, size: VALIDATION.imageSize }}
          value={image}
          onChange={setImage}
          existingUrl={category?.image_url}
          progress={progress}
          disabled={save.isPending}
        />
        <FormActions saving={save.isPending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
