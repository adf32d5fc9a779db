import { SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { TEXT_LIMITS } from '#domain/constants';
import { VALIDATION } from '#domain/messages';
import { PERMISSION_TEXT } from '#domain/permissions';
import { type DiscountType, PERCENT_MAX, previewPrice } from '#domain/pricing';
import { PRODUCT_MESSAGES, PRODUCT_TOAST, type ProductBundle, SKU_MAX_LENGTH } from '#domain/products';
import { PRODUCT_TRANSLATION_FIELDS, TRANSLATION_LIMITS } from '#domain/translations';
import { VARIANT_MESSAGES } from '#domain/variants';
import { formatPrice } from '../../api/currency';
import { useFieldErrors } from '../../api/errors';
import { storedUpdateInput, useUpdateProduct } from '../../api/products';
import { UnsavedChangesPrompt } from '../../components/DiscardChangesDialog';
import { TYPE_OPTIONS } from '../../components/discount/texts';
import { FormWithActions } from '../../components/FormActions';
import { DescriptionField, NameField } from '../../components/NameSlugFields';
import { MoneyInput } from '../../components/product/MoneyInput';
import { BrandSelect, CategorySelect, choiceToId, idToChoice } from '../../components/product/ProductSelects';
import { refuse } from '../../components/refuse';
import { LocaleTabs } from '../../components/translations/LocaleTabs';
import { useTranslationDrafts } from '../../components/translations/useTranslationDrafts';
import { useDirty, useUnsavedChanges } from '../../components/useUnsavedChanges';
import { usePermissions } from '../../session/usePermissions';

type Props = { bundle: ProductBundle; slug: string; onDone: () => void; onCancel: () => void };

const toAmount = (value: string | number) => Number(value) || 0;

/** The computed preview; null while the typed text is not an amount yet. */
function safePreview(mrp: string | number, type: DiscountType, value: string | number) {
  try {
    return previewPrice(toAmount(mrp), type, toAmount(value));
  } catch {
    return null;
  }
}

/** Edit mode of Basic and Price: fields, MRP and the editor's own discount, saved together. */
export function BasicPriceForm({ bundle, slug, onDone, onCancel }: Props) {
  const { base, discounts } = bundle;
  const update = useUpdateProduct(slug);
  const typeLabelId = useId();
  const [name, setName] = useState(base.name);
  const [sku, setSku] = useState(base.sku ?? '');
  const [brand, setBrand] = useState(idToChoice(base.brand_id));
  const [category, setCategory] = useState(idToChoice(base.category_id));
  const [description, setDescription] = useState(base.description ?? '');
  const [mrp, setMrp] = useState<string | number>(base.mrp);
  const [discountType, setDiscountType] = useState<DiscountType>(discounts.own?.type ?? 'percent');
  const [discountValue, setDiscountValue] = useState<string | number>(discounts.own?.value ?? '');
  const preview = safePreview(mrp, discountType, discountValue);
  // Without product.price the server refuses any change to the MRP or the own discount.
  const priceLocked = usePermissions().has('product.price') ? undefined : PERMISSION_TEXT.readOnlyPrice;
  const fields = useFieldErrors(update.error);
  const translations = useTranslationDrafts('products', base.id, PRODUCT_TRANSLATION_FIELDS);
  const leave = useUnsavedChanges(
    useDirty({
      name,
      sku,
      brand,
      category,
      description,
      mrp,
      discountType,
      discountValue,
      translations: translations.edits,
    }),
  );

  const submit = () => {
    if (!name.trim()) return refuse(VALIDATION.nameRequired);
    const value = toAmount(discountValue);
    if (discountType === 'percent' && value > PERCENT_MAX) return refuse(PRODUCT_MESSAGES.percentTooHigh);
    update.mutate(
      {
        id: base.id,
        input: {
          // The status (and anything else this form does not edit) stays as stored.
          ...storedUpdateInput(bundle),
          name: name.trim(),
          sku: sku.trim() || null,
          description: description.trim() || null,
          brand_id: choiceToId(brand),
          category_id: choiceToId(category),
          pricing: { mrp: toAmount(mrp), discount: value > 0 ? { type: discountType, value } : null },
        },
      },
      {
        onSuccess: async () => {
          try {
            await translations.save(base.id);
          } catch {
            // The save's toast has said what failed; the form stays open to try again.
            return;
          }
          toast.success(PRODUCT_TOAST.saved);
          onDone();
        },
      },
    );
  };

  const saving = update.isPending || translations.saving;
  return (
    <FormWithActions onSubmit={submit} saving={saving} onCancel={onCancel}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <LocaleTabs
          drafts={translations}
          field="name"
          label="Name"
          defaultText={name}
          maxLength={TEXT_LIMITS.name}
        >
          <NameField
            value={name}
            onChange={fields.track('name', setName)}
            disabled={saving}
            error={fields.of('name')}
          />
        </LocaleTabs>
        <TextInput
          label="SKU"
          placeholder="Optional"
          value={sku}
          maxLength={SKU_MAX_LENGTH}
          onChange={(e) => fields.track('sku', setSku)(e.currentTarget.value)}
          disabled={saving}
          error={fields.of('sku')}
        />
        <BrandSelect
          value={brand}
          onChange={setBrand}
          current={{ id: base.brand_id, name: base.brand }}
          disabled={saving}
        />
        <CategorySelect
          value={category}
          onChange={setCategory}
          current={{ id: base.category_id, name: base.category }}
          disabled={saving}
        />
      </SimpleGrid>
      <LocaleTabs
        drafts={translations}
        field="description"
        label="Description"
        defaultText={description}
        maxLength={TEXT_LIMITS.description}
        multiline
      >
        <DescriptionField
          value={description}
          onChange={fields.track('description', setDescription)}
          maxRows={8}
          disabled={saving}
          error={fields.of('description')}
        />
      </LocaleTabs>
      {/* A product has SEO texts only as translations (ADR 0034): no default language's tab. */}
      {translations.shown && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <LocaleTabs
            drafts={translations}
            field="seo_title"
            label="SEO title"
            defaultText=""
            maxLength={TRANSLATION_LIMITS.seoTitle}
          />
          <LocaleTabs
            drafts={translations}
            field="seo_description"
            label="SEO description"
            defaultText=""
            maxLength={TRANSLATION_LIMITS.seoDescription}
            multiline
          />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="sm">
        <MoneyInput
          label="MRP"
          value={mrp}
          onChange={fields.track('pricing.mrp', setMrp)}
          disabled={saving}
          readOnlyReason={bundle.options.length > 0 ? VARIANT_MESSAGES.priceIsVariants : priceLocked}
          error={fields.of('pricing.mrp', 'mrp')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={typeLabelId}>
            Discount type
          </Text>
          <SegmentedControl
            aria-labelledby={typeLabelId}
            data={TYPE_OPTIONS}
            value={discountType}
            onChange={(v) => setDiscountType(v as DiscountType)}
            disabled={saving}
            readOnly={Boolean(priceLocked)}
          />
        </Stack>
        <MoneyInput
          label="Discount value"
          value={discountValue}
          onChange={(next) => {
            fields.edited('pricing.discount.value', 'pricing.discount', 'pricing');
            setDiscountValue(next);
          }}
          error={fields.of('pricing.discount.value', 'pricing.discount', 'pricing')}
          max={discountType === 'percent' ? PERCENT_MAX : undefined}
          disabled={saving}
          readOnlyReason={priceLocked}
        />
      </SimpleGrid>
      <Text size="sm" aria-live="polite" data-testid="final-price-preview">
        Final price preview:{' '}
        <Text span fw={700}>
          {preview ? formatPrice(preview.final) : '—'}
        </Text>
        {preview && preview.save > 0 && (
          <Text span c="dimmed">
            {' '}
            (saves {formatPrice(preview.save)})
          </Text>
        )}
      </Text>
      <Text size="xs" c="dimmed">
        A larger live discount on the category or brand still wins over this one.
      </Text>
      <UnsavedChangesPrompt guard={leave} />
    </FormWithActions>
  );
}
