import { Alert, Anchor, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowMerge, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { CUSTOMER_TEXT, type CustomerDetail } from '#domain/customers';
import { formatPrice } from '../../api/currency';
import { useAddCustomerNote, useCustomerDetail, usePatchCustomer } from '../../api/customers';
import { PaneFallback } from '../../components/desk/PaneFallback';
import { formatDateTime } from '../../components/format';
import { usePermissions } from '../../session/usePermissions';
import { CustomerContact } from './CustomerContact';
import { MergeDialog } from './MergeDialog';
import { NotesAndHistory } from './NotesAndHistory';
import {
  ChangeHistory,
  Figures,
  LinkedList,
  orderLine,
  priceListLine,
  quoteLine,
  requestLine,
} from './Sections';
import { CUSTOMER_SCREEN as T } from './texts';

type Props = {
  id: number;
  /** Opens another customer in the pane (the survivor of a merge). */
  onOpen: (id: number, how?: { replace?: boolean }) => void;
};

/**
 * The chosen customer: contact details, company and what they see of it, their figures,
 * requests, quotes and orders, internal notes and change history; and merging into another.
 */
export function CustomerPane({ id, onOpen }: Props) {
  const detail = useCustomerDetail(id);
  const rights = usePermissions();
  const addNote = useAddCustomerNote(id);
  const [merging, setMerging] = useState(false);
  if (!detail.data) return <PaneFallback failed={detail.isError} notFound={T.notFound} />;
  const customer = detail.data;
  const mayEdit = rights.has('customer.edit');
  if (customer.merged_into_id !== null) {
    const survivor = customer.merged_into_id;
    return (
      <Paper withBorder radius="md" p="lg" data-testid="customer-pane">
        <Stack gap="sm">
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {customer.name}
          </Title>
          <Alert icon={<IconInfoCircle size={18} aria-hidden />} color="blue" data-testid="customer-merged">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{T.mergedInto}</Text>
              <Button size="xs" onClick={() => onOpen(survivor, { replace: true })}>
                {T.openSurvivor}
              </Button>
            </Stack>
          </Alert>
          {/* Undoing the merge starts from its entry here. */}
          {rights.has('history.read') && <ChangeHistory type="customer" id={customer.id} />}
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p="lg" data-testid="customer-pane">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0, flex: '1 1 200px' }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }} data-testid="customer-name">
              {customer.name}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {customer.company ? (
                <Anchor
                  component={Link}
                  to={`/companies?selected=${customer.company.id}`}
                  size="sm"
                  underline="always"
                >
                  {customer.company.name}
                </Anchor>
              ) : (
                T.noCompany
              )}
              {' · '}
              {T.since(formatDateTime(customer.created_at))}
            </Text>
          </div>
          {mayEdit && (
            <Button
              variant="default"
              size="sm"
              leftSection={<IconArrowMerge size={16} aria-hidden />}
              onClick={() => setMerging(true)}
            >
              {T.merge}
            </Button>
          )}
        </Group>
        <Figures
          figures={[
            { label: T.requests, value: String(customer.request_count), testId: 'customer-requests-count' },
            { label: T.orders, value: String(customer.order_count) },
            {
              label: T.acceptedValue,
              value: formatPrice(customer.accepted_value),
              testId: 'customer-accepted',
            },
          ]}
        />
        <CustomerContact customer={customer} mayEdit={mayEdit} />
        <SeesCompany customer={customer} mayEdit={mayEdit} />
        <LinkedList title={T.requests} empty={T.noRequests} testId="customer-requests">
          {customer.requests.map(requestLine)}
        </LinkedList>
        <LinkedList title={T.quotes} empty={T.noQuotes} testId="customer-quotes">
          {customer.quotes.map(quoteLine)}
        </LinkedList>
        <LinkedList title={T.orders} empty={T.noOrders} testId="customer-orders">
          {customer.orders.map(orderLine)}
        </LinkedList>
        <LinkedList title={T.priceLists} empty={T.noPriceLists} testId="customer-price-lists">
          {customer.price_lists.map(priceListLine)}
        </LinkedList>
        <NotesAndHistory type="customer" entry={customer} add={mayEdit ? addNote : undefined} />
      </Stack>
      {mayEdit && (
        <MergeDialog
          opened={merging}
          customer={customer}
          onClose={() => setMerging(false)}
          onMerged={(intoId) => {
            setMerging(false);
            toast.success(CUSTOMER_TEXT.merged);
            onOpen(intoId, { replace: true });
          }}
        />
      )}
    </Paper>
  );
}

/** Whether this buyer sees the whole company in the portal: a switch, saved as it is flipped. */
function SeesCompany({ customer, mayEdit }: { customer: CustomerDetail; mayEdit: boolean }) {
  const patch = usePatchCustomer(customer.id);
  const noCompany = customer.company === null;
  return (
    <Switch
      label={T.seesCompany}
      description={noCompany ? T.seesCompanyNeedsCompany : T.seesCompanyHint}
      checked={customer.sees_company}
      disabled={!mayEdit || noCompany || patch.isPending}
      onChange={(e) =>
        patch.mutate(
          { sees_company: e.currentTarget.checked },
          { onSuccess: () => toast.success(CUSTOMER_TEXT.saved) },
        )
      }
      data-testid="customer-sees-company"
    />
  );
}
