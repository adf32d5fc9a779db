import { Alert, Anchor, Button, Group, Loader, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { InquiryDetail } from '#domain/inquiries';
import { DESK_SCREEN, BUILDER_TEXT as T } from '#domain/quote-texts';
import type { Quote } from '#domain/quotes';
import { isNotFound } from '../../api/errors';
import { useInquiryDetail } from '../../api/inquiries';
import { useQuote } from '../../api/quotes';
import { BuyerLanguage } from '../../components/BuyerLanguage';
import { PageHeader } from '../../components/PageHeader';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { DraftEditor } from './DraftEditor';
import { SentQuote } from './SentQuote';

/** The quote builder (/inquiries/:id/quotes/:quoteId): a draft to price and send, or a sent version to read. */
export function QuoteBuilderPage() {
  const params = useParams();
  const inquiryId = Number(params.id);
  const quoteId = Number(params.quoteId);
  const detail = useInquiryDetail(Number.isInteger(inquiryId) && inquiryId > 0 ? inquiryId : null);
  const quote = useQuote(quoteId);
  const back = `/inquiries?selected=${inquiryId}`;
  useDocumentTitle(detail.data && T.title(detail.data.reference));

  const header = (
    <Stack gap={4} mb="md">
      <Anchor
        component={Link}
        to={back}
        size="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        <IconArrowLeft size={14} aria-hidden />
        {T.back}
      </Anchor>
      <PageHeader
        title={detail.data ? T.title(detail.data.reference) : 'Quote'}
        caption={detail.data && `${detail.data.name} · ${detail.data.email}`}
      />
      {detail.data && (
        <Group gap="xs">
          <BuyerLanguage inquiryId={detail.data.id} locale={detail.data.locale} />
        </Group>
      )}
    </Stack>
  );

  if (quote.isError && isNotFound(quote.error)) {
    return (
      <>
        {header}
        <Alert color="gray">{T.notFound}</Alert>
      </>
    );
  }
  if (!quote.data || !detail.data) {
    return (
      <>
        {header}
        {(quote.isFetching || detail.isFetching) && <Loader aria-label="Loading" />}
      </>
    );
  }
  return (
    <>
      {header}
      <Versions detail={detail.data} current={quote.data} />
      {quote.data.status === 'draft' ? (
        <DraftEditor key={quote.data.id} quote={quote.data} inquiry={detail.data} />
      ) : (
        <SentQuote quote={quote.data} inquiry={detail.data} />
      )}
    </>
  );
}

/** Every quote of the request, newest first; the one on screen is marked. */
function Versions({ detail, current }: { detail: InquiryDetail; current: Quote }) {
  const quotes = [...detail.quotes].sort((a, b) => (b.version ?? Infinity) - (a.version ?? Infinity));
  if (quotes.length < 2) return null;
  return (
    <Group gap="xs" mb="md" component="nav" aria-label={T.versions}>
      {quotes.map((q) => (
        <Button
          key={q.id}
          component={Link}
          to={`/inquiries/${detail.id}/quotes/${q.id}`}
          size="compact-sm"
          variant={q.id === current.id ? 'filled' : 'default'}
          aria-current={q.id === current.id ? 'page' : undefined}
        >
          {q.version === null ? DESK_SCREEN.draft : DESK_SCREEN.version(q.version)}
        </Button>
      ))}
    </Group>
  );
}
