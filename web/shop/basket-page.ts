import { bigCentsToDecimal } from '#domain/money';
import { basketEstimate } from '#domain/pricing';
import { DEFAULT_CURRENCY } from '#domain/settings';
import {
  type BasketLine,
  clearBasket,
  lineKey,
  onBasketChange,
  readBasket,
  removeFromBasket,
  setQuantity,
} from './basket';
import { el } from './dom';
import { money, shopPath, TEXT } from './texts';
import {
  askKey,
  type BuyerPrice,
  differs,
  fetchBuyerPrices,
  type PriceAsk,
  yourPriceParts,
} from './your-price';

/** What POST /api/inquiries answers on an error: a message and, per field, what is wrong. */
type ErrorBody = { error?: string; details?: Record<string, string> };

const FORM_FIELDS = ['name', 'email', 'phone', 'company', 'message'] as const;

/** Messages joined into one alert each end as a sentence. */
const sentence = (text: string | undefined) => {
  const t = (text ?? '').trim();
  return t && !/[.!?]$/.test(t) ? `${t}.` : t;
};

/** A line's price × quantity, as the basket shows it. */
const lineTotal = (amount: string) =>
  el('p', { class: 'line-total', 'data-line-total': '' }, `${TEXT.lineTotal}: `, el('strong', {}, amount));

/** The estimated total under the lines, hidden while no line has a price to add up. */
function showEstimate(box: HTMLElement, total: string | null, priced: number, lines: number) {
  box.hidden = total === null;
  const figure = box.querySelector('[data-estimate-total]');
  const note = box.querySelector('[data-estimate-note]');
  if (figure) figure.textContent = total ?? '';
  if (note) note.textContent = TEXT.estimateNote(priced, lines);
}

/** What a line needs from the page it is drawn on: the server's words about lines, and the form. */
type LinePage = {
  unavailable: Map<string, string>;
  lineErrors: Map<string, string>;
  maxQuantity: number;
  formId: string;
  price: (amount: number | `${number}`) => string;
  currency: string;
};

/** What a line's buyer price is asked by: its variant, or its product where the line has none. */
const lineAsk = (line: BasketLine): PriceAsk =>
  line.variant_id
    ? { variant_id: line.variant_id, quantity: line.quantity }
    : { product_id: line.product_id, quantity: line.quantity };

/** One basket line: its product, price, total when priced, quantity field and remove button. */
function lineItem(
  line: BasketLine,
  total: bigint | null,
  page: LinePage,
  yours: BuyerPrice | undefined,
): HTMLLIElement {
  const { unavailable, lineErrors, price } = page;
  // By product and variant: two sizes of one product are two lines.
  const id = lineKey(line);
  const domId = id.replace(':', '-');
  const errorId = `line-${domId}-error`;
  const problem = unavailable.get(id) ?? lineErrors.get(id);
  const quantity = el('input', {
    id: `line-${domId}-quantity`,
    type: 'number',
    inputmode: 'numeric',
    min: 1,
    max: page.maxQuantity,
    step: 1,
    required: true,
    value: line.quantity,
    form: page.formId,
    // Every line has a "Quantity" field: its name says whose.
    'aria-label': TEXT.quantityOf(line.name),
    'aria-describedby': problem ? errorId : null,
    'aria-invalid': lineErrors.has(id) ? 'true' : null,
  });
  quantity.addEventListener('change', () => {
    lineErrors.delete(id);
    quantity.removeAttribute('aria-invalid');
    // A quantity the form would refuse stays on screen for the visitor to fix, unsaved.
    if (quantity.checkValidity()) setQuantity(id, Number(quantity.value));
  });
  const remove = el('button', { type: 'button', class: 'button-link' }, TEXT.remove);
  remove.setAttribute('aria-label', TEXT.removeNamed(line.name));
  remove.addEventListener('click', () => {
    unavailable.delete(id);
    lineErrors.delete(id);
    removeFromBasket(id);
  });
  return el(
    'li',
    {
      class: `basket-line${unavailable.has(id) ? ' is-unavailable' : ''}`,
      'data-product-id': line.product_id,
      'data-variant-id': line.variant_id ?? null,
    },
    el(
      'div',
      { class: 'line-image' },
      line.image
        ? el('img', { src: line.image, alt: '', width: 80, height: 80, loading: 'lazy', decoding: 'async' })
        : el('span', { class: 'no-image' }, TEXT.noImage),
    ),
    el(
      'div',
      { class: 'line-main' },
      el(
        'a',
        {
          class: 'line-name',
          href: shopPath(
            line.variant_id ? `/shop/${line.slug}?variant=${line.variant_id}` : `/shop/${line.slug}`,
          ),
        },
        line.name,
      ),
      line.options ? el('p', { class: 'line-options', 'data-line-options': '' }, line.options) : null,
      el(
        'p',
        { class: 'line-meta' },
        line.sku ? `${TEXT.skuLabel}: ${line.sku} · ` : '',
        `${TEXT.unitPrice}: ${price(line.price)}`,
      ),
      // A signed-in buyer's own price at this quantity, where it is not the one shown.
      differs(yours, line.price)
        ? el(
            'p',
            { class: 'your-price', 'data-line-your-price': '' },
            ...yourPriceParts(yours, page.currency),
          )
        : null,
      total === null ? null : lineTotal(price(bigCentsToDecimal(total))),
      problem ? el('p', { class: 'line-error', id: errorId }, problem) : null,
    ),
    el(
      'div',
      { class: 'line-quantity' },
      el('label', { for: `line-${domId}-quantity` }, TEXT.quantity),
      quantity,
    ),
    el('div', { class: 'line-remove' }, remove),
  );
}

/**
 * The quote basket's page (/shop/quote): draws the basket's lines, keeps quantities and removals
 * in the basket, and sends the request. Nothing the visitor chose is ever dropped silently: a
 * product that is no longer available stays in the list, marked, until they remove it.
 */
export function initBasketPage(root: HTMLElement) {
  const opened = performance.now();
  const data = root.dataset;
  const currency = data.currency ?? DEFAULT_CURRENCY;
  const maxQuantity = Number(data.maxQuantity);
  const minFillMs = Number(data.minFillMs);
  const q = <T extends HTMLElement>(selector: string) => root.querySelector<T>(selector) as T;
  const body = q('[data-basket-body]');
  const empty = q('[data-basket-empty]');
  const sent = q('[data-basket-sent]');
  const list = q<HTMLUListElement>('[data-basket-lines]');
  const form = q<HTMLFormElement>('[data-quote-form]');
  const alert = q('[data-basket-alert]');
  const send = q<HTMLButtonElement>('[data-send]');
  form.id = 'quote-form';
  /**
   * Products the server refused as no longer available, with the words shown, by product id. The
   * words name the line as the basket stored it: the server names no product it refuses.
   */
  const unavailable = new Map<string, string>();
  /** Errors the server gave a line's quantity, by product id. */
  const lineErrors = new Map<string, string>();
  let sending = false;

  const price = (amount: number | `${number}`) => money(amount, currency);

  const estimate = q('[data-basket-estimate]');
  const linePage: LinePage = { unavailable, lineErrors, maxQuantity, formId: form.id, price, currency };
  const yourPricesNote = q('[data-your-prices-note]');
  const estimateNote = q('[data-estimate-note]');
  /** A signed-in buyer's prices by askKey, as they come; each line and quantity asked once. */
  const buyerPrices = new Map<string, BuyerPrice>();
  const asked = new Set<string>();

  /** Asks for the lines' buyer prices not asked yet, and draws again when they come. */
  function askPrices(lines: BasketLine[]) {
    const missing = lines.map(lineAsk).filter((a) => !asked.has(askKey(a)));
    if (missing.length === 0) return;
    for (const a of missing) asked.add(askKey(a));
    void fetchBuyerPrices(missing).then((found) => {
      if (!found || found.size === 0) return;
      for (const [key, value] of found) buyerPrices.set(key, value);
      render();
    });
  }

  function render() {
    if (!sent.hidden) return;
    const lines = readBasket();
    body.hidden = lines.length === 0;
    empty.hidden = lines.length > 0;
    // Redrawn whole only when the lines change (a removal, another tab): typing a quantity
    // changes the basket without redrawing, so the field keeps its focus.
    const focused = document.activeElement?.id;
    // Products the server refused are no part of the estimate: they cannot be quoted.
    const counted = lines.filter((l) => !unavailable.has(lineKey(l)));
    // A signed-in buyer's totals are at their own prices for these quantities.
    const yours = (l: BasketLine) => buyerPrices.get(askKey(lineAsk(l)));
    const est = basketEstimate(
      counted.map((l) => ({ price: yours(l)?.unit_price ?? l.price, quantity: l.quantity })),
    );
    const totals = new Map(counted.map((l, i) => [lineKey(l), est.lines[i]]));
    list.replaceChildren(
      ...lines.map((l) => lineItem(l, totals.get(lineKey(l)) ?? null, linePage, yours(l))),
    );
    showEstimate(estimate, est.priced ? price(bigCentsToDecimal(est.total)) : null, est.priced, lines.length);
    // Made of the buyer's own prices, the estimate says so instead of naming the prices shown.
    const ownPrices = counted.some((l) => yours(l));
    yourPricesNote.hidden = !ownPrices;
    estimateNote.hidden = ownPrices && est.priced === lines.length;
    askPrices(lines);
    if (focused) document.getElementById(focused)?.focus();
  }

  function showAlert(text: string) {
    alert.textContent = text;
    alert.hidden = false;
  }

  function clearErrors() {
    alert.hidden = true;
    alert.textContent = '';
    lineErrors.clear();
    for (const field of FORM_FIELDS) {
      const message = form.querySelector<HTMLElement>(`[data-error-for="${field}"]`);
      if (message) {
        message.hidden = true;
        message.textContent = '';
      }
      (form.elements.namedItem(field) as HTMLElement | null)?.removeAttribute('aria-invalid');
    }
  }

  function setSending(on: boolean) {
    sending = on;
    send.disabled = on;
    send.textContent = on ? TEXT.sending : TEXT.send;
    form.setAttribute('aria-busy', String(on));
  }

  const value = (name: string) =>
    ((form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '').trim();

  async function submit(lines: BasketLine[]) {
    const n = lines.length;
    const subject = n === 1 ? (data.subjectOne ?? '') : (data.subjectMany ?? '').replace('{n}', String(n));
    const payload = {
      name: value('name'),
      email: value('email'),
      phone: value('phone') || null,
      company: value('company') || null,
      subject,
      message: value('message'),
      // The variant goes with its product where one was chosen; a basket from before variants has none.
      lines: lines.map((l) =>
        l.variant_id
          ? { product_id: l.product_id, variant_id: l.variant_id, quantity: l.quantity }
          : { product_id: l.product_id, quantity: l.quantity },
      ),
      website: (form.elements.namedItem('website') as HTMLInputElement | null)?.value ?? '',
      elapsed_ms: Math.round(performance.now() - opened),
      // The page's language, named only where it is not the default (the page says so).
      ...(data.locale ? { locale: data.locale } : {}),
    };
    const response = await fetch('/api/inquiries', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
    });
    const answer = (await response.json().catch(() => ({}))) as ErrorBody & { reference?: string };
    return { status: response.status, answer };
  }

  function showSent(reference: string | undefined) {
    clearBasket();
    body.hidden = true;
    empty.hidden = true;
    const line = q('[data-reference-line]');
    line.hidden = !reference;
    q('[data-reference]').textContent = reference ?? '';
    sent.hidden = false;
    sent.focus();
  }

  /**
   * The server's words, each next to what it is about: a field, a line, or the alert. A line the
   * server refused as unavailable (`refused`, a 409) is marked with the basket's own name for it.
   */
  function showDetails(
    details: Record<string, string>,
    sentLines: BasketLine[],
    fallback: string,
    refused = false,
  ) {
    const loose: string[] = [];
    let first: HTMLElement | null = null;
    for (const [key, message] of Object.entries(details)) {
      const line = /^lines\.(\d+)\.(\w+)$/.exec(key);
      if (line) {
        const target = sentLines[Number(line[1])];
        if (!target) loose.push(message);
        else if (line[2] === 'product_id' || (refused && line[2] === 'variant_id'))
          unavailable.set(lineKey(target), refused ? TEXT.lineUnavailable(target.name) : message);
        else lineErrors.set(lineKey(target), message);
        continue;
      }
      const field = form.elements.namedItem(key) as HTMLElement | null;
      const slot = form.querySelector<HTMLElement>(`[data-error-for="${key}"]`);
      if (field && slot) {
        slot.textContent = message;
        slot.hidden = false;
        field.setAttribute('aria-invalid', 'true');
        first ??= field;
      } else loose.push(message);
    }
    render();
    showAlert([fallback, ...loose].map(sentence).join(' '));
    first?.focus();
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (sending) return;
    const lines = readBasket();
    if (lines.length === 0) return render();
    clearErrors();
    setSending(true);
    try {
      // A person is never taken for a program: the request waits out the shortest fill time.
      const wait = minFillMs - (performance.now() - opened);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const { status, answer } = await submit(lines);
      if (status === 201 || status === 202) return showSent(answer.reference);
      if (status === 409 && answer.details)
        return showDetails(
          answer.details,
          lines,
          [answer.error, TEXT.fixLines].map(sentence).join(' ').trim(),
          true,
        );
      if (status === 400 && answer.details) return showDetails(answer.details, lines, TEXT.fixFields);
      showAlert(status === 429 || status === 400 ? (answer.error ?? TEXT.sendFailed) : TEXT.sendFailed);
    } catch {
      showAlert(TEXT.sendFailed);
    } finally {
      setSending(false);
    }
  });

  onBasketChange(render);
  render();
}
