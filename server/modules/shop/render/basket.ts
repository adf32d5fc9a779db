import { TEXT_LIMITS } from '#domain/constants';
import { INQUIRY_LIMITS, INQUIRY_TEXT } from '#domain/inquiries';
import type { ShopText } from '#domain/shop-texts';
import { html, type SafeHtml } from './html';
import { layout, pageChrome, type ShopChrome, shopHref } from './layout';

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

const fields = (SHOP_TEXT: ShopText): Field[] => [
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

function field(text: ShopText, f: Field): SafeHtml {
  const id = `quote-${f.name}`;
  const label = html`<label for="${id}">${f.label}${
    f.required ? '' : html` <span class="optional">(${text.optional})</span>`
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
export function renderBasket(site: ShopChrome): string {
  const chrome = pageChrome(site);
  const { text } = chrome;
  const shop = shopHref(chrome, '/shop');
  // The request is sent in the page's language, named only where it is not the default one.
  const locale = chrome.locale === chrome.locales.default ? null : chrome.locale;
  const main = html`<div class="wrap basket-page" data-basket
 data-currency="${chrome.currency}"
 data-subject-one="${INQUIRY_TEXT.basketSubject(1)}"
 data-subject-many="${INQUIRY_TEXT.basketSubject(COUNT_MARK).replace(String(COUNT_MARK), '{n}')}"
 data-min-fill-ms="${INQUIRY_LIMITS.minFillMs}"
 data-max-quantity="${INQUIRY_LIMITS.quantity}"${locale ? html` data-locale="${locale}"` : ''}>
<h1>${text.basketTitle}</h1>
<noscript><p class="notice">${text.needsScript}</p></noscript>
<div class="empty-state" data-basket-empty hidden>
<p>${text.basketEmpty}</p>
<p><a href="${shop}">${text.browseShop}</a></p>
</div>
<div class="confirmation" data-basket-sent tabindex="-1" hidden>
<h2>${text.sentTitle}</h2>
<p>${text.sent}</p>
<p data-reference-line hidden>${text.reference} <strong class="reference" data-reference></strong></p>
<p><a href="${shop}">${text.continueShopping}</a></p>
</div>
<div class="basket-body" data-basket-body hidden>
<p class="intro">${text.basketIntro}</p>
<div class="alert" role="alert" data-basket-alert hidden></div>
<section aria-labelledby="basket-lines-heading">
<h2 id="basket-lines-heading">${text.productsHeading}</h2>
<ul class="basket-lines" data-basket-lines></ul>
<div class="basket-estimate" data-basket-estimate hidden>
<p class="estimate-total"><span>${text.estimatedTotal}</span> <strong data-estimate-total></strong></p>
<p class="note" data-estimate-note></p>
<p class="note" data-your-prices-note hidden>${text.yourPricesNote}</p>
</div>
<p class="note">${text.pricesNote}</p>
</section>
<form class="quote-form" data-quote-form method="post">
<h2>${text.contactHeading}</h2>
<div class="field-grid">
${fields(text).map((f) => field(text, f))}
</div>
<div class="hp" aria-hidden="true">
<label for="quote-website">${text.honeypot}</label>
<input id="quote-website" name="website" type="text" tabindex="-1" autocomplete="off">
</div>
<button type="submit" class="button-primary" data-send>${text.send}</button>
</form>
</div>
</div>`;
  return layout(chrome, { title: text.basketTitle, canonical: '/shop/quote', noindex: true }, main);
}
