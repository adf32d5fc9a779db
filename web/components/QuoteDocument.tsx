import { Stack, Table, Text } from '@mantine/core';
import { BUILDER_TEXT } from '#domain/quote-texts';
import { overriddenFrom, type PublicQuote, type StaffQuoteLine } from '#domain/quotes';
import { formatPrice } from '../api/currency';
import { formatCount } from './format';
import { LineOptions } from './LineOptions';
import classes from './QuoteDocument.module.css';
import { useQuoteTexts } from './quote-texts';

type Content = Pick<
  PublicQuote,
  'subtotal' | 'shipping' | 'shipping_label' | 'tax_rate' | 'tax' | 'total' | 'note' | 'terms'
> & {
  /** Staff's lines carry their catalogue price; the customer's do not. */
  lines: (PublicQuote['lines'][number] & Partial<Pick<StaffQuoteLine, 'catalogue_price'>>)[];
};

/** The catalogue price a unit price was changed from, struck through: staff's view only. */
export function CataloguePrice({ price, label = BUILDER_TEXT.catalogue }: { price: number; label?: string }) {
  return (
    <span className={classes.catalogue} data-testid="catalogue-price">
      ({label} <s>{formatPrice(price)}</s>)
    </span>
  );
}

const amount = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;
const wide = { className: classes.wide } as const;

/**
 * A sent quote as a document: its lines, totals, note and terms. The customer's page and the
 * builder's read-only view show the same thing; the amounts are the server's, already in cents.
 */
export function QuoteDocument({ quote }: { quote: Content }) {
  const T = useQuoteTexts();
  const hasDiscount = quote.lines.some((l) => l.discount_percent > 0);
  return (
    <Stack gap="md">
      <div className={classes.document}>
        <Table verticalSpacing={6} horizontalSpacing="xs" data-testid="quote-document">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.product}</Table.Th>
              <Table.Th {...wide} {...amount}>
                {T.quantity}
              </Table.Th>
              <Table.Th {...wide} {...amount}>
                {T.unitPrice}
              </Table.Th>
              {hasDiscount && (
                <Table.Th {...wide} {...amount}>
                  {T.discount}
                </Table.Th>
              )}
              <Table.Th {...amount}>{T.lineTotal}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {quote.lines.map((line, i) => {
              const catalogue = overriddenFrom(line);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a sent quote's lines never reorder
                <Table.Tr key={i}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {line.name}
                    <LineOptions options={line.options} />
                    {line.sku && (
                      <Text size="xs" c="dimmed">
                        {line.sku}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed" className={classes.compact}>
                      {formatCount(line.quantity)} × {formatPrice(line.unit_price)}
                      {catalogue !== null && (
                        <>
                          {' '}
                          <CataloguePrice price={catalogue} />
                        </>
                      )}
                      {line.discount_percent > 0 && ` − ${line.discount_percent}%`}
                    </Text>
                  </Table.Td>
                  <Table.Td {...wide} {...amount}>
                    {formatCount(line.quantity)}
                  </Table.Td>
                  <Table.Td {...wide} {...amount}>
                    {formatPrice(line.unit_price)}
                    {catalogue !== null && (
                      <Text size="xs" c="dimmed">
                        <CataloguePrice price={catalogue} />
                      </Text>
                    )}
                  </Table.Td>
                  {hasDiscount && (
                    <Table.Td {...wide} {...amount}>
                      {line.discount_percent > 0 ? `${line.discount_percent}%` : ''}
                    </Table.Td>
                  )}
                  <Table.Td {...amount}>{formatPrice(line.line_total)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <TotalRow label={T.subtotal} value={formatPrice(quote.subtotal)} span={hasDiscount ? 4 : 3} />
            {quote.shipping > 0 && (
              <TotalRow
                label={quote.shipping_label ? `${T.shipping} (${quote.shipping_label})` : T.shipping}
                value={formatPrice(quote.shipping)}
                span={hasDiscount ? 4 : 3}
              />
            )}
            {quote.tax_rate > 0 && (
              <TotalRow
                label={T.tax(String(quote.tax_rate))}
                value={formatPrice(quote.tax)}
                span={hasDiscount ? 4 : 3}
              />
            )}
            <TotalRow label={T.total} value={formatPrice(quote.total)} span={hasDiscount ? 4 : 3} strong />
          </Table.Tfoot>
        </Table>
      </div>
      {quote.note && <TextBlock title={T.note} text={quote.note} />}
      {quote.terms && <TextBlock title={T.terms} text={quote.terms} />}
    </Stack>
  );
}

function TotalRow({
  label,
  value,
  span,
  strong,
}: {
  label: string;
  value: string;
  span: number;
  strong?: boolean;
}) {
  // Where the middle columns show, the label sits under the last of them; elsewhere under the product.
  return (
    <Table.Tr>
      <Table.Td {...wide} colSpan={span - 1} />
      <Table.Th scope="row" ta="right" fw={strong ? 700 : 500}>
        {label}
      </Table.Th>
      <Table.Td
        {...amount}
        fw={strong ? 700 : undefined}
        data-testid={strong ? 'quote-document-total' : undefined}
      >
        {value}
      </Table.Td>
    </Table.Tr>
  );
}

function TextBlock({ title, text }: { title: string; text: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
        {title}
      </Text>
      {/* Text only; pre-wrap keeps the line breaks staff typed. */}
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    </div>
  );
}
