import { Image, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useCategory } from '../../api/categories';
import { DetailList } from '../../components/DetailList';

type Props = { categoryId: number | null; opened: boolean; onClose: () => void };

/** Read-only, loaded fresh from GET /api/categories/{id} (SPEC.md §2 Categories). */
export function CategoryDetailsModal({ categoryId, opened, onClose }: Props) {
  const { data: category, isPending, isError } = useCategory(categoryId);
  return (
    <Modal opened={opened} onClose={onClose} title="Category Details" centered size="lg">
      {isError ? (
        <Text c="dimmed">This category could not be loaded.</Text>
      ) : isPending || !category ? (
        <Stack gap="sm" aria-busy>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : (
        <DetailList
          items={[
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
          ]}
        />
      )}
    </Modal>
  );
}
