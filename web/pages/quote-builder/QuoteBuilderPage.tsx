import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowLeft,
  IconArrowUp,
  IconExternalLink,
  IconInfoCircle,
  IconPlus,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import axios from 'axios';
import { type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import type { InquiryDetail } from '#domain/inquiries';
import { CONFIRM, VALIDATION } from '#domain/messages';
import { DELIVERY_TEXT, DESK_SCREEN, BUILDER_TEXT as T } from '#domain/quote-texts';
import { QUOTE_LIMITS, type Quote } from '#domain/quotes';
import { formatCents } from '../../api/currency';
import { type ProductOption, useProductOptions } from '../../api/discounts';
import { isNotFound, toastError } from '../../api/errors';
import { useInquiryDetail } from '../../api/inquiries';
import { productKeys } from '../../api/keys';
import { productBundleQuery } from '../../api/products';
import { useDeleteQuote, useQuote, useReviseQuote, useSaveQuote, useSendQuote } from '../../api/quotes';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DeliveryState, deliveryLine } from '../../components/DeliveryState';
import { UnsavedChangesPrompt } from '../../components/DiscardChangesDialog';
import { PageHeader } from '../../components/PageHeader';
import { CataloguePrice, QuoteDocument } from '../../components/QuoteDocument';
import { SearchSelect } from '../../components/SearchSelect';
import { QuoteStatusBadge } from '../../components/StatusBadge';
import { LEAVE_FREELY, useDirty, useUnsavedChanges } from '../../components/useUnsavedChanges';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import {
  acceptTyped,
  bodyFromDraft,
  changedFromCatalogue,
  type Draft,
  type DraftLine,
  draftFromQuote,
  draftTotals,
  lineKey,
  moveLine,
} from './draft';
import classes from './QuoteBuilder.module.css';

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

function SentQuote({ quote, inquiry }: { quote: Quote; inquiry: InquiryDetail }) {
  const navigate = useNavigate();
  const revise = useReviseQuote(quote.id);
  const hasDraft = inquiry.quotes.some((q) => q.status === 'draft');
  const canRevise = !hasDraft && quote.status !== 'superseded' && quote.status !== 'accepted';
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs">
            <Title order={2} size="h4">
              {DESK_SCREEN.version(quote.version ?? 0)}
            </Title>
            <QuoteStatusBadge status={quote.status} />
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

type Errors = Record<string, string>;

function fieldErrors(error: unknown): Errors {
  if (axios.isAxiosError(error) && error.response?.status === 400) {
    const details = (error.response.data as { details?: Errors } | undefined)?.details;
    if (details) return details;
  }
  return {};
}

/** A draft without its lines' client-side keys, which change nothing the server holds. */
const withoutKeys = (d: Draft) => ({ ...d, lines: d.lines.map(({ key: _key, ...line }) => line) });

function DraftEditor({ quote, inquiry }: { quote: Quote; inquiry: InquiryDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useSaveQuote(quote.id);
  const send = useSendQuote(quote.id);
  const remove = useDeleteQuote(quote.id);
  const [draft, setDraft] = useState<Draft>(() => draftFromQuote(quote));
  // What the server holds: leaving with a draft that differs asks first.
  const [stored, setStored] = useState<Draft>(draft);
  const leave = useUnsavedChanges(useDirty(withoutKeys(draft), withoutKeys(stored)));
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const [adding, setAdding] = useState(false);
  const { lines: lineTotals, totals } = draftTotals(draft);

  // A field's error from the last save goes once the field is edited; the lines' errors go with
  // any reorder or removal, since they are named by position.
  const clearErrors = (drop: (path: string) => boolean) =>
    setErrors((e) =>
      Object.keys(e).some(drop) ? Object.fromEntries(Object.entries(e).filter(([k]) => !drop(k))) : e,
    );
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    clearErrors((path) => path === key || (key === 'lines' && path.startsWith('lines')));
  };
  const setLine = (key: string, change: Partial<DraftLine>) => {
    const index = draft.lines.findIndex((l) => l.key === key);
    setDraft((d) => ({ ...d, lines: d.lines.map((l) => (l.key === key ? { ...l, ...change } : l)) }));
    clearErrors((path) => Object.keys(change).some((field) => path === `lines.${index}.${field}`));
  };
  // The field where a minus sign was just refused: it says so under itself until it loses focus
  // or takes a valid entry, rather than the sign being silently dropped.
  const [minusIn, setMinusIn] = useState<string | null>(null);
  const typed = (kind: 'quantity' | 'amount' | 'percent', field: string, apply: (text: string) => void) => ({
    onChange: (e: { currentTarget: HTMLInputElement }) => {
      const ok = acceptTyped(kind, e.currentTarget.value);
      if (ok !== null) {
        apply(ok);
        setMinusIn((f) => (f === field ? null : f));
      } else if (e.currentTarget.value.includes('-')) setMinusIn(field);
    },
    onBlur: () => setMinusIn((f) => (f === field ? null : f)),
  });
  const minusOr = (field: string, error: string | undefined) =>
    minusIn === field ? VALIDATION.noNegative : error;

  const addProduct = async (id: string | null) => {
    // The chosen option is in one of the searches the select ran; its slug leads to the bundle.
    const option = queryClient
      .getQueriesData<ProductOption[]>({ queryKey: productKeys.allOptions() })
      .flatMap(([, data]) => data ?? [])
      .find((p) => p.id === Number(id));
    if (!option) return;
    setAdding(true);
    try {
      const bundle = await queryClient.fetchQuery(productBundleQuery(option.slug));
      setDraft((d) => ({
        ...d,
        lines: [
          ...d.lines,
          {
            key: lineKey(),
            product_id: bundle.base.id,
            name: bundle.base.name,
            sku: bundle.base.sku ?? '',
            quantity: '1',
            unit_price: String(bundle.price.final),
            discount_percent: '',
            catalogue_price: bundle.price.final,
          },
        ],
      }));
    } catch (error) {
      toastError(error, T.productFailed);
    } finally {
      setAdding(false);
    }
  };

  const saveDraft = async () => {
    setErrors({});
    try {
      const saved = await save.mutateAsync(bodyFromDraft(draft));
      setStored(draft);
      return saved;
    } catch (error) {
      setErrors(fieldErrors(error));
      throw error;
    }
  };

  const onSave = () =>
    saveDraft().then(
      () => toast.success(T.saved),
      () => {},
    );

  const onSend = async () => {
    try {
      await saveDraft();
      const sent = await send.mutateAsync();
      setConfirming(false);
      // The quote is sent either way; its e-mail is said as it is (stored is not sent).
      const line = DELIVERY_TEXT.quoteSent(sent.delivery_detail ? deliveryLine(sent.delivery_detail) : '');
      if (sent.delivery === 'pending' || sent.delivery === 'sent') toast.success(line);
      else toast(line, { icon: <IconInfoCircle size={18} aria-hidden /> });
    } catch {
      setConfirming(false);
    }
  };

  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const onDelete = () => {
    remove.mutate(undefined, {
      onSettled: () => setConfirmingDelete(false),
      onSuccess: () => {
        toast.success(T.deleted);
        navigate(`/inquiries?selected=${inquiry.id}`, { state: LEAVE_FREELY });
      },
    });
  };

  const lineError = (i: number, field: string) => errors[`lines.${i}.${field}`];
  const catalogueOf = (line: DraftLine) => {
    const price = changedFromCatalogue(line);
    return price === null ? undefined : <CataloguePrice price={price} />;
  };
  const busy = save.isPending || send.isPending;

  return (
    // Room below Save and Send, so a toast in the corner never covers them.
    <Stack gap="md" pb={96}>
      <UnsavedChangesPrompt guard={leave} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h5">
            {T.lines}
          </Title>
          <QuoteStatusBadge status="draft" />
        </Group>
        {errors.lines && (
          <Text c="red" size="sm" mb="xs" role="alert">
            {errors.lines}
          </Text>
        )}
        <ol className={classes.lines} aria-label={T.lines}>
          {draft.lines.map((line, i) => (
            <li key={line.key} className={classes.line} data-testid="builder-line">
              <TextInput
                className={classes.name}
                label={T.name}
                size="xs"
                required
                maxLength={QUOTE_LIMITS.name}
                value={line.name}
                onChange={(e) => setLine(line.key, { name: e.currentTarget.value })}
                error={lineError(i, 'name')}
              />
              <TextInput
                className={classes.sku}
                label={T.sku}
                size="xs"
                maxLength={QUOTE_LIMITS.sku}
                value={line.sku}
                onChange={(e) => setLine(line.key, { sku: e.currentTarget.value })}
                error={lineError(i, 'sku')}
              />
              <TextInput
                className={classes.qty}
                label={T.quantity}
                size="xs"
                inputMode="numeric"
                value={line.quantity}
                {...typed('quantity', `${line.key}.quantity`, (quantity) => setLine(line.key, { quantity }))}
                error={minusOr(`${line.key}.quantity`, lineError(i, 'quantity'))}
              />
              <TextInput
                className={classes.price}
                label={T.unitPrice}
                size="xs"
                inputMode="decimal"
                value={line.unit_price}
                {...typed('amount', `${line.key}.unit_price`, (unit_price) =>
                  setLine(line.key, { unit_price }),
                )}
                error={minusOr(`${line.key}.unit_price`, lineError(i, 'unit_price'))}
                description={catalogueOf(line)}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
              />
              <TextInput
                className={classes.discount}
                label={T.discount}
                size="xs"
                inputMode="decimal"
                placeholder="0"
                value={line.discount_percent}
                {...typed('percent', `${line.key}.discount_percent`, (discount_percent) =>
                  setLine(line.key, { discount_percent }),
                )}
                error={minusOr(`${line.key}.discount_percent`, lineError(i, 'discount_percent'))}
              />
              <div className={classes.total}>
                <Text size="xs" fw={500}>
                  {T.lineTotal}
                </Text>
                <Text size="sm" fw={600} data-testid="line-total" style={{ whiteSpace: 'nowrap' }}>
                  {lineTotals[i] === null ? '—' : formatCents(lineTotals[i])}
                </Text>
              </div>
              <Group gap={2} className={classes.actions} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={T.moveUp}
                  disabled={i === 0}
                  onClick={() => set('lines', moveLine(draft.lines, i, -1))}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={T.moveDown}
                  disabled={i === draft.lines.length - 1}
                  onClick={() => set('lines', moveLine(draft.lines, i, 1))}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={T.remove}
                  onClick={() =>
                    set(
                      'lines',
                      draft.lines.filter((l) => l.key !== line.key),
                    )
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </li>
          ))}
        </ol>
        <Group gap="sm" mt="sm" align="flex-end" wrap="wrap">
          <SearchSelect
            label={T.addProduct}
            placeholder={T.addProductPlaceholder}
            value={null}
            selectedLabel={null}
            onChange={(id) => void addProduct(id)}
            useOptions={useProductOptions}
            disabled={adding || draft.lines.length >= QUOTE_LIMITS.lines}
            style={{ flex: '1 1 240px' }}
          />
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={draft.lines.length >= QUOTE_LIMITS.lines}
            onClick={() =>
              set('lines', [
                ...draft.lines,
                {
                  key: lineKey(),
                  product_id: null,
                  name: T.freeLineName,
                  sku: '',
                  quantity: '1',
                  unit_price: '',
                  discount_percent: '',
                  catalogue_price: null,
                },
              ])
            }
          >
            {T.addFreeLine}
          </Button>
        </Group>
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <div className={classes.terms}>
          <TextInput
            label={T.shipping}
            inputMode="decimal"
            placeholder="0"
            value={draft.shipping}
            {...typed('amount', 'shipping', (v) => set('shipping', v))}
            error={minusOr('shipping', errors.shipping)}
          />
          <TextInput
            label={T.shippingLabel}
            maxLength={QUOTE_LIMITS.shippingLabel}
            value={draft.shipping_label}
            onChange={(e) => set('shipping_label', e.currentTarget.value)}
            error={errors.shipping_label}
          />
          <TextInput
            label={T.taxRate}
            inputMode="decimal"
            placeholder="0"
            value={draft.tax_rate}
            {...typed('percent', 'tax_rate', (v) => set('tax_rate', v))}
            error={minusOr('tax_rate', errors.tax_rate)}
          />
          <TextInput
            type="date"
            label={T.validUntil}
            value={draft.valid_until}
            onChange={(e) => set('valid_until', e.currentTarget.value)}
            error={errors.valid_until}
          />
        </div>
        <Stack gap="sm" mt="sm">
          <Textarea
            label={T.note}
            autosize
            minRows={2}
            maxLength={QUOTE_LIMITS.note}
            value={draft.note}
            onChange={(e) => set('note', e.currentTarget.value)}
            error={errors.note}
          />
          <Textarea
            label={T.terms}
            autosize
            minRows={2}
            maxLength={QUOTE_LIMITS.terms}
            value={draft.terms}
            onChange={(e) => set('terms', e.currentTarget.value)}
            error={errors.terms}
          />
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <dl className={classes.totals} data-testid="builder-totals">
          <TotalLine label={T.subtotal}>{totals ? formatCents(totals.subtotal) : '—'}</TotalLine>
          <TotalLine label={T.shipping}>{totals ? formatCents(totals.shipping) : '—'}</TotalLine>
          <TotalLine label={T.tax}>{totals ? formatCents(totals.tax) : '—'}</TotalLine>
          <TotalLine label={T.total} strong>
            <span data-testid="builder-total">{totals ? formatCents(totals.total) : '—'}</span>
          </TotalLine>
        </dl>
        <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setConfirmingDelete(true)}
            loading={remove.isPending}
          >
            {T.deleteDraft}
          </Button>
          <Group gap="sm">
            <Button
              variant="default"
              onClick={onSave}
              loading={save.isPending && !confirming}
              disabled={busy}
            >
              {T.save}
            </Button>
            <Button
              leftSection={<IconSend size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
              disabled={busy || draft.lines.length === 0 || !totals}
            >
              {T.send}
            </Button>
          </Group>
        </Group>
      </Paper>

      <Modal opened={confirming} onClose={() => !busy && setConfirming(false)} title={T.sendTitle} centered>
        <Stack gap="md">
          <Text>{T.sendBody(inquiry.email, totals ? formatCents(totals.total) : '—')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
              {DESK_SCREEN.cancel}
            </Button>
            <Button leftSection={<IconSend size={16} aria-hidden />} onClick={onSend} loading={busy}>
              {T.send}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={confirmingDelete}
        title={T.deleteConfirm}
        message={CONFIRM.deleteQuoteDraft}
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setConfirmingDelete(false)}
      />
    </Stack>
  );
}

function TotalLine({ label, strong, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <div className={classes.totalLine}>
      <dt>
        <Text size="sm" fw={strong ? 700 : 500}>
          {label}
        </Text>
      </dt>
      <dd>
        <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500}>
          {children}
        </Text>
      </dd>
    </div>
  );
}
