import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Customer, CustomerDetail } from '#domain/customers';
import { useCustomerOptions, useMergeCustomer } from '../../api/customers';
import { SearchSelect } from '../../components/SearchSelect';
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

/**
 * "Merge into…": pick the customer to keep by search, read what moves, confirm. Afterwards the
 * page shows the survivor.
 */
export function MergeDialog({ opened, customer, onClose, onMerged }: Props) {
  const [into, setInto] = useState<{ id: string; label: string } | null>(null);
  const merge = useMergeCustomer(customer.id);
  const close = () => {
    if (merge.isPending) return;
    setInto(null);
    onClose();
  };
  const intoName = into?.label.split(' · ')[0] ?? '';
  return (
    <Modal opened={opened} onClose={close} title={T.mergeTitle} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!into) return;
          const intoId = Number(into.id);
          // Awaited rather than a per-call onSuccess: the merged customer's page gives way to its
          // survivor as the refresh lands, unmounting this dialog, and the move must still happen.
          merge
            .mutateAsync(intoId)
            .then(() => onMerged(intoId))
            .catch(() => undefined);
        }}
      >
        <Stack gap="sm">
          <SearchSelect
            label={T.mergePick}
            placeholder={T.mergePickPlaceholder}
            value={into?.id ?? null}
            selectedLabel={into?.label ?? null}
            onChange={(v, label) => setInto(v && label ? { id: v, label } : null)}
            useOptions={useMergeOptions}
            exclude={(c) => c.id === customer.id}
            comboboxProps={{ withinPortal: true }}
          />
          {into && (
            <div data-testid="merge-summary">
              <Text size="sm">{T.mergeMoves(customer.name, intoName)}</Text>
              <List size="sm" mt={4} mb={4}>
                <List.Item>{T.mergeRequests(customer.request_count)}</List.Item>
                <List.Item>{T.mergeQuotes(customer.quotes.length)}</List.Item>
                <List.Item>{T.mergeOrders(customer.orders.length)}</List.Item>
                <List.Item>{T.mergeNotes(customer.notes.length)}</List.Item>
              </List>
              <Text size="sm" c="dimmed">
                {T.mergeKept(customer.name, intoName)}
              </Text>
            </div>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close} disabled={merge.isPending}>
              {T.cancel}
            </Button>
            <Button type="submit" disabled={!into} loading={merge.isPending}>
              {T.mergeConfirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
