import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#domain/constants';
import { SHOP_TEXT } from '#domain/shop-texts';
import { renderBasket } from '../../server/modules/shop/render/basket';
import { yourPriceSlot } from '../../server/modules/shop/render/your-price';
import { addToBasket } from './basket';
import { initBasketPage } from './basket-page';
import { type BuyerPrice, fetchBuyerPrices, initYourPrices, VARIANT_CHANGE } from './your-price';

const AGREED: BuyerPrice['source'] = { type: 'price_list', id: 3, name: 'Acme 2027' };

/** Answers each call from `answer(url)`, as the server would, and records the URLs asked. */
function fakePrices(answer: (url: URL) => BuyerPrice[], status = 200) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'https://shop.example');
    return new Response(JSON.stringify(status === 200 ? { data: answer(url) } : { error: 'Sign in' }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
}

const idsOf = (url: URL, name: string) =>
  (url.searchParams.get(name) ?? '').split(',').filter(Boolean).map(Number);

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

/** A product page's slot and a card's, as the cached HTML holds them. */
function pageWithSlots() {
  document.body.innerHTML = `<div class="product-summary">${yourPriceSlot({ currency: 'USD', variantId: 21, price: 40, prefetch: [21, 22] })}</div>
<ul><li class="card">${yourPriceSlot({ currency: 'USD', productId: 7, price: 12, from: true })}</li>
<li class="card">${yourPriceSlot({ currency: 'USD', productId: 8, price: 5 })}</li></ul>`;
  const [product, card, plain] = [...document.querySelectorAll<HTMLElement>('[data-your-price]')];
  return { product, card, plain };
}

describe('"Your price" on the product page and the cards', () => {
  it('asks nothing for a visitor and leaves the page as it is', async () => {
    const fetch = fakePrices(() => []);
    const { product, card } = pageWithSlots();
    await initYourPrices();
    expect(fetch).not.toHaveBeenCalled();
    expect(product.hidden).toBe(true);
    expect(card.hidden).toBe(true);
  });

  it("shows a signed-in buyer's price where it differs, in one call, and follows the picker's variant", async () => {
    localStorage.setItem(STORAGE_KEYS.buyerToken, 'bt_test');
    const fetch = fakePrices((url) => [
      ...idsOf(url, 'variant_ids').map((id) => ({
        variant_id: id,
        unit_price: id === 21 ? 31.17 : 18,
        list_price: id === 21 ? 40 : 20,
        source: id === 21 ? AGREED : { type: 'tier' as const, min_quantity: 10 },
      })),
      ...idsOf(url, 'product_ids').map((id) => ({
        variant_id: id * 10,
        product_id: id,
        unit_price: id === 7 ? 9.5 : 5,
        list_price: id === 7 ? 12 : 5,
        source: id === 7 ? AGREED : { type: 'list' as const },
      })),
    ]);
    const { product, card, plain } = pageWithSlots();
    await initYourPrices();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [input, init] = fetch.mock.calls[0];
    const url = new URL(String(input), 'https://shop.example');
    expect(url.pathname).toBe('/api/account/prices');
    expect(idsOf(url, 'variant_ids')).toEqual([21, 22]);
    expect(idsOf(url, 'product_ids')).toEqual([7, 8]);
    expect(url.searchParams.get('quantity')).toBe('1');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer bt_test');

    expect(product.hidden).toBe(false);
    expect(product.textContent).toBe(`${SHOP_TEXT.yourPrice} $31.17 Agreement: Acme 2027`);
    expect(card.textContent).toBe(`${SHOP_TEXT.yourPriceFrom} $9.50 Agreement: Acme 2027`);
    // The same price as shown: nothing to add.
    expect(plain.hidden).toBe(true);

    // The picker shows variant 22: its price is drawn from the same answer.
    product.dataset.variantId = '22';
    product.dataset.price = '20';
    document.dispatchEvent(new Event(VARIANT_CHANGE));
    expect(product.textContent).toBe(`${SHOP_TEXT.yourPrice} $18.00 10+ tier`);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('says nothing when the session has ended (401)', async () => {
    localStorage.setItem(STORAGE_KEYS.buyerToken, 'bt_old');
    fakePrices(() => [], 401);
    const { product, card } = pageWithSlots();
    await expect(initYourPrices()).resolves.toBeUndefined();
    expect(product.hidden).toBe(true);
    expect(card.hidden).toBe(true);
  });
});

describe('the buyer prices call', () => {
  it('asks once per quantity, at most 100 ids a call, each id once', async () => {
    localStorage.setItem(STORAGE_KEYS.buyerToken, 'bt_test');
    const fetch = fakePrices(() => []);
    const many = Array.from({ length: 150 }, (_, i) => ({ variant_id: i + 1, quantity: 1 }));
    await fetchBuyerPrices([...many, { variant_id: 1, quantity: 1 }, { product_id: 5, quantity: 10 }]);
    const urls = fetch.mock.calls.map(([input]) => new URL(String(input), 'https://shop.example'));
    expect(
      urls.map((u) => [
        idsOf(u, 'variant_ids').length,
        idsOf(u, 'product_ids'),
        u.searchParams.get('quantity'),
      ]),
    ).toEqual([
      [100, [], '1'],
      [50, [], '1'],
      [0, [5], '10'],
    ]);
  });
});

describe("the basket's totals for a signed-in buyer", () => {
  it("use their prices at each line's quantity, and say so", async () => {
    localStorage.setItem(STORAGE_KEYS.buyerToken, 'bt_test');
    const fetch = fakePrices((url) => {
      const quantity = Number(url.searchParams.get('quantity'));
      return [
        ...idsOf(url, 'variant_ids').map((id) => ({
          variant_id: id,
          unit_price: 6,
          list_price: 6,
          source: { type: 'list' as const },
        })),
        ...idsOf(url, 'product_ids').map((id) => ({
          variant_id: 70,
          product_id: id,
          unit_price: quantity >= 10 ? 9.5 : 10,
          list_price: 10,
          source: quantity >= 10 ? { type: 'tier' as const, min_quantity: 10 } : { type: 'list' as const },
        })),
      ];
    });
    addToBasket({ product_id: 7, slug: 'tape', name: 'Tape', sku: null, image: null, price: 10 }, 10, 100);
    addToBasket(
      { product_id: 11, slug: 'gloves', name: 'Gloves', sku: null, image: null, price: 6, variant_id: 21 },
      2,
      100,
    );
    const page = new DOMParser().parseFromString(
      renderBasket({
        companyName: 'Stockroom',
        publicUrl: 'https://shop.example',
        currency: 'USD',
        assets: { script: null, styles: [], preload: [] },
      }),
      'text/html',
    );
    const root = page.querySelector<HTMLElement>('[data-basket]')!;
    document.body.replaceChildren(document.adoptNode(root));
    initBasketPage(root);

    await waitFor(() => expect(document.querySelector('[data-estimate-total]')?.textContent).toBe('$107.00'));
    // Ten tapes at the 10+ break, two gloves at the price shown: one call per quantity.
    // (The web tests share one jsdom: another file's basket pages may ask the same again.)
    expect(new Set(fetch.mock.calls.map(([input]) => String(input)))).toEqual(
      new Set([
        '/api/account/prices?product_ids=7&quantity=10',
        '/api/account/prices?variant_ids=21&quantity=2',
      ]),
    );
    const tape = document.querySelector<HTMLElement>('.basket-line[data-product-id="7"]')!;
    expect(tape.querySelector('[data-line-your-price]')?.textContent).toBe(
      `${SHOP_TEXT.yourPrice} $9.50 10+ tier`,
    );
    expect(tape.querySelector('[data-line-total]')?.textContent).toBe(`${SHOP_TEXT.lineTotal}: $95.00`);
    const gloves = document.querySelector<HTMLElement>('.basket-line[data-product-id="11"]')!;
    expect(gloves.querySelector('[data-line-your-price]')).toBeNull();
    expect(screen.getByText(SHOP_TEXT.yourPricesNote).hidden).toBe(false);
    expect(document.querySelector<HTMLElement>('[data-estimate-note]')!.hidden).toBe(true);
  });

  it('keep the prices shown for a visitor, asking nothing', () => {
    const fetch = fakePrices(() => []);
    addToBasket({ product_id: 7, slug: 'tape', name: 'Tape', sku: null, image: null, price: 10 }, 10, 100);
    const page = new DOMParser().parseFromString(
      renderBasket({
        companyName: 'Stockroom',
        publicUrl: 'https://shop.example',
        currency: 'USD',
        assets: { script: null, styles: [], preload: [] },
      }),
      'text/html',
    );
    const root = page.querySelector<HTMLElement>('[data-basket]')!;
    document.body.replaceChildren(document.adoptNode(root));
    initBasketPage(root);
    expect(document.querySelector('[data-estimate-total]')?.textContent).toBe('$100.00');
    expect(fetch).not.toHaveBeenCalled();
    expect(document.querySelector<HTMLElement>('[data-your-prices-note]')!.hidden).toBe(true);
    expect(document.querySelector<HTMLElement>('[data-estimate-note]')!.hidden).toBe(false);
  });
});
