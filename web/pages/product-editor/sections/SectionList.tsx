import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ProductBundle } from '#domain/products';
import { useMoveBlock } from '../../../api/products';
import { useDragSection } from '../../../api/sectionOrder';
import { SortableList } from '../../../components/SortableList';
import { usePermissions } from '../../../session/usePermissions';
import { ContentSectionCard } from './ContentSectionCard';
import { contentSections, sectionTitle } from './contentSections';

type Props = { bundle: ProductBundle; slug: string };

/** The product's sections in layout order, moved with their arrows or dragged by their grips. */
export function SectionList({ bundle, slug }: Props) {
  const productId = bundle.base.id;
  const sections = contentSections(bundle);
  const mayEdit = usePermissions().has('product.edit');
  const move = useMoveBlock(slug);
  const drag = useDragSection(slug);
  const [status, setStatus] = useState('');
  const moving = move.isPending || drag.isPending;

  if (sections.length === 0)
    return (
      <Text c="dimmed" size="sm" ta="center" py="md">
        {mayEdit
          ? 'No sections yet. Add a list, key-values or a table with Add Section.'
          : 'No sections yet.'}
      </Text>
    );

  return (
    <SortableList
      items={sections}
      idOf={(item) => item.block.id}
      nameOf={sectionTitle}
      layout="vertical"
      disabled={moving}
      status={status}
      onMove={({ ids }) => drag.mutate({ productId, ids })}
      list={(children) => <Stack gap="md">{children}</Stack>}
    >
      {(item, sortable) => (
        <ContentSectionCard
          key={item.block.id}
          productId={productId}
          slug={slug}
          item={item}
          sortable={sortable}
          first={sortable.index === 0}
          last={sortable.index === sections.length - 1}
          moving={moving}
          onMove={(direction) =>
            move.mutate(
              { productId, blockId: item.block.id, direction },
              {
                onSuccess: () =>
                  setStatus(
                    `${sectionTitle(item)} moved to position ${sortable.index + (direction === 'up' ? 0 : 2)} of ${sections.length}.`,
                  ),
              },
            )
          }
        />
      )}
    </SortableList>
  );
}
