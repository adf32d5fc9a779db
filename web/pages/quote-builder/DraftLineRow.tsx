import { ActionIcon, Group, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { BUILDER_TEXT as T } from '#domain/quote-texts';
import { QUOTE_LIMITS } from '#domain/quotes';
import { formatCents } from '../../api/currency';
import { CataloguePrice } from '../../components/QuoteDocument';
import { DraftNumberInput } from './DraftNumberInput';
import { changedFromCatalogue, type DraftLine } from './draft';
import classes from './QuoteBuilder.module.css';
import type { QuoteDraft } from './useQuoteDraft';

type Props = { editor: QuoteDraft; line: DraftLine; index: number };

/** One line of the draft: its fields, its total, and its move and remove buttons. */
export function DraftLineRow({ editor, line, index }: Props) {
  const { setLine, lineError } = editor;
  const total = editor.lineTotals[index];
  const catalogue = changedFromCatalogue(line);
  return (
    <li className={classes.line} data-testid="builder-line">
      <TextInput
        className={classes.name}
        label={T.name}
        size="xs"
        required
        maxLength={QUOTE_LIMITS.name}
        value={line.name}
        onChange={(e) => setLine(line.key, { name: e.currentTarget.value })}
        error={lineError(index, 'name')}
      />
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
        description={catalogue === null ? undefined : <CataloguePrice price={catalogue} />}
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
