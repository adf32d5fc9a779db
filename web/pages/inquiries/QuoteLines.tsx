import { Anchor, Table, Text } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { INQUIRY_TEXT, type InquiryLine } from '../../../domain/inquiries';
import { formatCents, formatPrice } from '../../api/currency';
import { displayValue, formatCount } from '../../components/format';
import { quoteTotals } from './quoteTotals';

const T = INQUIRY_TEXT.lines;
const amount = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;

/**
 * The basket a request carries, as it was sent: each product's name, SKU and price then. Below
 * the sm breakpoint the SKU moves under the name, so the amounts keep their room on a phone.
 */
export function QuoteLines({ lines }: { lines: readonly InquiryLine[] }) {
  const titleId = useId();
  const totals = quoteTotals(lines);
  return (
    <div>
      <Text id={titleId} size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
        {T.heading}
      </Text>
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing={6} horizontalSpacing="xs" aria-labelledby={titleId} data-testid="quote-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.product}</Table.Th>
              <Table.Th visibleFrom="sm">{T.sku}</Table.Th>
              <Table.Th {...amount}>{T.quantity}</Table.Th>
              <Table.Th {...amount}>{T.unitPrice}</Table.Th>
              <Table.Th {...amount}>{T.lineTotal}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, i) => (
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
                  {line.sku && (
                    <Text hiddenFrom="sm" size="xs" c="dimmed">
                      {T.sku} {line.sku}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">{displayValue(line.sku)}</Table.Td>
                <Table.Td {...amount}>{formatCount(line.quantity)}</Table.Td>
                <Table.Td {...amount}>{formatPrice(line.unit_price)}</Table.Td>
                <Table.Td {...amount}>{formatCents(totals.lines[i])}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" colSpan={2}>
                {T.total}
              </Table.Th>
              {/* The SKU column is gone below sm: one cell fewer to span. */}
              <Table.Td visibleFrom="sm" />
              <Table.Td {...amount} colSpan={2} fw={700} data-testid="quote-total">
                {formatCents(totals.total)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
