import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { shopText } from '#domain/shop-texts';
import { renderBasket } from '../../server/modules/shop/render/basket';
import { addToBasket } from './basket';
import { initBasketPage } from './basket-page';

const SITE = {
  companyName: 'Stockroom',
  publicUrl: 'https://shop.example',
  currency: 'EUR',
  assets: { script: null, styles: [], preload: [] },
  locales: { default: 'en', all: ['en', 'de'] },
};

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** Sends a one-line basket from the basket page in a language; the request's body. */
async function send(locale: string) {
  vi.restoreAllMocks();
  document.body.replaceChildren();
  addToBasket(
    { product_id: 7, slug: 'oak-chair', name: 'Oak chair', sku: null, image: null, price: 10 },
    1,
    10,
  );
  const page = new DOMParser().parseFromString(
    renderBasket({ ...SITE, locale, text: shopText(locale) }),
    'text/html',
  );
  const root = page.querySelector<HTMLElement>('[data-basket]')!;
  root.dataset.minFillMs = '0';
  document.body.replaceChildren(document.adoptNode(root));
  initBasketPage(root);
  const fetch = vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response('{"reference":"INQ-1"}', { status: 201 }));
  const text = shopText(locale);
  await userEvent.type(screen.getByLabelText(text.name), 'Nina North');
  await userEvent.type(screen.getByLabelText(text.email), 'nina@example.com');
  await userEvent.click(document.querySelector<HTMLButtonElement>('[data-send]')!);
  await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  return JSON.parse(String(fetch.mock.calls[0][1]?.body));
}

it("names the page's language in the request only where it is not the default", async () => {
  expect(await send('de')).toMatchObject({ locale: 'de' });
  expect(await send('en')).not.toHaveProperty('locale');
});
