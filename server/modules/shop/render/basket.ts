import { TEXT_LIMITS } from '#domain/constants';
import { INQUIRY_LIMITS, INQUIRY_TEXT } from '#domain/inquiries';
import { SHOP_TEXT } from '#domain/shop-texts';
import { html, type SafeHtml } from './html';
import { layout, type ShopChrome } from './layout';

/** A marker count, replaced by the real one in the script: the subject's words stay in domain/. */
const COUNT_MARK = 987654321;

type Field = {
  name: 'name' | 'email' | 'phone' | 'company' | 'message';
  label: string;
  max: number;
  required: boolean;
  type?: string;
  autocomplete: string;
};

const FIELDS: Field[] = [
  { name: 'name', label: SHOP_TEXT.name, max: TEXT_LIMITS.name, required: true, autocomplete: 'name' },
  {
    name: 'email',
    label: SHOP_TEXT.email,
    max: TEXT_LIMITS.email,
    required: true,
    type: 'email',
    autocomplete: 'email',
  },
  {
    name: 'phone',
    label: SHOP_TEXT.phone,
    max: INQUIRY_LIMITS.phone,
    required: false,
    type: 'tel',
    autocomplete: 'tel',
  },
  {
    name: 'company',
    label: SHOP_TEXT.company,
    max: INQUIRY_LIMITS.company,
    required: false,
    autocomplete: 'organization',
  },
  {
    // The basket's products say what is asked: a message is for anything more.
    name: 'message',
    label: SHOP_TEXT.message,
    max: INQUIRY_LIMITS.message,
    required: false,
    autocomplete: 'off',
  },
];

function field(f: Field): SafeHtml {
  const id = `quote-${f.name}`;
  const label = html`<label for="${id}">${f.label}${
    f.required ? '' : html` <span class="optional">(${SHOP_TEXT.optional})</span>`
  }</label>`;
  const attrs = html`id="${id}" name="${f.name}" maxlength="${f.max}" autocomplete="${f.autocomplete}"${
    f.required ? html` required` : ''
  } aria-describedby="${id}-error"`;
  const control =
    f.name === 'message'
      ? html`<textarea ${attrs} rows="5"></textarea>`
      : html`<input ${attrs} type="${f.type ?? 'text'}">`;
  return html`<div class="field field-${f.name}">${label}${control}<p class="field-error" id="${id}-error" data-error-for="${f.name}" hidden></p></div>`;
}

/**
 * The quote basket's page. The lines live in the visitor's browser (localStorage), so the
 * script draws them and sends the request; the page holds the form, the empty state and the
 * confirmation, and says plainly what it needs when scripts are off.
 */
export function renderBasket(chrome: ShopChrome): string {
  const main = html`<div class="wrap basket-page" data-basket
 data-currency="${chrome.currency}"
 data-subject-one="${INQUIRY_TEXT.basketSubject(1)}"
 data-subject-many="${INQUIRY_TEXT.basketSubject(COUNT_MARK).replace(String(COUNT_MARK), '{n}')}"
 data-min-fill-ms="${INQUIRY_LIMITS.minFillMs}"
 data-max-quantity="${INQUIRY_LIMITS.quantity}">
<h1>${SHOP_TEXT.basketTitle}</h1>
<noscript><p class="notice">${SHOP_TEXT.needsScript}</p></noscript>
<div class="empty-state" data-basket-empty hidden>
<p>${SHOP_TEXT.basketEmpty}</p>
<p><a href="/shop">${SHOP_TEXT.browseShop}</a></p>
</div>
<div class="confirmation" data-basket-sent tabindex="-1" hidden>
<h2>${SHOP_TEXT.sentTitle}</h2>
<p>${SHOP_TEXT.sent}</p>
<p data-reference-line hidden>${SHOP_TEXT.reference} <strong class="reference" data-reference></strong></p>
<p><a href="/shop">${SHOP_TEXT.continueShopping}</a></p>
</div>
<div class="basket-body" data-basket-body hidden>
<p class="intro">${SHOP_TEXT.basketIntro}</p>
<div class="alert" role="alert" data-basket-alert hidden></div>
<section aria-labelledby="basket-lines-heading">
<h2 id="basket-lines-heading">${SHOP_TEXT.productsHeading}</h2>
<ul class="basket-lines" data-basket-lines></ul>
<div class="basket-estimate" data-basket-estimate hidden>
<p class="estimate-total"><span>${SHOP_TEXT.estimatedTotal}</span> <strong data-estimate-total></strong></p>
<p class="note" data-estimate-note></p>
<p class="note" data-your-prices-note hidden>${SHOP_TEXT.yourPricesNote}</p>
</div>
<p class="note">${SHOP_TEXT.pricesNote}</p>
</section>
<form class="quote-form" data-quote-form method="post">
<h2>${SHOP_TEXT.contactHeading}</h2>
<div class="field-grid">
${FIELDS.map(field)}
</div>
<div class="hp" aria-hidden="true">
<label for="quote-website">${SHOP_TEXT.honeypot}</label>
<input id="quote-website" name="website" type="text" tabindex="-1" autocomplete="off">
</div>
<button type="submit" class="button-primary" data-send>${SHOP_TEXT.send}</button>
</form>
</div>
</div>`;
  return layout(chrome, { title: SHOP_TEXT.basketTitle, canonical: '/shop/quote', noindex: true }, main);
}
