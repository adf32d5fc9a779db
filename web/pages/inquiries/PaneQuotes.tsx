import { Anchor, Button, Group, Text, Title } from '@mantine/core';
import { IconExternalLink, IconFilePlus } from '@tabler/icons-react';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import type { InquiryDetail } from '#domain/inquiries';
import { DELIVERY_TEXT, DESK_SCREEN } from '#domain/quote-texts';
import { formatPrice } from '../../api/currency';
import { useCreateQuote } from '../../api/quotes';
import { DeliveryState } from '../../components/DeliveryState';
import classes from '../../components/desk/Desk.module.css';
import { formatDateTime } from '../../components/format';
import { QuoteStatusBadge } from '../../components/StatusBadge';
import { usePermissions } from '../../session/usePermissions';
import { StartFromTemplate } from './StartFromTemplate';

/** The request's quotes in the pane: each version's state, a way into the builder and the customer's page. */
export function QuotesSection({ detail }: { detail: InquiryDetail }) {
  const titleId = useId();
  const navigate = useNavigate();
  const create = useCreateQuote(detail.id);
  // The outbox is admins' (it holds every customer's mail).
  const { has } = usePermissions();
  const admin = has('outbox.read');
  // The first quote starts here; later ones come from revising a sent one in the builder.
  const canCreate = detail.quotes.length === 0;
  // Newest version first; the draft (no version yet) above them all.
  const quotes = [...detail.quotes].sort((a, b) => (b.version ?? Infinity) - (a.version ?? Infinity));
  return (
    <section aria-labelledby={titleId}>
      <Group justify="space-between" align="center" mb={6}>
        <Group gap="sm" align="baseline">
          <Title order={3} size="h6" id={titleId} tt="uppercase" c="dimmed" fw={600}>
            {DESK_SCREEN.quotes}
          </Title>
          {admin && (
            <Anchor component={Link} to={`/outbox?inquiry_id=${detail.id}`} size="xs">
              {DELIVERY_TEXT.requestMessages}
            </Anchor>
          )}
        </Group>
        {canCreate && has('quote.edit') && (
          <Group gap="xs">
            <StartFromTemplate inquiryId={detail.id} />
            <Button
              size="xs"
              variant="light"
              leftSection={<IconFilePlus size={14} aria-hidden />}
              loading={create.isPending}
              onClick={() =>
                create.mutate(undefined, {
                  onSuccess: (quote) => navigate(`/inquiries/${detail.id}/quotes/${quote.id}`),
                })
              }
            >
              {DESK_SCREEN.newQuote}
            </Button>
          </Group>
        )}
      </Group>
      {quotes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {DESK_SCREEN.noQuotes}
        </Text>
      ) : (
        <ul className={classes.timeline} data-testid="pane-quotes">
          {quotes.map((q) => (
            <li key={q.id}>
              <Group gap="xs" wrap="wrap" justify="space-between">
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} size="sm">
                    {q.version === null ? DESK_SCREEN.draft : DESK_SCREEN.version(q.version)}
                  </Text>
                  <QuoteStatusBadge status={q.status} expired={q.expired} />
                  <Text size="sm" fw={500}>
                    {formatPrice(q.total)}
                  </Text>
                </Group>
                <Group gap="sm" wrap="wrap">
                  {q.token && (
                    <Anchor
                      href={`/quote/${q.token}`}
                      target="_blank"
                      rel="noopener"
                      size="sm"
                      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                    >
                      {DESK_SCREEN.customerPage}
                      <IconExternalLink size={14} aria-hidden />
                    </Anchor>
                  )}
                  <Anchor component={Link} to={`/inquiries/${detail.id}/quotes/${q.id}`} size="sm">
                    {DESK_SCREEN.openQuote}
                  </Anchor>
                </Group>
              </Group>
              <Text size="xs" c="dimmed">
                {DESK_SCREEN.validUntil(q.valid_until)}
                {q.expired && q.status === 'draft' && ' · expired'}
                {q.sent_at && ` · sent ${formatDateTime(q.sent_at)}`}
              </Text>
              {q.delivery_detail && <DeliveryState delivery={q.delivery_detail} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
