import { AspectRatio, Box, Card, Center, Checkbox, Group, Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ProductListItem } from '#domain/products';
import { displayValue } from '../../components/format';
import { ProductStatusBadge } from '../../components/product/ProductStatusBadge';
import { PriceLine } from './PriceLine';
import { PRODUCTS_SCREEN } from './texts';

type Selectable = { selected: boolean; onToggle: () => void };

/**
 * One product of the list; the whole card is the link to its editor. With a
 * selection, a checkbox sits over the image's corner, beside the link rather than inside it, so
 * it is its own stop for the keyboard and a click on it never opens the editor.
 */
export function ProductCard({ product, selection }: { product: ProductListItem; selection?: Selectable }) {
  if (!selection) return <LinkCard product={product} />;
  return (
    <Box pos="relative" h="100%">
      <LinkCard product={product} selected={selection.selected} />
      <Checkbox
        aria-label={PRODUCTS_SCREEN.selectRow(product.name)}
        checked={selection.selected}
        onChange={selection.onToggle}
        size="md"
        pos="absolute"
        top={8}
        left={8}
        style={{ zIndex: 1 }}
        styles={{ input: { boxShadow: '0 0 0 2px var(--mantine-color-body)' } }}
      />
    </Box>
  );
}

function LinkCard({ product, selected = false }: { product: ProductListItem; selected?: boolean }) {
  return (
    <Card
      component={Link}
      to={`/product/${product.slug}`}
      withBorder
      radius="md"
      padding="sm"
      data-testid="product-card"
      // Mantine's own focus ring, so keyboard users see which card Enter opens.
      className="mantine-focus-auto"
      style={{
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        ...(selected && {
          borderColor: 'var(--mantine-primary-color-filled)',
          boxShadow: '0 0 0 1px var(--mantine-primary-color-filled)',
        }),
      }}
    >
      <Card.Section>
        <CardImage url={product.image} />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        {/* The badge goes under a name too long to share its line, rather than cutting the name short. */}
        <Group justify="space-between" align="flex-start" gap={6}>
          <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {product.name}
          </Text>
          {/* Published is the usual case; only the exception is marked. */}
          {product.status === 'draft' && (
            <ProductStatusBadge status="draft" style={{ flexShrink: 0 }} mt={2} />
          )}
        </Group>
        {product.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {product.description}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Brand: {displayValue(product.brand)} · Category: {displayValue(product.category)}
        </Text>
        <div style={{ marginTop: 'auto' }}>
          <PriceLine
            mrp={product.price.mrp}
            final={product.price.final}
            discount={product.best_discount}
            from={product.price_range.max > product.price_range.min}
          />
        </div>
      </Stack>
    </Card>
  );
}

/** The list's thumbnail, or 'No Image' when there is none or it fails to load. */
function CardImage({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <AspectRatio ratio={4 / 3} bg="var(--app-color-frame)">
      {url && !failed ? (
        <Image src={url} alt="" fit="contain" loading="lazy" onError={() => setFailed(true)} />
      ) : (
        <Center>
          <Text size="sm" c="dimmed">
            No Image
          </Text>
        </Center>
      )}
    </AspectRatio>
  );
}
