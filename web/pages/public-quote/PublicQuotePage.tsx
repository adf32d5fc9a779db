import { Alert, Button, Container, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { quotePageTexts } from '#domain/buyer-texts';
import { SOURCE_LOCALE } from '#domain/i18n';
import { hasStatus } from '../../api/errors';
import { usePublicQuote } from '../../api/quotes';
import { QuoteView } from '../../components/PublicQuoteView';

/**
 * The customer's quote (/quote/:token): no sign-in, outside the staff shell. The token in the
 * link is the only key; a wrong one reads as a friendly not-found.
 */
export function PublicQuotePage() {
  const { token = '' } = useParams();
  const quote = usePublicQuote(token);
  const missing = quote.isError && hasStatus(quote.error, 404, 400);
  // Before the quote has loaded its language is not known: the English words until then.
  const T = quotePageTexts(quote.data?.locale ?? SOURCE_LOCALE);
  const title = quote.data
    ? T.tabTitle(quote.data.reference, quote.data.seller.name)
    : missing
      ? T.notFoundTab
      : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'xs', sm: 'md' }}>
      {quote.data ? (
        <QuoteView token={token} quote={quote.data} />
      ) : quote.isError ? (
        missing ? (
          <Paper withBorder radius="md" p="xl" ta="center">
            <Title order={1} size="h3" mb="sm">
              {T.notFoundTitle}
            </Title>
            <Text c="dimmed">{T.notFound}</Text>
          </Paper>
        ) : (
          <Alert color="red" title={T.failed}>
            <Button variant="default" size="xs" mt="xs" onClick={() => quote.refetch()}>
              {T.tryAgain}
            </Button>
          </Alert>
        )
      ) : (
        <Group justify="center" py="xl">
          <Loader aria-label={T.loading} />
        </Group>
      )}
    </Container>
  );
}
