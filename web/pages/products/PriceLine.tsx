import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import type { DiscountType } from '#domain/pricing';
import { formatPrice } from '../../api/currency';
import { discountLabel } from '../../components/product/discountLabel';

type Props = {
  mrp: number;
  final: number;
  discount: { type: DiscountType; value: number } | null;
  size?: 'sm' | 'lg';
  /** The lowest of its variants' prices, which differ: said "From". */
  from?: boolean;
};

/**
 * The final price, the MRP struck through beside it and the best-discount badge. Without a
 * saving the MRP is the price, so it is shown once rather than struck through next to itself.
 */
export function PriceLine({ mrp, final, discount, size = 'sm', from = false }: Props) {
  const discounted = final < mrp;
  return (
    <Group gap="xs" align="baseline" wrap="wrap">
      {from && (
        <Text size="sm" c="dimmed" data-testid="price-from">
          From
        </Text>
      )}
      <Text fw={700} size={size === 'lg' ? 'xl' : 'md'} data-testid="final-price">
        {formatPrice(final)}
      </Text>
      {discounted && (
        <Text td="line-through" c="dimmed" size={size === 'lg' ? 'md' : 'sm'} data-testid="mrp">
          {/* Strike-through is not read out; the word says what the number is. */}
          <VisuallyHidden>MRP </VisuallyHidden>
          {formatPrice(mrp)}
        </Text>
      )}
      {discount && discounted && (
        <Badge color="red" variant="light" size={size === 'lg' ? 'lg' : 'sm'}>
          {discountLabel(discount)}
        </Badge>
      )}
    </Group>
  );
}
