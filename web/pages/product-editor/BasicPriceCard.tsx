import { Anchor, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PERMISSION_TEXT } from '#domain/permissions';
import type { ProductBundle } from '#domain/products';
import { formatPrice } from '../../api/currency';
import { DetailList } from '../../components/DetailList';
import { discountLabel } from '../../components/product/discountLabel';
import { usePermissions } from '../../session/usePermissions';
import { BasicPriceForm } from './BasicPriceForm';

type Props = { bundle: ProductBundle; slug: string; onReload: () => void };

/** Basic and Price: a read view, and Edit → edit mode → Save or Cancel. */
export function BasicPriceCard({ bundle, slug, onReload }: Props) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const { base, price, discounts } = bundle;
  const best = discounts.best;
  const { has } = usePermissions();

  return (
    <Card component="section" withBorder radius="md" padding="lg" aria-labelledby={titleId}>
      <Group justify="space-between" align="center" gap="sm" mb="md">
        <Title order={2} size="h4" id={titleId}>
          Basic and Price
        </Title>
        <Group gap="sm">
          {has('discount.edit') && (
            <Anchor component={Link} to="/discounts" size="sm">
              Manage Discounts
            </Anchor>
          )}
          {!editing && has('product.edit') && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
          )}
        </Group>
      </Group>
      {editing ? (
        <BasicPriceForm
          bundle={bundle}
          slug={slug}
          onDone={() => setEditing(false)}
          onCancel={() => {
            // Cancel reloads, so the read view shows what is stored.
            setEditing(false);
            onReload();
          }}
        />
      ) : (
        <DetailList
          items={[
            { label: 'Name', value: base.name },
            { label: 'SKU', value: base.sku },
            { label: 'Brand', value: base.brand },
            { label: 'Category', value: base.category },
            { label: 'Description', value: base.description },
            {
              label: 'MRP',
              value: has('product.price') ? (
                formatPrice(base.mrp)
              ) : (
                <>
                  {formatPrice(base.mrp)}
                  <Text size="xs" c="dimmed" data-testid="price-read-only">
                    {PERMISSION_TEXT.readOnlyPrice}
                  </Text>
                </>
              ),
            },
            {
              label: 'Best discount',
              value: best ? `${discountLabel(best)} (saves ${formatPrice(best.save_amount)})` : null,
            },
            { label: 'Final price', value: formatPrice(price.final) },
          ]}
        />
      )}
    </Card>
  );
}
