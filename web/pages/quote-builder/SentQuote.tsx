import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { InquiryDetail } from '#domain/inquiries';
import { DESK_SCREEN, BUILDER_TEXT as T } from '#domain/quote-texts';
import type { Quote } from '#domain/quotes';
import { useReviseQuote } from '../../api/quotes';
import { DeliveryState } from '../../components/DeliveryState';
import { QuoteDocument } from '../../components/QuoteDocument';
import { QuoteStatusBadge } from '../../components/StatusBadge';
import { QuoteReuseActions } from './QuoteReuse';

/** A sent version, to read: its customer page, its e-mail's state, and a new version from it. */
export function SentQuote({ quote, inquiry }: { quote: Quote; inquiry: InquiryDetail }) {
  const navigate = useNavigate();
  const revise = useReviseQuote(quote.id);
  const hasDraft = inquiry.quotes.some((q) => q.status === 'draft');
  // An expired quote is extended, not revised (Extend sends the next version at once).
  const canRevise =
    !hasDraft && quote.status !== 'superseded' && quote.status !== 'accepted' && quote.status !== 'expired';
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs">
            <Title order={2} size="h4">
              {DESK_SCREEN.version(quote.version ?? 0)}
            </Title>
            <QuoteStatusBadge status={quote.status} expired={quote.expired} />
            <Text size="sm" c="dimmed">
              {DESK_SCREEN.validUntil(quote.valid_until)}
            </Text>
          </Group>
          <Group gap="sm">
            {quote.token && (
              <Button
                component="a"
                href={`/quote/${quote.token}`}
                target="_blank"
                rel="noopener"
                variant="default"
                rightSection={<IconExternalLink size={14} aria-hidden />}
              >
                {DESK_SCREEN.customerPage}
              </Button>
            )}
            <QuoteReuseActions quote={quote} inquiry={inquiry} />
            {canRevise && (
              <Button
                loading={revise.isPending}
                onClick={() =>
                  revise.mutate(undefined, {
                    onSuccess: (draft) => {
                      toast.success(T.revised);
                      navigate(`/inquiries/${inquiry.id}/quotes/${draft.id}`);
                    },
                  })
                }
              >
                {T.revise}
              </Button>
            )}
          </Group>
        </Group>
        {quote.delivery_detail && <DeliveryState delivery={quote.delivery_detail} />}
        <Text size="sm" c="dimmed">
          {T.readOnly}
        </Text>
        <QuoteDocument quote={quote} />
      </Stack>
    </Paper>
  );
}
