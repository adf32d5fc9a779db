import { Anchor, Group, Paper, Text } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CUSTOMER_TEXT } from '#domain/customers';
import type { InquiryCustomer } from '#domain/inquiries';
import { usePermissions } from '../../session/usePermissions';

/** "3 earlier requests, 2 accepted", or that this is the customer's first. */
const customerSummary = (c: Pick<InquiryCustomer, 'earlier_requests' | 'accepted'>) =>
  c.earlier_requests === 0
    ? CUSTOMER_TEXT.firstRequest
    : CUSTOMER_TEXT.earlierSummary(c.earlier_requests, c.accepted);

/**
 * Who sent the request, as the Customers screen knows them: their page (for a role that may read
 * it), their company, and how often they asked and bought before.
 */
export function RequestCustomer({ customer }: { customer: InquiryCustomer }) {
  const mayRead = usePermissions().has('customer.read');
  return (
    <Paper withBorder radius="md" px="sm" py="xs" data-testid="request-customer">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconAddressBook size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <div style={{ minWidth: 0 }}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {mayRead ? (
              <Anchor component={Link} to={`/customers?selected=${customer.id}`} fw={600} size="sm">
                {customer.name}
              </Anchor>
            ) : (
              <Text span fw={600} size="sm">
                {customer.name}
              </Text>
            )}
            {customer.company && (
              <>
                {' · '}
                {mayRead ? (
                  <Anchor component={Link} to={`/companies?selected=${customer.company.id}`} size="sm">
                    {customer.company.name}
                  </Anchor>
                ) : (
                  customer.company.name
                )}
              </>
            )}
          </Text>
          <Text size="xs" c="dimmed" data-testid="request-customer-summary">
            {customerSummary(customer)}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}
