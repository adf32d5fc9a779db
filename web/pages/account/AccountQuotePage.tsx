import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconShoppingCart } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { type AccountBasket, ACCOUNT_TEXT as T } from '#domain/account';
import { INQUIRY_LIMITS } from '#domain/inquiries';
import { formatMoney } from '#domain/money';
import { describeOptions, optionsList } from '#domain/variants';
import { useAccountQuote, useQuoteBasket } from '../../api/account';
import { errorMessage, hasStatus } from '../../api/errors';
import { usePublicQuote } from '../../api/quotes';
import { formatDateTime } from '../../components/format';
import { QuoteView } from '../../components/PublicQuoteView';
import { addToBasket } from '../../shop/basket';
import classes from './Account.module.css';
import { QuoteBadge } from './AccountPage';
import { AccountShell, useBuyerSignedIn, useTitle } from './AccountShell';

const day = (iso: string) => formatDateTime(iso).slice(0, 10);

/**
 * One quote in the portal (/account/quotes/:id?version=n): its versions, the one chosen shown as the
 * customer's quote page shows it (the current one answerable right here, through the same component
 * and routes), its PDFs, and "Request again".
 */
export function AccountQuotePage() {
  const signedIn = useBuyerSignedIn();
  const id = Number(useParams().id);
  if (!signedIn) return <Navigate to="/account" replace />;
  return (
    <AccountShell signedIn>
      <QuoteDetail id={id} />
    </AccountShell>
  );
}

function QuoteDetail({ id }: { id: number }) {
  const quote = useAccountQuote(id);
  const [params, setParams] = useSearchParams();
  useTitle(quote.data ? `${quote.data.reference} · ${T.title}` : T.title);
  const back = (
    <Anchor component={Link} to="/account" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {T.back}
      </Group>
    </Anchor>
  );
  if (quote.isPending)
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={T.loading} />
      </Group>
    );
  if (quote.isError)
    return (
      <Stack gap="sm">
        {back}
        <Alert
          color={hasStatus(quote.error, 404) ? 'gray' : 'red'}
          title={errorMessage(quote.error, T.loadFailed)}
        >
          {!hasStatus(quote.error, 404) && (
            <Button variant="default" size="xs" onClick={() => quote.refetch()}>
              {T.retry}
            </Button>
          )}
        </Alert>
      </Stack>
    );
  const { versions } = quote.data;
  const chosen = versions.find((v) => String(v.version) === params.get('version')) ?? versions[0];
  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2} size="h3">
            {quote.data.reference}
          </Title>
          <Text size="sm">{quote.data.subject}</Text>
        </div>
        <RequestAgain quoteId={chosen.id} />
      </Group>
      <Paper withBorder radius="md" p="sm" component="section" aria-label={T.versions}>
        <Title order={3} size="h5" mb="xs">
          {T.versions}
        </Title>
        <ul className={classes.rows}>
          {versions.map((v) => (
            <li key={v.id} className={classes.row} data-testid="account-version">
              <div className={classes.figures}>
                {v.id === chosen.id ? (
                  <Text fw={700} aria-current="true">
                    {T.version} {v.version}
                  </Text>
                ) : (
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => setParams(v.current ? {} : { version: String(v.version) })}
                  >
                    {T.version} {v.version}
                  </Anchor>
                )}
                <Text size="sm" c="dimmed">
                  {day(v.sent_at)}
                </Text>
                <Text size="sm">{formatMoney(v.total, v.currency)}</Text>
                <QuoteBadge status={v.status} />
              </div>
              <Anchor
                href={`/api/public/quotes/${encodeURIComponent(v.token)}/pdf`}
                download
                size="sm"
                aria-label={T.pdfOf(quote.data.reference, v.version)}
              >
                <Group gap={4} component="span">
                  <IconDownload size={14} aria-hidden />
                  {T.pdf}
                </Group>
              </Anchor>
            </li>
          ))}
        </ul>
      </Paper>
      <ChosenVersion token={chosen.token} />
    </Stack>
  );
}

/** The version as its customer's page shows it; an answer given here refreshes the portal's lists. */
function ChosenVersion({ token }: { token: string }) {
  const page = usePublicQuote(token);
  const queryClient = useQueryClient();
  const answered = page.data?.answer?.kind;
  useEffect(() => {
    if (answered) void queryClient.invalidateQueries({ queryKey: ['account'] });
  }, [answered, queryClient]);
  if (page.data) return <QuoteView token={token} quote={page.data} titleOrder={2} />;
  if (page.isError)
    return (
      <Alert color="red" title={T.loadFailed}>
        <Button variant="default" size="xs" mt="xs" onClick={() => page.refetch()}>
          {T.retry}
        </Button>
      </Alert>
    );
  return (
    <Group justify="center" py="xl">
      <Loader aria-label={T.loading} />
    </Group>
  );
}

/** Puts the quote's products in the shop's basket at today's prices, then opens the basket. */
function RequestAgain({ quoteId }: { quoteId: number }) {
  const basket = useQuoteBasket();
  const [none, setNone] = useState(false);
  const fill = (found: AccountBasket) => {
    if (found.lines.length === 0) {
      setNone(true);
      return;
    }
    // The basket keeps a variant's options as the shop prints them ("Size: M").
    for (const { quantity, options, ...line } of found.lines)
      addToBasket(
        { ...line, options: describeOptions(optionsList(options)) || null },
        quantity,
        INQUIRY_LIMITS.quantity,
      );
    window.location.assign('/shop/quote');
  };
  return (
    <Stack gap={4} maw={320} className={classes.again}>
      <Button
        variant="light"
        leftSection={<IconShoppingCart size={16} aria-hidden />}
        loading={basket.isPending}
        onClick={() => basket.mutate(quoteId, { onSuccess: fill })}
        aria-describedby="request-again-hint"
      >
        {T.requestAgain}
      </Button>
      <Text id="request-again-hint" size="xs" c="dimmed">
        {T.requestAgainHint}
      </Text>
      {none && (
        <Text size="sm" c="orange" role="alert">
          {T.requestAgainNone}
        </Text>
      )}
      {basket.isError && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(basket.error, T.requestAgainFailed)}
        </Text>
      )}
    </Stack>
  );
}
