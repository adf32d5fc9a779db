import { SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { VALIDATION } from '#domain/messages';
import { PRODUCT_STATUS_TEXT, PRODUCT_TOAST, SKU_MAX_LENGTH } from '#domain/products';
import { useFieldErrors } from '../../api/errors';
import { useCreateProduct } from '../../api/products';
import { FormWithActions } from '../../components/FormActions';
import { FormModal, useFormDirty } from '../../components/FormModal';
import { DescriptionField, NameField } from '../../components/NameSlugFields';
import { MoneyInput } from '../../components/product/MoneyInput';
import { BrandSelect, CategorySelect, choiceToId } from '../../components/product/ProductSelects';
import { refuse } from '../../components/refuse';

type Props = { opened: boolean; onClose: () => void };

/** Create Product: 'Create & Continue' opens the new product's editor. */
export function CreateProductModal({ opened, onClose }: Props) {
  const create = useCreateProduct();
  return (
    <FormModal opened={opened} title="Create Product" saving={create.isPending} onClose={onClose}>
      <CreateProductForm create={create} onCancel={onClose} />
    </FormModal>
  );
}

type FormProps = { create: ReturnType<typeof useCreateProduct>; onCancel: () => void };

function CreateProductForm({ create, onCancel }: FormProps) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [sku, setSku] = useState('');
  const [brand, setBrand] = useState<string | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [mrp, setMrp] = useState<string | number>('');
  // Off by default: a new product is usually unfinished, and visitors should not see it yet.
  const [publishNow, setPublishNow] = useState(false);
  const fields = useFieldErrors(create.error);
  useFormDirty({ name, sku, brand, category, description, mrp, publishNow });

  const submit = () => {
    if (!name.trim()) return refuse(VALIDATION.nameRequired);
    create.mutate(
      {
        name: name.trim(),
        sku: sku.trim() || null,
        brand_id: choiceToId(brand),
        category_id: choiceToId(category),
        description: description.trim() || null,
        mrp: Number(mrp) || 0,
        status: publishNow ? 'published' : 'draft',
      },
      {
        onSuccess: (product) => {
          toast.success(PRODUCT_TOAST.productCreated);
          navigate(`/product/${product.slug}`);
        },
      },
    );
  };

  return (
    <FormWithActions
      onSubmit={submit}
      saving={create.isPending}
      onCancel={onCancel}
      saveLabel="Create & Continue"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <NameField value={name} onChange={fields.track('name', setName)} error={fields.of('name')} />
        <TextInput
          label="SKU"
          placeholder="Optional"
          value={sku}
          maxLength={SKU_MAX_LENGTH}
          onChange={(e) => fields.track('sku', setSku)(e.currentTarget.value)}
          error={fields.of('sku')}
        />
        <BrandSelect value={brand} onChange={setBrand} />
        <CategorySelect value={category} onChange={setCategory} />
      </SimpleGrid>
      <DescriptionField
        value={description}
        onChange={fields.track('description', setDescription)}
        error={fields.of('description')}
      />
      <MoneyInput label="MRP" value={mrp} onChange={fields.track('mrp', setMrp)} error={fields.of('mrp')} />
      <Switch
        label={PRODUCT_STATUS_TEXT.publishNow}
        description={PRODUCT_STATUS_TEXT.publishNowHint}
        checked={publishNow}
        onChange={(e) => setPublishNow(e.currentTarget.checked)}
        mt={4}
      />
    </FormWithActions>
  );
}
