import { Anchor, Table, Text } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { INQUIRY_TEXT, type InquiryLine } from '#domain/inquiries';
import { formatCents, formatPrice } from '../../api/currency';
import classes from '../../components/desk/Desk.module.css';
import { displayValue, formatCount } from '../../components/format';
import { LineOptions } from '../../components/LineOptions';
import { quoteTotals } from './quoteTotals';

const T = INQUIRY_TEXT.lines;
const amount = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;
/** The columns a narrow pane has no room for: their values go under the product's name there. */
const wide = { className: classes.wide } as const;

/** The basket a request carries, as it was sent: each product's name, SKU and price then. */
export function QuoteLines({ lines }: { lines: readonly InquiryLine[] }) {
  const titleId = useId();
  const totals = quoteTotals(lines);
  return (
    <div className={classes.lines}>
      <Text id={titleId} size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
        {T.heading}
      </Text>
      <Table verticalSpacing={6} horizontalSpacing="xs" aria-labelledby={titleId} data-testid="quote-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{T.product}</Table.Th>
            <Table.Th {...wide}>{T.sku}</Table.Th>
            <Table.Th {...wide} {...amount}>
              {T.quantity}
            </Table.Th>
            <Table.Th {...wide} {...amount}>
              {T.unitPrice}
            </Table.Th>
            <Table.Th {...amount}>{T.lineTotal}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, i) => {
            const quantity = formatCount(line.quantity);
            const unitPrice = formatPrice(line.unit_price);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id, and a stored basket never reorders
              <Table.Tr key={i}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {line.product_slug ? (
                    <Anchor component={Link} to={`/product/${line.product_slug}`} size="sm">
                      {line.name}
                    </Anchor>
                  ) : (
                    line.name
                  )}
                  <LineOptions options={line.options} />
                  <Text className={classes.compact} size="xs" c="dimmed">
                    {line.sku && `${T.sku} ${line.sku} · `}
                    {T.quantityAtPrice(quantity, unitPrice)}
                  </Text>
                </Table.Td>
                <Table.Td {...wide}>{displayValue(line.sku)}</Table.Td>
                <Table.Td {...wide} {...amount}>
                  {quantity}
                </Table.Td>
                <Table.Td {...wide} {...amount}>
                  {unitPrice}
                </Table.Td>
                <Table.Td {...amount}>{formatCents(totals.lines[i])}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{T.total}</Table.Th>
            <Table.Td {...wide} colSpan={3} />
            <Table.Td {...amount} fw={700} data-testid="quote-total">
              {formatCents(totals.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </div>
  );
}
