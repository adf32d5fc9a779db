import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { InquiryDetail } from '#domain/inquiries';
import { QUOTE_APPROVAL_SCREEN as APPROVAL_TEXT } from '#domain/quote-approval';
import { DELIVERY_TEXT, BUILDER_TEXT as T } from '#domain/quote-texts';
import { QUOTE_LIMITS, type Quote } from '#domain/quotes';
import type { ProductOption } from '../../api/discounts';
import { fieldErrors, hasStatus, toastError } from '../../api/errors';
import { productKeys } from '../../api/keys';
import { fetchCustomerPrice } from '../../api/pricing';
import { productBundleQuery } from '../../api/products';
import { useRequestApproval } from '../../api/quote-approval';
import { useDeleteQuote, useSaveQuote, useSendQuote } from '../../api/quotes';
import { deliveryLine } from '../../components/DeliveryState';
import { LEAVE_FREELY, useDirty, useUnsavedChanges } from '../../components/useUnsavedChanges';
import {
  bodyFromDraft,
  type Draft,
  type DraftLine,
  draftFromQuote,
  draftReasons,
  draftTotals,
  lineKey,
  moveLine,
} from './draft';

type Errors = Record<string, string>;

/** The server's per-field messages of a refused save (a 400); other failures only toast. */
const saveErrors = (error: unknown): Errors => (hasStatus(error, 400) ? fieldErrors(error) : {});

/** A draft without its lines' client-side keys, which change nothing the server holds. */
const withoutKeys = (d: Draft) => ({ ...d, lines: d.lines.map(({ key: _key, ...line }) => line) });

/** A line typed by hand, priced by whoever writes it. */
const freeLine = (): DraftLine => ({
  key: lineKey(),
  product_id: null,
  variant_id: null,
  options: {},
  name: T.freeLineName,
  sku: '',
  quantity: '1',
  unit_price: '',
  discount_percent: '',
  catalogue_price: null,
  price_source: null,
});

/**
 * A quote draft being edited: the form's state against what the server holds, the errors of the
 * last save by field, and the draft's save, send and delete.
 */
export function useQuoteDraft(quote: Quote, inquiry: InquiryDetail) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useSaveQuote(quote.id);
  const send = useSendQuote(quote.id);
  const remove = useDeleteQuote(quote.id);
  const [draft, setDraft] = useState<Draft>(() => draftFromQuote(quote));
  // What the server holds: leaving with a draft that differs asks first.
  const [stored, setStored] = useState<Draft>(draft);
  const dirty = useDirty(withoutKeys(draft), withoutKeys(stored));
  const leave = useUnsavedChanges(dirty);
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [adding, setAdding] = useState(false);
  const { lines: lineTotals, totals } = draftTotals(draft);
  // The rules this draft breaks as typed, judged by the limits the server answered with.
  const reasons = draftReasons(draft, totals, quote.approval.rules);
  const ask = useRequestApproval(quote.id);
  const [asking, setAsking] = useState(false);

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

  /** The request's customer's price for a variant at a quantity, or null without a customer. */
  const customerPrice = async (variantId: number, quantity: number) =>
    inquiry.customer ? fetchCustomerPrice(variantId, quantity, inquiry.customer.id) : null;

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
      // A product with one variant starts at what this customer pays for it (their agreement, a
      // break, the catalogue); one with several is priced when its variant is chosen.
      const only = bundle.variants?.length === 1 ? bundle.variants[0] : undefined;
      const theirs = only ? await customerPrice(only.id, 1) : null;
      setDraft((d) => ({
        ...d,
        lines: [
          ...d.lines,
          {
            key: lineKey(),
            product_id: bundle.base.id,
            // A product with several variants gets its variant chosen on the line.
            variant_id: null,
            options: {},
            name: bundle.base.name,
            sku: bundle.base.sku ?? '',
            quantity: '1',
            unit_price: String(theirs?.unit_price ?? bundle.price.final),
            discount_percent: '',
            catalogue_price: theirs?.unit_price ?? bundle.price.final,
            price_source: theirs?.source ?? null,
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
      setErrors(saveErrors(error));
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

  /** Ask for approval: the draft is saved first, so the approver reads what is on screen. */
  const onAsk = async (note: string) => {
    try {
      await saveDraft();
      await ask.mutateAsync(note);
      setAsking(false);
      toast.success(APPROVAL_TEXT.asked);
    } catch {
      // The save's field errors show on the form; the ask's failure is its toast.
    }
  };

  const onDelete = () => {
    remove.mutate(undefined, {
      onSettled: () => setConfirmingDelete(false),
      onSuccess: () => {
        toast.success(T.deleted);
        navigate(`/inquiries?selected=${inquiry.id}`, { state: LEAVE_FREELY });
      },
    });
  };

  return {
    draft,
    lineTotals,
    totals,
    errors,
    lineError: (index: number, field: string): string | undefined => errors[`lines.${index}.${field}`],
    reasons,
    rules: quote.approval.rules,
    asking,
    setAsking,
    onAsk,
    askPending: ask.isPending,
    leave,
    /** The draft on screen differs from the one stored (Save as template reads the stored one). */
    dirty,
    set,
    setLine,
    moveLine: (index: number, by: -1 | 1) => set('lines', moveLine(draft.lines, index, by)),
    removeLine: (key: string) =>
      set(
        'lines',
        draft.lines.filter((l) => l.key !== key),
      ),
    addFreeLine: () => set('lines', [...draft.lines, freeLine()]),
    addProduct,
    customerPrice,
    adding,
    full: draft.lines.length >= QUOTE_LIMITS.lines,
    saving: save.isPending,
    busy: save.isPending || send.isPending,
    deleting: remove.isPending,
    confirming,
    setConfirming,
    confirmingDelete,
    setConfirmingDelete,
    onSave,
    onSend,
    onDelete,
  };
}

export type QuoteDraft = ReturnType<typeof useQuoteDraft>;
