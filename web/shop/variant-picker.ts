import { type ChoosableVariant, valueTarget } from '#domain/variant-choice';
import { el } from './dom';
import { TEXT } from './texts';
import { VARIANT_CHANGE } from './your-price';

/** A variant as the page's data block gives it (server/modules/shop/render/variants.ts). */
type PageVariant = ChoosableVariant & {
  sku: string | null;
  price: number;
  priceHtml: string;
  /** Its quantity breaks as the server lists them, or empty. */
  tiersHtml: string;
  label: string;
  image: { url: string; thumb: string | null } | null;
  specs: { label: string; value: string }[];
};
type PickerData = { path: string; currency: string; variants: PageVariant[] };

const NOTES: Record<string, string> = {
  other: `, ${TEXT.valueWithOthers}`,
  none: `, ${TEXT.valueUnavailable}`,
};

/**
 * The product page's option selectors: choosing a value shows its variant in place (price, SKU,
 * image, spec values, what "Add to quote" adds) and keeps the address in step (`?variant=`),
 * where without the script each value is a link to that address. Each option is a radio group:
 * the arrow keys move the choice, as they do among radio buttons.
 */
export function initVariantPicker(root: HTMLElement) {
  const block = root.querySelector<HTMLScriptElement>('[data-variant-data]');
  if (!block) return;
  const data = JSON.parse(block.textContent ?? '{}') as PickerData;
  const page = root.closest('.product-page') ?? document;
  const form = page.querySelector<HTMLFormElement>('[data-add-to-quote]');
  const groups = [...root.querySelectorAll<HTMLElement>('[role="radiogroup"]')];
  const main = page.querySelector<HTMLImageElement>('[data-gallery-main]');
  const thumbs = [...page.querySelectorAll<HTMLAnchorElement>('[data-gallery-thumb]')];
  const firstImage = thumbs[0] ? { src: thumbs[0].href, alt: thumbs[0].dataset.alt ?? '' } : null;
  const productSpecs = new Set(
    [...page.querySelectorAll<HTMLElement>('td[data-spec]')].map((td) => td.dataset.spec),
  );
  const byId = new Map(data.variants.map((v) => [v.id, v]));
  let chosen = byId.get(Number(form?.dataset.variantId)) ?? data.variants[0];
  if (!chosen) return;

  const hrefOf = (v: PageVariant) => `${data.path}?variant=${v.id}`;

  function drawRadios() {
    groups.forEach((group, index) => {
      for (const radio of group.querySelectorAll<HTMLAnchorElement>('[role="radio"]')) {
        const { state, target } = valueTarget(data.variants, chosen, index, radio.dataset.value ?? '');
        radio.dataset.state = state;
        radio.setAttribute('aria-checked', String(state === 'chosen'));
        radio.tabIndex = state === 'chosen' ? 0 : -1;
        if (target) {
          radio.href = hrefOf(target);
          radio.removeAttribute('aria-disabled');
        } else {
          radio.removeAttribute('href');
          radio.setAttribute('aria-disabled', 'true');
        }
        const note = radio.querySelector('[data-value-note]');
        if (note) note.textContent = NOTES[state] ?? '';
      }
      const shown = group.parentElement?.querySelector('[data-option-chosen]');
      if (shown) shown.textContent = chosen.values[index];
    });
  }

  function drawSpecs() {
    const over = new Map(chosen.specs.map((s) => [s.label.trim().toLowerCase(), s.value]));
    for (const td of page.querySelectorAll<HTMLElement>('td[data-spec]'))
      td.textContent = over.get(td.dataset.spec ?? '') ?? td.dataset.base ?? '';
    const facts = page.querySelector('[data-facts]');
    for (const row of page.querySelectorAll('[data-variant-spec]')) row.remove();
    for (const s of chosen.specs)
      if (!productSpecs.has(s.label.trim().toLowerCase()))
        facts?.append(el('div', { 'data-variant-spec': true }, el('dt', {}, s.label), el('dd', {}, s.value)));
  }

  function drawImage() {
    if (!main) return;
    const thumb = chosen.image ? thumbs.find((t) => t.href.endsWith(chosen.image?.url ?? '')) : thumbs[0];
    const src = thumb?.href ?? chosen.image?.url ?? firstImage?.src;
    if (!src) return;
    main.src = src;
    main.alt = thumb?.dataset.alt ?? firstImage?.alt ?? main.alt;
    for (const t of thumbs) t.toggleAttribute('aria-current', t === thumb);
    thumb?.setAttribute('aria-current', 'true');
  }

  function choose(variant: PageVariant) {
    chosen = variant;
    drawRadios();
    const price = page.querySelector('[data-variant-price]');
    // The server's own markup for this variant's price (escaped there), as its page would show it.
    if (price) price.innerHTML = variant.priceHtml;
    const tiers = page.querySelector('[data-variant-tiers]');
    if (tiers) tiers.innerHTML = variant.tiersHtml;
    // A signed-in buyer's price follows the variant (web/shop/your-price.ts).
    const yours = page.querySelector<HTMLElement>('[data-your-price]');
    if (yours) {
      yours.dataset.variantId = String(variant.id);
      yours.dataset.price = String(variant.price);
    }
    const sku = page.querySelector('[data-variant-sku]');
    if (sku) sku.textContent = variant.sku ?? '';
    drawSpecs();
    drawImage();
    if (form) {
      form.dataset.variantId = String(variant.id);
      form.dataset.sku = variant.sku ?? '';
      form.dataset.price = String(variant.price);
      form.dataset.options = variant.label;
      if (variant.image?.thumb) form.dataset.image = variant.image.thumb;
      else if (form.dataset.productImage !== undefined) form.dataset.image = form.dataset.productImage;
      const status = form.querySelector('[data-add-status]');
      if (status) status.textContent = '';
    }
    history.replaceState(history.state, '', hrefOf(variant));
    document.dispatchEvent(new Event(VARIANT_CHANGE));
  }

  const targetOf = (radio: HTMLAnchorElement) => {
    const id = Number(new URL(radio.href, location.href).searchParams.get('variant'));
    return byId.get(id);
  };

  groups.forEach((group) => {
    const radios = () => [...group.querySelectorAll<HTMLAnchorElement>('[role="radio"]')];
    group.addEventListener('click', (event) => {
      const radio = (event.target as HTMLElement).closest<HTMLAnchorElement>('[role="radio"]');
      if (!radio) return;
      event.preventDefault();
      const target = radio.hasAttribute('href') ? targetOf(radio) : undefined;
      if (target) choose(target);
    });
    group.addEventListener('keydown', (event) => {
      const radio = (event.target as HTMLElement).closest<HTMLAnchorElement>('[role="radio"]');
      if (!radio) return;
      if (event.key === ' ' || event.key === 'Enter') {
        event.preventDefault();
        radio.click();
        return;
      }
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
      if (!step) return;
      event.preventDefault();
      const all = radios();
      const usable = all.filter((r) => r.hasAttribute('href'));
      const at = usable.indexOf(radio);
      const next = usable[(at + step + usable.length) % usable.length];
      if (!next) return;
      next.click();
      // Redrawn, the value's element is the same: its group's chosen radio takes the focus.
      (all.find((r) => r === next) ?? next).focus();
    });
  });
}
