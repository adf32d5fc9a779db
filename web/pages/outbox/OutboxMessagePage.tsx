import { Anchor, Button, Card, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconDownload,
  IconMailOff,
  IconRefresh,
} from '@tabler/icons-react';
import toast from 'react-hot-toast';
import { Link, useLocation, useParams } from 'react-router';
import { inquiryReference } from '#domain/inquiries';
import type { OutboxMessage } from '#domain/outbox';
import { DELIVERY_TEXT } from '#domain/quote-texts';
import { isNotFound } from '../../api/errors';
import { useDownloadAttachment, useOutboxMessage, useRetryOutbox } from '../../api/outbox';
import { isRetrying, OutboxStatusBadge } from '../../components/DeliveryState';
import { DetailList } from '../../components/DetailList';
import { formatDateTime } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { positiveInt } from '../../components/urlValues';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { AdminsOnly } from './AdminsOnly';
import { formatSize, OUTBOX_SCREEN as T } from './texts';

/** One message of the outbox (/outbox/:id, admins only): who it went to, what it said, what became of it. */
export function OutboxMessagePage() {
  return (
    <AdminsOnly>
      <MessageScreen />
    </AdminsOnly>
  );
}

function MessageScreen() {
  const params = useParams();
  const id = positiveInt(params.id ?? null) ?? 0;
  const location = useLocation();
  // Back returns to the list as it was left (its filter and page), when the message was opened from it.
  const listSearch = (location.state as { list?: string } | null)?.list ?? '';
  const message = useOutboxMessage(id);
  useDocumentTitle(message.data?.subject);
  const back = (
    <Button
      component={Link}
      to={`/outbox${listSearch}`}
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      mb="sm"
      px={0}
    >
      {T.back}
    </Button>
  );

  if (id === 0 || isNotFound(message.error)) {
    return (
      <>
        {back}
        <EmptyState icon={<IconMailOff size={28} aria-hidden />} variant="light" title={T.notFound} py="xl" />
      </>
    );
  }
  if (message.isPending) {
    return (
      <>
        {back}
        <Stack gap="sm" aria-busy="true" aria-label="Loading">
          <Skeleton height={32} width="60%" />
          <Skeleton height={120} />
          <Skeleton height={200} />
        </Stack>
      </>
    );
  }
  if (message.isError) {
    return (
      <>
        {back}
        <Stack align="center" gap="xs" py="lg">
          <IconAlertTriangle size={28} aria-hidden />
          <Text>{T.messageFailed}</Text>
          <Button variant="default" size="xs" onClick={() => message.refetch()} loading={message.isFetching}>
            {T.tryAgain}
          </Button>
        </Stack>
      </>
    );
  }
  return (
    <>
      {back}
      <Message message={message.data} />
    </>
  );
}

function Message({ message: m }: { message: OutboxMessage }) {
  const retry = useRetryOutbox();
  const download = useDownloadAttachment();
  const retrying = isRetrying(m);
  return (
    <>
      <PageHeader
        title={m.subject}
        badge={<OutboxStatusBadge delivery={m} />}
        actions={
          m.status === 'failed' && (
            <Button
              leftSection={<IconRefresh size={16} aria-hidden />}
              loading={retry.isPending}
              onClick={() => retry.mutate(m.id, { onSuccess: () => toast.success(T.retried) })}
            >
              {T.retry}
            </Button>
          )
        }
      />
      <Stack gap="lg">
        <Card withBorder radius="md" padding="lg">
          <DetailList
            items={[
              { label: T.to, value: m.to },
              { label: T.created, value: formatDateTime(m.created_at) },
              { label: T.kind, value: T.kinds[m.kind] ?? m.kind },
              { label: T.attempts, value: m.attempts },
              ...(m.status === 'stored' ? [{ label: T.status, value: DELIVERY_TEXT.storedWhy }] : []),
              ...(m.sent_at ? [{ label: T.sentAt, value: formatDateTime(m.sent_at) }] : []),
              ...(m.last_error
                ? [
                    {
                      label: T.lastError,
                      value: (
                        <Text span c="var(--mantine-color-error)" data-testid="outbox-last-error">
                          {m.last_error}
                        </Text>
                      ),
                    },
                  ]
                : []),
              ...(m.next_attempt_at && (retrying || m.status === 'pending')
                ? [{ label: T.nextTry, value: formatDateTime(m.next_attempt_at) }]
                : []),
              ...(m.inquiry_id !== null
                ? [
                    {
                      label: T.request,
                      value: (
                        <Group gap="sm" component="span">
                          <Anchor component={Link} to={`/inquiries?selected=${m.inquiry_id}`}>
                            {inquiryReference(m.inquiry_id)}
                          </Anchor>
                          {m.quote_id !== null && (
                            <Anchor component={Link} to={`/inquiries/${m.inquiry_id}/quotes/${m.quote_id}`}>
                              {T.openQuote}
                            </Anchor>
                          )}
                        </Group>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Card>
        <section aria-labelledby="outbox-body">
          <Title order={2} size="h5" id="outbox-body" mb="xs">
            {T.body}
          </Title>
          <Card withBorder radius="md" padding="lg">
            <Text
              component="pre"
              m={0}
              ff="inherit"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              data-testid="outbox-body"
            >
              {m.text}
            </Text>
          </Card>
        </section>
        <section aria-labelledby="outbox-attachments">
          <Title order={2} size="h5" id="outbox-attachments" mb="xs">
            {T.attachments}
          </Title>
          {m.attachments.length === 0 ? (
            <Text c="dimmed" size="sm">
              {T.noAttachments}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {m.attachments.map((a) => (
                <Group key={a.id} component="li" gap="sm" wrap="nowrap">
                  <Button
                    variant="default"
                    size="sm"
                    leftSection={<IconDownload size={16} aria-hidden />}
                    loading={download.isPending && download.variables?.attachmentId === a.id}
                    onClick={() =>
                      download.mutate({ messageId: m.id, attachmentId: a.id, filename: a.filename })
                    }
                    aria-label={T.download(a.filename)}
                    styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
                    maw="100%"
                  >
                    {a.filename}
                  </Button>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatSize(a.size)}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </section>
      </Stack>
    </>
  );
}
