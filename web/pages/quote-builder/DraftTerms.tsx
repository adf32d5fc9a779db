import { Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { BUILDER_TEXT as T } from '#domain/quote-texts';
import { QUOTE_LIMITS } from '#domain/quotes';
import { DraftNumberInput } from './DraftNumberInput';
import classes from './QuoteBuilder.module.css';
import type { QuoteDraft } from './useQuoteDraft';

/** What the draft says beside its lines: shipping, tax, how long it holds, a note and the terms. */
export function DraftTerms({ editor }: { editor: QuoteDraft }) {
  const { draft, errors, set } = editor;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <div className={classes.terms}>
        <DraftNumberInput
          kind="amount"
          label={T.shipping}
          inputMode="decimal"
          placeholder="0"
          value={draft.shipping}
          onValue={(v) => set('shipping', v)}
          error={errors.shipping}
        />
        <TextInput
          label={T.shippingLabel}
          maxLength={QUOTE_LIMITS.shippingLabel}
          value={draft.shipping_label}
          onChange={(e) => set('shipping_label', e.currentTarget.value)}
          error={errors.shipping_label}
        />
        <DraftNumberInput
          kind="percent"
          label={T.taxRate}
          inputMode="decimal"
          placeholder="0"
          value={draft.tax_rate}
          onValue={(v) => set('tax_rate', v)}
          error={errors.tax_rate}
        />
        <TextInput
          type="date"
          label={T.validUntil}
          value={draft.valid_until}
          onChange={(e) => set('valid_until', e.currentTarget.value)}
          error={errors.valid_until}
        />
      </div>
      <Stack gap="sm" mt="sm">
        <Textarea
          label={T.note}
          autosize
          minRows={2}
          maxLength={QUOTE_LIMITS.note}
          value={draft.note}
          onChange={(e) => set('note', e.currentTarget.value)}
          error={errors.note}
        />
        <Textarea
          label={T.terms}
          autosize
          minRows={2}
          maxLength={QUOTE_LIMITS.terms}
          value={draft.terms}
          onChange={(e) => set('terms', e.currentTarget.value)}
          error={errors.terms}
        />
      </Stack>
    </Paper>
  );
}
