import { Badge, type BadgeProps } from '@mantine/core';
import { PRODUCT_STATUS_TEXT, type ProductStatus } from '#domain/products';

const COLORS: Record<ProductStatus, string> = { draft: 'yellow', published: 'green' };

/** Draft or Published, in the same colours on the list's cards and in the editor's header. */
export function ProductStatusBadge({ status, ...props }: { status: ProductStatus } & BadgeProps) {
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="product-status" {...props}>
      {PRODUCT_STATUS_TEXT[status]}
    </Badge>
  );
}
