import { Image } from '@mantine/core';
import { useCategory } from '../../api/categories';
import { DetailsModal } from '../../components/DetailsModal';

type Props = { categoryId: number | null; opened: boolean; onClose: () => void };

/** Read-only, loaded fresh from GET /api/categories/{id}. */
export function CategoryDetailsModal({ categoryId, opened, onClose }: Props) {
  const { data: category, isError } = useCategory(categoryId);
  return (
    <DetailsModal
      opened={opened}
      onClose={onClose}
      title="Category Details"
      size="lg"
      failed={isError}
      failedText="This category could not be loaded."
      items={
        category
          ? [
              { label: 'ID', value: category.id },
              { label: 'Name', value: category.name },
              { label: 'Slug', value: category.slug },
              { label: 'Parent', value: category.parent_name },
              { label: 'Depth', value: category.depth },
              { label: 'Sort Order', value: category.sort_order },
              {
                label: 'Image',
                value: category.image_url ? (
                  <Image
                    src={category.image_url}
                    alt={`Image of ${category.name}`}
                    maw={120}
                    mah={120}
                    fit="contain"
                    radius="sm"
                  />
                ) : null,
              },
              { label: 'Description', value: category.description },
              { label: 'Path', value: category.path },
            ]
          : null
      }
    />
  );
}
