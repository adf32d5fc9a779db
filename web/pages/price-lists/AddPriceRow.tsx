import { Button, Group, NumberInput, Paper, Select, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { TIER_QUANTITY_MAX } from '#domain/customer-pricing';
import { storeCurrency } from '../../api/currency';
import { useProductOptions } from '../../api/discounts';
import { usePutPrices } from '../../api/priceLists';
import { useProductVariants } from '../../api/productVariants';
import { SearchSelect } from '../../components/SearchSelect';
import { PRICE_LIST_SCREEN as T } from './texts';

/**
 * A new row of the grid: a product searched by name or SKU, then its variant (chosen for a
 * product with one), a quantity and a price. A variant and quantity the list already prices takes
 * the new price, as PUT …/prices does.
 */
export function AddPriceRow({ listId }: { listId: number }) {
  const [product, setProduct] = useState<{ id: number; name: string } | null>(null);
  const [variantId, setVariantId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<string | number>(1);
  const [price, setPrice] = useState<string | number>('');
  const variants = useProductVariants(product?.id ?? null);
  const put = usePutPrices(listId);
  const options = (variants.data ?? []).map((v) => ({
    value: String(v.id),
    label: [v.title || 'Default', v.sku].filter(Boolean).join(' · '),
  }));
  const chosenVariant = variantId ?? (options.length === 1 ? options[0].value : null);
  const ready = chosenVariant !== null && price !== '' && quantity !== '';

  const add = () => {
    if (!ready) return;
    put.mutate(
      [{ variant_id: Number(chosenVariant), min_quantity: Number(quantity), price: Number(price) }],
      {
        onSuccess: () => {
          toast.success(T.priceSaved);
          setPrice('');
          setQuantity(1);
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm" fw={600} mb="xs">
        {T.addRow}
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SearchSelect
            label={T.product}
            placeholder="Search by name or SKU"
            value={product ? String(product.id) : null}
            selectedLabel={product?.name ?? null}
            onChange={(id, name) => {
              setProduct(id && name !== null ? { id: Number(id), name } : null);
              setVariantId(null);
            }}
            useOptions={useProductOptions}
            clearable
            style={{ flex: '2 1 220px' }}
          />
          <Select
            label={T.variant}
            placeholder={product ? 'Choose a variant' : 'Choose a product first'}
            data={options}
            value={chosenVariant}
            onChange={setVariantId}
            disabled={!product || options.length < 2}
            style={{ flex: '1 1 160px' }}
          />
          <NumberInput
            label={T.minQuantity}
            min={1}
            max={TIER_QUANTITY_MAX}
            allowDecimal={false}
            allowNegative={false}
            value={quantity}
            onChange={setQuantity}
            w={120}
          />
          <NumberInput
            label={T.price}
            min={0}
            decimalScale={2}
            allowNegative={false}
            hideControls
            rightSection={
              <Text size="sm" c="dimmed" aria-hidden>
                {storeCurrency()}
              </Text>
            }
            rightSectionWidth={48}
            value={price}
            onChange={setPrice}
            w={140}
          />
          <Button
            type="submit"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={!ready}
            loading={put.isPending}
          >
            Add
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
