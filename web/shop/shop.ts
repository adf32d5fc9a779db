// The shop's one script (vite.config.ts builds it as an entry of its own): each page works
// without it, and it adds what needs the browser (the quote basket, the gallery's choice, a brand
// applied as it is chosen).
import './shop.css';
import { initAddToQuote } from './add-to-quote';
import { initBasketPage } from './basket-page';
import { initBrandFilter, initFiltersFold } from './filters';
import { initGallery } from './gallery';
import { initAccountLink, initBasketCount } from './header';
import { initVariantPicker } from './variant-picker';
import { initYourPrices } from './your-price';

initBasketCount();
initAccountLink();
for (const details of document.querySelectorAll<HTMLDetailsElement>('[data-filters]'))
  initFiltersFold(details);
// The brand and the sort apply as they are chosen.
for (const form of document.querySelectorAll<HTMLFormElement>('[data-brand-filter], [data-select-filter]'))
  initBrandFilter(form);
for (const gallery of document.querySelectorAll<HTMLElement>('[data-gallery]')) initGallery(gallery);
for (const picker of document.querySelectorAll<HTMLElement>('[data-variant-picker]'))
  initVariantPicker(picker);
for (const form of document.querySelectorAll<HTMLFormElement>('[data-add-to-quote]')) initAddToQuote(form);
initYourPrices();
const basket = document.querySelector<HTMLElement>('[data-basket]');
if (basket) initBasketPage(basket);
