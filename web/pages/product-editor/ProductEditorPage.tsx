import { Button, Code, Group, Paper, Stack, Tabs } from '@mantine/core';
import { IconArrowLeft, IconEye, IconHistory, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { HISTORY_TEXT } from '#domain/history';
import type { ProductBundle } from '#domain/products';
import { PRODUCT_CONFIRM } from '#domain/products';
import { productKeys } from '../../api/keys';
import { useDeleteProduct, useProductBundle } from '../../api/products';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useMovedToTrash } from '../../components/movedToTrash';
import { PageHeader } from '../../components/PageHeader';
import { ProductLoadError, ProductLoading } from '../../components/product/ProductLoadState';
import { ProductStatusBadge } from '../../components/product/ProductStatusBadge';
import { LEAVE_FREELY } from '../../components/useUnsavedChanges';
import { usePermissions } from '../../session/usePermissions';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { BasicPriceCard } from './BasicPriceCard';
import { DuplicateButton } from './DuplicateButton';
import { HistoryPanel } from './HistoryPanel';
import { ImagesCard } from './ImagesCard';
import classes from './ProductEditorPage.module.css';
import { PublishButton, ViewInShopButton } from './ProductStatusActions';
import { AddSectionModal } from './sections/AddSectionModal';
import { SectionList } from './sections/SectionList';
import { VariantsCard } from './VariantsCard';

/** Product editor (/product/{slug}). */
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
  const { has } = usePermissions();
  const remove = useDeleteProduct();
  const [adding, setAdding] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const movedToTrash = useMovedToTrash();
  // The tab is in the URL, so a reload or a shared link opens the history.
  const [searchParams, setSearchParams] = useSearchParams();
  // Without history.read there is no History tab: a link to it opens the product.
  const mayReadHistory = has('history.read');
  const tab = mayReadHistory && searchParams.get('tab') === 'history' ? 'history' : 'product';
  const setTab = (next: string | null) =>
    setSearchParams(
      (params) => {
        if (next === 'history') params.set('tab', 'history');
        else params.delete('tab');
        return params;
      },
      { replace: true },
    );
  useDocumentTitle(base.name);

  const deleted = useRef(false);
  // The deleted product's bundle goes from the cache once the editor has unmounted: dropped while
  // the editor still shows (navigation renders later), it is fetched again and answers a false
  // "Product not found".
  useEffect(
    () => () => {
      if (deleted.current) queryClient.removeQueries({ queryKey: productKeys.detail(slug) });
    },
    [queryClient, slug],
  );

  const deleteProduct = () =>
    remove.mutate(base.id, {
      onSuccess: () => {
        deleted.current = true;
        // Nothing may refetch it in the meantime.
        void queryClient.cancelQueries({ queryKey: productKeys.detail(slug) });
        movedToTrash(base.name, 'product', base.id);
        navigate('/products', { state: LEAVE_FREELY });
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
            {has('product.edit') && <DuplicateButton base={base} />}
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
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List mb="md">
          <Tabs.Tab value="product" leftSection={<IconPencil size={16} aria-hidden />}>
            Product
          </Tabs.Tab>
          {mayReadHistory && (
            <Tabs.Tab value="history" leftSection={<IconHistory size={16} aria-hidden />}>
              {HISTORY_TEXT.historyTab}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="product">
          <ProductContent bundle={bundle} slug={slug} onReload={onReload} />
          {(has('product.delete') || has('product.edit')) && (
            <Paper withBorder radius="md" p="sm" mt="lg" shadow="sm" className={classes.actionBar}>
              <Group justify="space-between" gap="sm" wrap="nowrap">
                {has('product.delete') ? (
                  <Button
                    color="red"
                    variant="light"
                    size="sm"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => setConfirmingDelete(true)}
                  >
                    Delete Product
                  </Button>
                ) : (
                  <span />
                )}
                {has('product.edit') && (
                  <Button
                    size="sm"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    onClick={() => setAdding(true)}
                  >
                    Add Section
                  </Button>
                )}
              </Group>
            </Paper>
          )}
        </Tabs.Panel>
        {mayReadHistory && (
          <Tabs.Panel value="history">
            <HistoryPanel productId={base.id} slug={slug} active={tab === 'history'} />
          </Tabs.Panel>
        )}
      </Tabs>
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

function ProductContent({ bundle, slug, onReload }: EditorProps) {
  return (
    <Stack gap="md">
      <ImagesCard
        productId={bundle.base.id}
        productName={bundle.base.name}
        slug={slug}
        images={bundle.images}
      />
      <BasicPriceCard bundle={bundle} slug={slug} onReload={onReload} />
      <VariantsCard bundle={bundle} slug={slug} />
      <SectionList bundle={bundle} slug={slug} />
    </Stack>
  );
}
