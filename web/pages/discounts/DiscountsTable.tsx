import { Badge, Stack, Switch, Table, Text, Tooltip } from '@mantine/core';
import { Fragment } from 'react';
import type { Discount } from '#domain/discounts';
import { PERMISSION_TEXT } from '#domain/permissions';
import { formatPrice } from '../../api/currency';
import { clickableRow } from '../../components/clickableRow';
import { TYPE_LABELS } from '../../components/discount/texts';
import { displayValue } from '../../components/format';
import { ListTable } from '../../components/ListTable';
import { RowActions } from '../../components/RowActions';
import { windowState, windowText } from '../../components/windowTime';
import { usePermissions } from '../../session/usePermissions';
import { DISCOUNT_SCREEN, SCOPE_LABELS } from './texts';

const COLUMNS = ['Title', 'Applies To', 'Type', 'Window', 'Active', 'Actions'];

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** '15%' or '$5.00' in the store's currency. */
const discountValue = (d: Pick<Discount, 'type' | 'value'>) =>
  d.type === 'percent' ? `${percent.format(d.value)}%` : formatPrice(d.value);

type Props = {
  discounts: readonly Discount[] | undefined;
  loading: boolean;
  failed: boolean;
  /** The discount whose switch is being saved; its switch waits for the answer. */
  togglingId: number | null;
  deletingId: number | null;
  onEdit: (discount: Discount) => void;
  onToggle: (discount: Discount, active: boolean) => void;
  onDelete: (discount: Discount) => void;
};

export function DiscountsTable(props: Props) {
  const { discounts, loading, failed, togglingId, deletingId, onEdit, onToggle, onDelete } = props;
  // A product's own discount is part of its price: the server refuses changes to it without
  // product.price, so the row offers none and says why.
  const { has } = usePermissions();
  const mayEdit = has('discount.edit');
  const mayPrice = has('product.price');
  return (
    <ListTable
      label="Discounts"
      columns={COLUMNS}
      minWidth={860}
      items={discounts}
      loading={loading}
      failed={failed}
      failedText={DISCOUNT_SCREEN.failed}
      emptyText={DISCOUNT_SCREEN.empty}
      renderRow={(discount) => {
        const state = windowState(discount.starts_at, discount.ends_at);
        const priceLocked = mayEdit && discount.editor_owned && !mayPrice;
        return (
          <Table.Tr key={discount.id} {...(priceLocked ? {} : clickableRow(() => onEdit(discount)))}>
            <Table.Th scope="row" fw={500}>
              <Stack gap={4} align="flex-start">
                <Text inherit style={{ overflowWrap: 'anywhere' }}>
                  {discount.name}
                </Text>
                {discount.editor_owned && (
                  <Badge size="xs" variant="light" color="gray">
                    {DISCOUNT_SCREEN.editorBadge}
                  </Badge>
                )}
              </Stack>
            </Table.Th>
            <Table.Td>
              {SCOPE_LABELS[discount.applies_to]}: {displayValue(discount.target_name)}
            </Table.Td>
            <Table.Td>
              <Text span size="sm" c="dimmed">
                {TYPE_LABELS[discount.type]}
              </Text>{' '}
              <Text span size="sm" fw={600}>
                {discountValue(discount)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {/* Each time stays on one line; a narrow column breaks only after the dash. */}
                {windowText(discount.starts_at, discount.ends_at)
                  .split(' – ')
                  .map((part, i) => (
                    <Fragment key={i === 0 ? 'start' : 'end'}>
                      {i > 0 && ' – '}
                      <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
                    </Fragment>
                  ))}
              </Text>
              {state && (
                <Text size="xs" c="orange">
                  {state}
                </Text>
              )}
            </Table.Td>
            {/* The switch saves at once; a click on it must not also open the row's dialog. */}
            <Table.Td onClick={(e) => e.stopPropagation()}>
              <Switch
                aria-label="Active"
                checked={discount.active === 1}
                disabled={togglingId === discount.id || priceLocked || !mayEdit}
                onChange={(e) => onToggle(discount, e.currentTarget.checked)}
              />
            </Table.Td>
            <Table.Td>
              {priceLocked ? (
                <Tooltip
                  label={PERMISSION_TEXT.readOnlyPrice}
                  withArrow
                  events={{ hover: true, focus: true, touch: true }}
                >
                  <Text size="xs" c="dimmed" tabIndex={0} data-testid="discount-price-locked">
                    {DISCOUNT_SCREEN.priceLocked}
                  </Text>
                </Tooltip>
              ) : (
                <RowActions
                  permission="discount.edit"
                  onOpen={() => onEdit(discount)}
                  onDelete={() => onDelete(discount)}
                  deleting={deletingId === discount.id}
                  busy={deletingId !== null}
                />
              )}
            </Table.Td>
          </Table.Tr>
        );
      }}
    />
  );
}
