import { ActionIcon, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { type PriceSource, priceSourceLabel } from '#domain/customer-pricing';
import { QUOTE_APPROVAL_SCREEN as APPROVAL_TEXT } from '#domain/quote-approval';
import { BUILDER_TEXT as T } from '#domain/quote-texts';
import { QUOTE_LIMITS } from '#domain/quotes';
import { formatCents } from '../../api/currency';
import { useProductVariants } from '../../api/productVariants';
import { LineOptions } from '../../components/LineOptions';
import { CataloguePrice } from '../../components/QuoteDocument';
import { DraftNumberInput } from './DraftNumberInput';
import { amountText, changedFromCatalogue, type DraftLine } from './draft';
import classes from './QuoteBuilder.module.css';
import type { QuoteDraft } from './useQuoteDraft';

type Props = { editor: QuoteDraft; line: DraftLine; index: number };

/** One line of the draft: its fields, its total, and its move and remove buttons. */
export function DraftLineRow({ editor, line, index }: Props) {
  const { setLine, lineError } = editor;
  const total = editor.lineTotals[index];
  const catalogue = changedFromCatalogue(line);
  // The discount rule this line breaks as typed, if any: the line is marked and says by how much.
  const over = editor.reasons.find((r) => r.rule === 'max_discount_percent' && r.line === index + 1);
  return (
    <li
      className={over ? `${classes.line} ${classes.overLimit}` : classes.line}
      data-testid="builder-line"
      data-over-limit={over ? 'true' : undefined}
    >
      <Stack gap={4} className={classes.name}>
        <TextInput
          label={T.name}
          size="xs"
          required
          maxLength={QUOTE_LIMITS.name}
          value={line.name}
          onChange={(e) => setLine(line.key, { name: e.currentTarget.value })}
          error={lineError(index, 'name')}
        />
        <VariantField editor={editor} line={line} index={index} />
        {over && (
          <Text size="xs" c="orange.8" fw={600} data-testid="line-over-limit">
            {APPROVAL_TEXT.lineOver(over.value, editor.rules.max_discount_percent ?? 0)}
          </Text>
        )}
      </Stack>
      <TextInput
        className={classes.sku}
        label={T.sku}
        size="xs"
        maxLength={QUOTE_LIMITS.sku}
        value={line.sku}
        onChange={(e) => setLine(line.key, { sku: e.currentTarget.value })}
        error={lineError(index, 'sku')}
      />
      <DraftNumberInput
        kind="quantity"
        className={classes.qty}
        label={T.quantity}
        size="xs"
        inputMode="numeric"
        value={line.quantity}
        onValue={(quantity) => setLine(line.key, { quantity })}
        error={lineError(index, 'quantity')}
      />
      <DraftNumberInput
        kind="amount"
        className={classes.price}
        label={T.unitPrice}
        size="xs"
        inputMode="decimal"
        value={line.unit_price}
        onValue={(unit_price) => setLine(line.key, { unit_price })}
        error={lineError(index, 'unit_price')}
        description={<StartPrice changedFrom={catalogue} source={line.price_source} />}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <DraftNumberInput
        kind="percent"
        className={classes.discount}
        label={T.discount}
        size="xs"
        inputMode="decimal"
        placeholder="0"
        value={line.discount_percent}
        onValue={(discount_percent) => setLine(line.key, { discount_percent })}
        error={lineError(index, 'discount_percent')}
      />
      <div className={classes.total}>
        <Text size="xs" fw={500}>
          {T.lineTotal}
        </Text>
        <Text size="sm" fw={600} data-testid="line-total" style={{ whiteSpace: 'nowrap' }}>
          {total === null ? '—' : formatCents(total)}
        </Text>
      </div>
      <Group gap={2} className={classes.actions} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={T.moveUp}
          disabled={index === 0}
          onClick={() => editor.moveLine(index, -1)}
        >
          <IconArrowUp size={16} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={T.moveDown}
          disabled={index === editor.draft.lines.length - 1}
          onClick={() => editor.moveLine(index, 1)}
        >
          <IconArrowDown size={16} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={T.remove}
          onClick={() => editor.removeLine(line.key)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    </li>
  );
}

/**
 * Under the unit price: what it was changed from, and where the start price came from when that
 * is the customer's own (an agreement, a quantity break); nothing for a plain catalogue price.
 */
function StartPrice({ changedFrom, source }: { changedFrom: number | null; source: PriceSource | null }) {
  const own =
    source && (source.type === 'price_list' || source.type === 'tier') ? priceSourceLabel(source) : null;
  if (changedFrom === null && own === null) return null;
  return (
    <>
      {changedFrom !== null && (
        <CataloguePrice price={changedFrom} label={own === null ? undefined : T.theirPrice} />
      )}
      {changedFrom !== null && own !== null && ' · '}
      {own !== null && <span data-testid="price-source">{own}</span>}
    </>
  );
}

/**
 * The line's variant, for a product that has several: choosing one takes its SKU, options and
 * price today onto the line. A discontinued variant stays listed for the line that has it and
 * cannot be chosen anew. Any other line shows its options, if it has any, as text.
 */
function VariantField({ editor, line, index }: Props) {
  const variants = useProductVariants(line.product_id);
  const list = variants.data ?? [];
  const error = editor.lineError(index, 'variant_id');
  // A list that failed to load leaves the line as it reads; a save the line's variant is missing
  // from still names it, in the select below.
  if (line.product_id === null || (list.length <= 1 && !error)) return <LineOptions options={line.options} />;
  const choose = async (value: string | null) => {
    const variant = list.find((v) => String(v.id) === value);
    if (!variant) return;
    // What this customer pays for it at the line's quantity; the catalogue's if that cannot be read.
    const theirs = await editor.customerPrice(variant.id, Number(line.quantity) || 1).catch(() => null);
    const start = theirs?.unit_price ?? variant.price.final;
    editor.setLine(line.key, {
      variant_id: variant.id,
      sku: variant.sku ?? '',
      options: variant.options,
      unit_price: amountText(start),
      catalogue_price: start,
      price_source: theirs?.source ?? null,
    });
  };
  return (
    <Select
      label={T.variant}
      size="xs"
      placeholder={T.variantPlaceholder}
      data-testid="line-variant"
      allowDeselect={false}
      data={list.map((v) => ({
        value: String(v.id),
        label: v.status === 'active' ? v.title : T.variantDiscontinued(v.title),
        disabled: v.status !== 'active' && v.id !== line.variant_id,
      }))}
      value={line.variant_id === null ? null : String(line.variant_id)}
      onChange={choose}
      error={error}
    />
  );
}
