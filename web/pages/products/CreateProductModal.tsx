import { Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { TEXT_LIMITS } from '../../../domain/constants';
import { VALIDATION } from '../../../domain/messages';
import { PRODUCT_TOAST, SKU_MAX_LENGTH } from '../../../domain/products';
import { useCreateProduct } from '../../api/products';
import { FormActions } from '../../components/FormActions';
import { MoneyInput } from './MoneyInput';
import { BrandSelect, CategorySelect, choiceToId } from './ProductSelects';

type Props = { opened: boolean; onClose: () => void };

/** Create Product (SPEC.md §2): 'Create & Continue' opens the new product's editor. */
export function CreateProductModal({ opened, onClose }: Props) {
  const create = useCreateProduct();
  const close = () => {
    if (!create.isPending) onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Create Product" centered size="lg">
      {/* Mounted per opening (Mantine drops closed content), so every opening starts fresh. */}
      <CreateProductForm create={create} onCancel={close} />
    </Modal>
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      toast.error(VALIDATION.nameRequired, { id: VALIDATION.nameRequired });
      return;
    }
    create.mutate(
      {
        name: name.trim(),
        sku: sku.trim() || null,
        brand_id: choiceToId(brand),
        category_id: choiceToId(category),
        description: description.trim() || null,
        mrp: Number(mrp) || 0,
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
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            label="Name"
            required
            data-autofocus
            value={name}
            maxLength={TEXT_LIMITS.name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <TextInput
            label="SKU"
            placeholder="Optional"
            value={sku}
            maxLength={SKU_MAX_LENGTH}
            onChange={(e) => setSku(e.currentTarget.value)}
          />
          <BrandSelect value={brand} onChange={setBrand} />
          <CategorySelect value={category} onChange={setCategory} />
        </SimpleGrid>
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={6}
          value={description}
          maxLength={TEXT_LIMITS.description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <MoneyInput label="MRP" value={mrp} onChange={setMrp} />
        <FormActions saving={create.isPending} onCancel={onCancel} saveLabel="Create & Continue" />
      </Stack>
    </form>
  );
}
