import { List, Text } from '@mantine/core';
import type { Customer, CustomerDetail } from '#domain/customers';
import { useCustomerOptions, useMergeCustomer } from '../../api/customers';
import { MergeIntoDialog } from './MergeIntoDialog';
import { CUSTOMER_SCREEN as T } from './texts';

type Props = {
  opened: boolean;
  customer: CustomerDetail;
  onClose: () => void;
  onMerged: (intoId: number) => void;
};

/** A customer's option: the name and the e-mail, since two people may share a name. */
const optionOf = (c: Customer) => ({ id: c.id, name: `${c.name} · ${c.email}` });

/** The customers to merge into, found by the list's own search. */
function useMergeOptions(q: string) {
  const options = useCustomerOptions(q);
  return { ...options, data: options.data?.map(optionOf) };
}

/** "Merge into…" for a customer: requests, quotes, orders and notes move to the survivor. */
export function MergeDialog({ opened, customer, onClose, onMerged }: Props) {
  const merge = useMergeCustomer(customer.id);
  return (
    <MergeIntoDialog
      opened={opened}
      id={customer.id}
      title={T.mergeTitle}
      pick={{ label: T.mergePick, placeholder: T.mergePickPlaceholder }}
      useOptions={useMergeOptions}
      merge={merge}
      onClose={onClose}
      onMerged={onMerged}
      summary={(label) => {
        const into = label.split(' · ')[0];
        return (
          <div data-testid="merge-summary">
            <Text size="sm">{T.mergeMoves(customer.name, into)}</Text>
            <List size="sm" mt={4} mb={4}>
              <List.Item>{T.mergeRequests(customer.request_count)}</List.Item>
              <List.Item>{T.mergeQuotes(customer.quotes.length)}</List.Item>
              <List.Item>{T.mergeOrders(customer.orders.length)}</List.Item>
              <List.Item>{T.mergeNotes(customer.notes.length)}</List.Item>
            </List>
            <Text size="sm" c="dimmed">
              {T.mergeKept(customer.name, into)}
            </Text>
          </div>
        );
      }}
    />
  );
}
