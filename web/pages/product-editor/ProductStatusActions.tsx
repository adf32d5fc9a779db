import { Button, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconEyeOff, IconWorldUpload } from '@tabler/icons-react';
import { useId } from 'react';
import toast from 'react-hot-toast';
import { PRODUCT_STATUS_TEXT, type ProductBase, type ProductBundle } from '#domain/products';
import { storedUpdateInput, useUpdateProduct } from '../../api/products';
import { usePermissions } from '../../session/usePermissions';

type Props = { bundle: ProductBundle; slug: string };

/**
 * Publish or Unpublish: saves the stored fields with the other status, at once and without a
 * question, since the same button (now saying the opposite) takes it back.
 */
export function PublishButton({ bundle, slug }: Props) {
  const update = useUpdateProduct(slug);
  const mayPublish = usePermissions().has('product.publish');
  const draft = bundle.base.status === 'draft';
  const toggle = () =>
    update.mutate(
      { id: bundle.base.id, input: { ...storedUpdateInput(bundle), status: draft ? 'published' : 'draft' } },
      {
        onSuccess: () =>
          toast.success(draft ? PRODUCT_STATUS_TEXT.publishedToast : PRODUCT_STATUS_TEXT.unpublishedToast),
      },
    );
  // Without product.publish the server would refuse the change: no button at all.
  if (!mayPublish) return null;
  return (
    <Button
      variant={draft ? 'filled' : 'default'}
      leftSection={draft ? <IconWorldUpload size={16} aria-hidden /> : <IconEyeOff size={16} aria-hidden />}
      loading={update.isPending}
      onClick={toggle}
    >
      {draft ? PRODUCT_STATUS_TEXT.publish : PRODUCT_STATUS_TEXT.unpublish}
    </Button>
  );
}

/**
 * The product's page in the visitors' shop, in a new tab. A draft has none (the shop answers 404),
 * so the button stays in its place, disabled, and its tooltip says why.
 */
export function ViewInShopButton({ base }: { base: ProductBase }) {
  const reasonId = useId();
  const icon = <IconExternalLink size={16} aria-hidden />;
  if (base.status === 'draft') {
    return (
      <>
        <Tooltip
          label={PRODUCT_STATUS_TEXT.viewInShopDraft}
          events={{ hover: true, focus: true, touch: true }}
        >
          {/* Not the disabled attribute: a disabled button gets no pointer or focus events for the tooltip. */}
          <Button
            variant="default"
            leftSection={icon}
            data-disabled
            aria-disabled="true"
            aria-describedby={reasonId}
            onClick={(e) => e.preventDefault()}
          >
            {PRODUCT_STATUS_TEXT.viewInShop}
          </Button>
        </Tooltip>
        {/* The tooltip exists only while shown; screen readers get the reason from here. */}
        <VisuallyHidden id={reasonId}>{PRODUCT_STATUS_TEXT.viewInShopDraft}</VisuallyHidden>
      </>
    );
  }
  return (
    <Button
      component="a"
      href={`/shop/${encodeURIComponent(base.slug)}`}
      target="_blank"
      rel="noopener"
      variant="default"
      leftSection={icon}
    >
      {PRODUCT_STATUS_TEXT.viewInShop}
    </Button>
  );
}
