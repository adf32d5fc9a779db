import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { type QuotePageTexts, quotePageTexts } from '#domain/buyer-texts';
import { ORDER_LIMITS } from '#domain/constants';
import { SOURCE_LOCALE } from '#domain/i18n';
import type { PublicQuote, Seller } from '#domain/quotes';
import { errorMessage } from '../api/errors';
import { type QuoteAnswerInput, useAnswerQuote } from '../api/quotes';
import { EMPTY_VALUE, formatDateTime } from './format';
import classes from './PublicQuoteView.module.css';
import { QuoteDocument } from './QuoteDocument';
import { QuoteTextsContext, useQuoteTexts } from './quote-texts';

const day = (iso: string) => formatDateTime(iso).slice(0, 10);

/** Why the quote can no longer be answered, or how it was answered. */
function Banner({ quote }: { quote: PublicQuote }) {
  const T = useQuoteTexts();
  if (quote.answer) {
    const at = day(quote.answer.at);
    if (quote.answer.kind === 'accepted')
      return (
        <Alert color="teal" data-testid="quote-banner">
          {T.accepted(quote.answer.name, at)}
          <Text size="sm" mt={4}>
            {T.signedCopy}
          </Text>
        </Alert>
      );
    if (quote.answer.kind === 'declined')
      return (
        <Alert color="gray" data-testid="quote-banner">
          {T.declined(at)}
        </Alert>
      );
    return (
      <Alert color="yellow" data-testid="quote-banner">
        {T.changesRequested(at)}
      </Alert>
    );
  }
  if (quote.status === 'superseded')
    return (
      <Alert color="gray" data-testid="quote-banner">
        {T.superseded}
      </Alert>
    );
  if (quote.expired)
    return (
      <Alert color="yellow" data-testid="quote-banner" title={T.expiredOn(quote.valid_until)}>
        {T.contactForNew}
      </Alert>
    );
  if (!quote.can_answer)
    return (
      <Alert color="gray" data-testid="quote-banner">
        {T.notAnswerable}
      </Alert>
    );
  return null;
}

type Dialog = 'accept' | 'decline' | 'changes' | null;

/** The quote, its answers and its order: the customer's page, and the buyer portal's current version. */
export function QuoteView({
  token,
  quote,
  titleOrder = 1,
}: {
  token: string;
  quote: PublicQuote;
  /** The quote's title is the page's own heading, or one under the page's (the buyer portal's). */
  titleOrder?: 1 | 2;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const locale = quote.locale ?? SOURCE_LOCALE;
  const T = useMemo(() => quotePageTexts(locale), [locale]);
  return (
    <QuoteTextsContext.Provider value={T}>
      <Stack gap="md" lang={locale}>
        <SellerBlock seller={quote.seller} />
        <header>
          <Title order={titleOrder} size="h2">
            {T.title(quote.company)}
          </Title>
          <div className={classes.facts}>
            <Group gap="lg" wrap="wrap">
              <Fact label={T.reference} value={quote.reference} />
              <Fact label={T.version} value={String(quote.version)} />
              <Fact label={T.customer} value={quote.customer} />
              <Fact label={T.validUntil} value={quote.valid_until || EMPTY_VALUE} />
            </Group>
            <Button
              component="a"
              href={`/api/public/quotes/${encodeURIComponent(token)}/pdf`}
              download
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {T.downloadPdf}
            </Button>
          </div>
        </header>
        <Banner quote={quote} />
        {quote.order && (
          <Alert color="blue" data-testid="quote-order">
            {T.order(quote.order.number, T.orderStatus(quote.order.status))}
          </Alert>
        )}
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'lg' }}>
          <QuoteDocument quote={quote} />
        </Paper>
        {quote.can_answer && (
          <div className={classes.answers}>
            <Button color="teal" onClick={() => setDialog('accept')}>
              {T.accept}
            </Button>
            <Button variant="default" onClick={() => setDialog('decline')}>
              {T.decline}
            </Button>
            <Button variant="default" onClick={() => setDialog('changes')}>
              {T.changes}
            </Button>
          </div>
        )}
        {dialog && (
          <AnswerDialog
            token={token}
            kind={dialog}
            requires={quote.accept_requires ?? []}
            onClose={() => setDialog(null)}
          />
        )}
      </Stack>
    </QuoteTextsContext.Provider>
  );
}

/** Who the quote is from: the logo and name, the address, how to reach them, and their shop. */
function SellerBlock({ seller }: { seller: Seller }) {
  const T = useQuoteTexts();
  return (
    <section className={classes.seller} aria-label={T.seller} data-testid="quote-seller">
      <div className={classes.identity}>
        {seller.logo_url && (
          // The name beside it says who it is: the picture adds nothing to read aloud.
          <img src={seller.logo_url} alt="" className={classes.logo} />
        )}
        <div>
          <Text fw={700} size="lg">
            {seller.name}
          </Text>
          {seller.address && (
            <Text component="address" size="sm" c="dimmed" className={classes.address}>
              {seller.address}
            </Text>
          )}
        </div>
      </div>
      <div className={classes.contact}>
        {seller.email && (
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              {T.email}{' '}
            </Text>
            <Anchor href={`mailto:${seller.email}`} size="sm">
              {seller.email}
            </Anchor>
          </Text>
        )}
        {seller.phone && (
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              {T.phone}{' '}
            </Text>
            <Anchor href={`tel:${seller.phone.replace(/[^+\d]/g, '')}`} size="sm">
              {seller.phone}
            </Anchor>
          </Text>
        )}
        <Anchor href="/shop" size="sm" fw={600}>
          {T.shop}
        </Anchor>
      </div>
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

const dialogs = (T: QuotePageTexts) =>
  ({
    accept: { title: T.acceptTitle, label: T.signature, confirm: T.acceptConfirm, color: 'teal' },
    decline: { title: T.declineTitle, label: T.reason, confirm: T.declineConfirm, color: 'red' },
    changes: { title: T.changesTitle, label: T.message, confirm: T.changesConfirm, color: 'indigo' },
  }) as const;

function AnswerDialog({
  token,
  kind,
  requires,
  onClose,
}: {
  token: string;
  kind: NonNullable<Dialog>;
  /** The acceptance's fields the seller requires. */
  requires: PublicQuote['accept_requires'];
  onClose: () => void;
}) {
  const T = useQuoteTexts();
  const answer = useAnswerQuote(token);
  const [text, setText] = useState('');
  const [order, setOrder] = useState({ po_number: '', billing_address: '', shipping_address: '' });
  const [sameAsBilling, setSameAsBilling] = useState(true);
  const d = dialogs(T)[kind];
  const required = kind !== 'decline';
  const submit = () => {
    const value = text.trim();
    if (required && !value) return;
    const billing = order.billing_address.trim() || null;
    const input: QuoteAnswerInput =
      kind === 'accept'
        ? {
            kind,
            name: value,
            po_number: order.po_number.trim() || null,
            billing_address: billing,
            // "Same as billing": the order carries the billing address as its delivery address too.
            shipping_address: sameAsBilling ? billing : order.shipping_address.trim() || null,
          }
        : kind === 'decline'
          ? { kind, reason: value || null }
          : { kind, message: value };
    answer.mutate(input, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={() => !answer.isPending && onClose()} title={d.title} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {kind === 'accept' ? (
            <>
              <TextInput
                label={d.label}
                required
                autoComplete="name"
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                data-autofocus
              />
              <TextInput
                label={T.poNumber}
                required={requires.includes('po_number')}
                maxLength={ORDER_LIMITS.poNumber}
                value={order.po_number}
                onChange={(e) => setOrder({ ...order, po_number: e.currentTarget.value })}
              />
              <Textarea
                label={T.billingAddress}
                required={requires.includes('billing_address')}
                autoComplete="billing street-address"
                autosize
                minRows={3}
                maxLength={ORDER_LIMITS.address}
                value={order.billing_address}
                onChange={(e) => setOrder({ ...order, billing_address: e.currentTarget.value })}
              />
              <Checkbox
                label={T.sameAsBilling}
                checked={sameAsBilling}
                onChange={(e) => setSameAsBilling(e.currentTarget.checked)}
              />
              {!sameAsBilling && (
                <Textarea
                  label={T.deliveryAddress}
                  required={requires.includes('shipping_address')}
                  autoComplete="shipping street-address"
                  autosize
                  minRows={3}
                  maxLength={ORDER_LIMITS.address}
                  value={order.shipping_address}
                  onChange={(e) => setOrder({ ...order, shipping_address: e.currentTarget.value })}
                />
              )}
            </>
          ) : (
            <Textarea
              label={d.label}
              required={required}
              autosize
              minRows={3}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              data-autofocus
            />
          )}
          {answer.isError && (
            <Alert color="red" role="alert">
              {errorMessage(answer.error, T.answerFailed)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={answer.isPending}>
              {T.cancel}
            </Button>
            <Button
              type="submit"
              color={d.color}
              loading={answer.isPending}
              disabled={
                (required && !text.trim()) ||
                (kind === 'accept' &&
                  requires.some((f) =>
                    f === 'shipping_address' && sameAsBilling
                      ? !order.billing_address.trim()
                      : !order[f].trim(),
                  ))
              }
            >
              {d.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
