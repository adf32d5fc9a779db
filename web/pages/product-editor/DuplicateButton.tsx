import { Button } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { ProductBase } from '#domain/products';
import { useDuplicateProduct } from '../../api/products';
import { EDITOR_SCREEN } from './texts';

/** Copies the product as a draft (new slug, no SKU) and opens the copy's editor. */
export function DuplicateButton({ base }: { base: Pick<ProductBase, 'id'> }) {
  const duplicate = useDuplicateProduct();
  const navigate = useNavigate();
  return (
    <Button
      variant="default"
      leftSection={<IconCopy size={16} aria-hidden />}
      loading={duplicate.isPending}
      onClick={() =>
        duplicate.mutate(base.id, {
          onSuccess: (copy) => {
            toast.success(EDITOR_SCREEN.duplicated);
            navigate(`/product/${copy.slug}`);
          },
        })
      }
    >
      {EDITOR_SCREEN.duplicate}
    </Button>
  );
}
