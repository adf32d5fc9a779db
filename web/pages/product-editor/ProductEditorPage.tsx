import { Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import type { ProductBundle } from '#domain/products';
import { PRODUCT_CONFIRM, PRODUCT_TOAST } from '#domain/products';
import { productKeys } from '../../api/keys';
import { useDeleteProduct, useMoveBlock, useProductBundle } from '../../api/products';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { ProductLoadError, ProductLoading } from '../products/ProductLoadState';
import { ProductStatusBadge } from '../products/ProductStatusBadge';
import { BasicPriceCard } from './BasicPriceCard';
import { DuplicateButton } from './DuplicateButton';
import { ImagesCard } from './ImagesCard';
import { PublishButton, ViewInShopButton } from './ProductStatusActions';
import { AddSectionModal } from './sections/AddSectionModal';
import { ContentSectionCard } from './sections/ContentSectionCard';
import { contentSections } from './sections/contentSections';

/** Product editor (/product/{slug}, SPEC.md §2). */
export function ProductEditorPage() {
  const { slug = '' } = useParams();
  const bundle = useProductBundle(slug);
  return (
    <>
      <Button
        component={Link}
        to="/products"
        variant="subtle"
        size="xs"
        px={4}
        mb="xs"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
      >
        Back
      </Button>
      {bundle.data ? (
        <ProductEditor bundle={bundle.data} slug={slug} onReload={() => bundle.refetch()} />
      ) : bundle.isError ? (
        <ProductLoadError error={bundle.error} onRetry={() => bundle.refetch()} />
      ) : (
        <ProductLoading />
      )}
    </>
  );
}

type EditorProps = { bundle: ProductBundle; slug: string; onReload: () => void };

function ProductEditor({ bundle, slug, onReload }: EditorProps) {
  const { base } = bundle;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const move = useMoveBlock(slug);
  const remove = useDeleteProduct();
  const [adding, setAdding] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const sections = contentSections(bundle);

  const deleteProduct = () =>
    remove.mutate(base.id, {
      onSuccess: () => {
        toast.success(PRODUCT_TOAST.productDeleted);
        navigate('/products');
        // Only now that the editor is gone: while it showed, dropping its bundle would refetch it.
        queryClient.removeQueries({ queryKey: productKeys.bundle(slug) });
      },
    });

  return (
    <>
      <PageHeader
        title={base.name}
        caption={
          <>
            Slug: <Code>{base.slug}</Code>
          </>
        }
        badge={<ProductStatusBadge status={base.status} size="lg" />}
        actions={
          <>
            <PublishButton bundle={bundle} slug={slug} />
            <ViewInShopButton base={base} />
            <DuplicateButton base={base} />
            <Button
              component={Link}
              to={`/product/${base.slug}/preview`}
              variant="default"
              leftSection={<IconEye size={16} aria-hidden />}
            >
              Preview
            </Button>
          </>
        }
      />
      <Stack gap="md">
        <ImagesCard productId={base.id} productName={base.name} slug={slug} images={bundle.images} />
        <BasicPriceCard bundle={bundle} slug={slug} onReload={onReload} />
        {sections.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="md">
            No sections yet. Add a list, key-values or a table with Add Section.
          </Text>
        ) : (
          sections.map((item, i) => (
            <ContentSectionCard
              key={item.block.id}
              productId={base.id}
              slug={slug}
              item={item}
              first={i === 0}
              last={i === sections.length - 1}
              moving={move.isPending}
              onMove={(direction) => move.mutate({ productId: base.id, blockId: item.block.id, direction })}
            />
          ))
        )}
      </Stack>
      <Paper
        withBorder
        radius="md"
        p="sm"
        mt="lg"
        shadow="sm"
        // Stays in reach at the bottom of the screen on a long page.
        style={{ position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 10 }}
      >
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Button
            color="red"
            variant="light"
            size="sm"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setConfirmingDelete(true)}
          >
            Delete Product
          </Button>
          <Button size="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            Add Section
          </Button>
        </Group>
      </Paper>
      <AddSectionModal productId={base.id} slug={slug} opened={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        opened={confirmingDelete}
        title={PRODUCT_CONFIRM.deleteTitle}
        message={PRODUCT_CONFIRM.deleteText}
        busy={remove.isPending}
        onConfirm={deleteProduct}
        onClose={() => setConfirmingDelete(false)}
      />
    </>
  );
}
