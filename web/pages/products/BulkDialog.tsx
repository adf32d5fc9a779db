import { Alert, Button, Group, Loader, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  BULK_TEXT,
  type BulkAction,
  PRICE_ADJUSTMENTS,
  PRODUCT_LIST_FALLBACK,
  type PriceAdjustment,
} from '#domain/product-list';
import { useBrandOptions } from '../../api/brands';
import { useCategoryOptions } from '../../api/categories';
import { errorMessage } from '../../api/errors';
import { type ProductBulkInput, useBulkPreview, useBulkProducts } from '../../api/products';
import { SearchSelect } from '../../components/SearchSelect';
import { PRODUCTS_SCREEN } from './texts';

/** Which rows: picked ids, or the list's filter for "all matching". */
export type BulkRows = { ids: number[] } | { filter: Record<string, string> };

type Props = {
  action: BulkAction;
  rows: BulkRows;
  onClose: () => void;
  /** After the change was made (the lists are refreshing). */
  onDone: () => void;
};

const NONE = 'none';
const PREVIEW_DEBOUNCE_MS = 300;

type Fields = { choice: string | null; by: PriceAdjustment; value: string };

/** The bulk body for the fields as they stand, or null while a needed field is empty. */
export function bulkInput(action: BulkAction, rows: BulkRows, f: Fields): ProductBulkInput | null {
  const base = { ...rows, action };
  switch (action) {
    case 'set_category':
      return f.choice === null ? null : { ...base, category_id: f.choice === NONE ? null : Number(f.choice) };
    case 'set_brand':
      return f.choice === null ? null : { ...base, brand_id: f.choice === NONE ? null : Number(f.choice) };
    case 'adjust_price':
      return f.value.trim() === '' ? null : { ...base, by: f.by, value: f.value.trim() };
    default:
      return base;
  }
}

/**
 * One bulk action: its fields, then the server's dry run says how many products it would change,
 * and only then can it be applied, its button repeating that count. Any change to the fields
 * makes the count stale until the dry run for the new ones answers. Delete is the same dialog in red.
 */
export function BulkDialog({ action, rows, onClose, onDone }: Props) {
  const [fields, setFields] = useState<Fields>({ choice: null, by: 'percent', value: '' });
  const input = bulkInput(action, rows, fields);
  const [debounced] = useDebouncedValue(input, PREVIEW_DEBOUNCE_MS);
  const settled = JSON.stringify(debounced) === JSON.stringify(input);
  const preview = useBulkPreview(settled ? debounced : null);
  const apply = useBulkProducts();
  // A count stands for the fields as they are now, answered by a dry run that has finished: one
  // kept from earlier (the same fields asked before, or in a previous dialog) is being asked
  // again, and the rows may have changed since.
  const count = settled && preview.data && !preview.isFetching ? preview.data.count : null;
  const danger = action === 'delete';

  const run = () =>
    input &&
    count &&
    apply.mutate(
      { ...input, dry_run: false },
      {
        onSuccess: (answer) => {
          toast.success(BULK_TEXT.changed(answer.count));
          onDone();
        },
      },
    );

  return (
    <Modal
      opened
      onClose={() => !apply.isPending && onClose()}
      title={danger ? PRODUCTS_SCREEN.deleteTitle : BULK_TEXT.actionLabels[action]}
      centered
    >
      <Stack gap="md">
        {action === 'set_category' && (
          <SearchSelect
            label={PRODUCTS_SCREEN.newCategory}
            placeholder="Choose a category"
            value={fields.choice}
            selectedLabel={null}
            fixed={[{ value: NONE, label: PRODUCTS_SCREEN.noCategory }]}
            onChange={(choice) => setFields((f) => ({ ...f, choice }))}
            useOptions={useCategoryOptions}
            data-autofocus
          />
        )}
        {action === 'set_brand' && (
          <SearchSelect
            label={PRODUCTS_SCREEN.newBrand}
            placeholder="Choose a brand"
            value={fields.choice}
            selectedLabel={null}
            fixed={[{ value: NONE, label: PRODUCTS_SCREEN.noBrand }]}
            onChange={(choice) => setFields((f) => ({ ...f, choice }))}
            useOptions={useBrandOptions}
            data-autofocus
          />
        )}
        {action === 'adjust_price' && (
          <>
            <SegmentedControl
              aria-label={PRODUCTS_SCREEN.adjustBy}
              fullWidth
              value={fields.by}
              onChange={(by) => setFields((f) => ({ ...f, by: by as PriceAdjustment }))}
              data={PRICE_ADJUSTMENTS.map((by) => ({ value: by, label: BULK_TEXT.adjustmentLabels[by] }))}
            />
            <TextInput
              label={
                fields.by === 'percent'
                  ? PRODUCTS_SCREEN.percentLabel
                  : fields.by === 'amount'
                    ? PRODUCTS_SCREEN.amountLabel
                    : PRODUCTS_SCREEN.setLabel
              }
              inputMode="decimal"
              value={fields.value}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setFields((f) => ({ ...f, value }));
              }}
              rightSection={fields.by === 'percent' ? '%' : undefined}
              data-autofocus
            />
            <Text size="xs" c="dimmed">
              {PRODUCTS_SCREEN.priceRounding}
            </Text>
          </>
        )}
        {danger && <Text size="sm">{PRODUCTS_SCREEN.deleteWarning}</Text>}
        <div aria-live="polite" data-testid="bulk-preview">
          {input === null ? null : preview.isError && settled ? (
            <Alert color="red" variant="light" p="xs">
              {errorMessage(preview.error, PRODUCT_LIST_FALLBACK.bulk)}
            </Alert>
          ) : count === null ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                {PRODUCTS_SCREEN.checking}
              </Text>
            </Group>
          ) : (
            <Text fw={600} c={danger ? 'red' : undefined}>
              {BULK_TEXT.willChange(count)}
            </Text>
          )}
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={apply.isPending}>
            {PRODUCTS_SCREEN.cancel}
          </Button>
          <Button
            color={danger ? 'red' : undefined}
            onClick={run}
            loading={apply.isPending}
            disabled={!count}
          >
            {count
              ? danger
                ? PRODUCTS_SCREEN.deleteApply(count)
                : PRODUCTS_SCREEN.applyTo(count)
              : PRODUCTS_SCREEN.apply}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
