import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router';
import { type AccountOrderDetail, ACCOUNT_TEXT as T } from '#domain/account';
import { useAccountOrder, useOrderPdf } from '../../api/account';
import { errorMessage, hasStatus } from '../../api/errors';
import { formatDateTime } from '../../components/format';
import { QuoteDocument } from '../../components/QuoteDocument';
import { OrderBadge } from './AccountPage';
import { AccountShell, useBuyerSignedIn, useTitle } from './AccountShell';

const day = (iso: string) => formatDateTime(iso).slice(0, 10);

/**
 * One order in the portal (/account/orders/:id): its status now, its lines and totals as
 * confirmed, what the buyer gave on accepting, and its PDF.
 */
export function AccountOrderPage() {
  const signedIn = useBuyerSignedIn();
  const id = Number(useParams().id);
  if (!signedIn) return <Navigate to="/account" replace />;
  return (
    <AccountShell signedIn>
      <OrderDetail id={id} />
    </AccountShell>
  );
}

function OrderDetail({ id }: { id: number }) {
  const order = useAccountOrder(id);
  useTitle(order.data ? `${order.data.number} · ${T.title}` : T.title);
  const back = (
    <Anchor component={Link} to="/account?tab=orders" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {T.backToOrders}
      </Group>
    </Anchor>
  );
  if (order.isPending)
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={T.loading} />
      </Group>
    );
  if (order.isError)
    return (
      <Stack gap="sm">
        {back}
        <Alert
          color={hasStatus(order.error, 404) ? 'gray' : 'red'}
          title={errorMessage(order.error, T.loadFailed)}
        >
          {!hasStatus(order.error, 404) && (
            <Button variant="default" size="xs" onClick={() => order.refetch()}>
              {T.retry}
            </Button>
          )}
        </Alert>
      </Stack>
    );
  const o = order.data;
  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Group gap="sm" align="center">
            <Title order={2} size="h3">
              {T.orderTitle(o.number)}
            </Title>
            <OrderBadge status={o.status} />
          </Group>
          {o.reference && <Text size="sm">{T.orderOf(o.reference, o.quote_version)}</Text>}
        </div>
        <PdfButton order={o} />
      </Group>
      <Paper
        withBorder
        radius="md"
        p={{ base: 'xs', sm: 'lg' }}
        component="section"
        aria-label={T.orderTitle(o.number)}
      >
        <Stack gap="md">
          <Facts order={o} />
          <QuoteDocument quote={{ ...o, note: null, terms: null }} />
        </Stack>
      </Paper>
    </Stack>
  );
}

function Facts({ order }: { order: AccountOrderDetail }) {
  const facts: [string, string | null][] = [
    [T.orderedOn, day(order.created_at)],
    [T.signedBy, order.signed_by],
    [T.company, order.company],
    [T.poNumber, order.po_number],
    [T.billingAddress, order.billing_address],
    [T.deliveryAddress, order.shipping_address],
  ];
  return (
    <Group gap="lg" align="flex-start" wrap="wrap" data-testid="account-order-facts">
      {facts
        .filter((f): f is [string, string] => !!f[1])
        .map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
    </Group>
  );
}

function PdfButton({ order }: { order: AccountOrderDetail }) {
  const pdf = useOrderPdf();
  return (
    <Stack gap={4} align="flex-end">
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={pdf.isPending}
        onClick={() => pdf.mutate(order)}
      >
        {T.downloadOrderPdf}
      </Button>
      {pdf.isError && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(pdf.error, T.orderPdfFailed)}
        </Text>
      )}
    </Stack>
  );
}
