import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#domain/constants';
import { INQUIRY_LIMITS, INQUIRY_TEXT } from '#domain/inquiries';
import { SHOP_TEXT } from '#domain/shop-texts';
import { renderBasket } from '../../server/modules/shop/render/basket';
import { initAddToQuote } from './add-to-quote';
import { addToBasket, type BasketLine, readBasket, removeFromBasket, setQuantity } from './basket';
import { initBasketPage } from './basket-page';

const CHAIR: Omit<BasketLine, 'quantity'> = {
  product_id: 7,
  slug: 'oak-chair',
  name: 'Oak chair',
  sku: 'OC-1',
  image: '/images/oak-chair-thumb.webp',
  price: 102,
};
const TABLE: Omit<BasketLine, 'quantity'> = {
  product_id: 9,
  slug: 'oak-table',
  name: 'Oak table',
  sku: null,
  image: null,
  price: 480.5,
};

const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.basket) ?? 'null');

afterEach(() => {
  document.body.replaceChildren();
});

describe('the basket in storage', () => {
  it('adds a product, and adds to its quantity when added again, never past the most', () => {
    addToBasket(CHAIR, 2, 10);
    addToBasket(TABLE, 1, 10);
    addToBasket({ ...CHAIR, price: 99 }, 9, 10);
    expect(stored()).toEqual([
      { ...CHAIR, price: 99, quantity: 10 },
      { ...TABLE, quantity: 1 },
    ]);
  });

  it('changes a quantity, removes a line, and forgets the basket once it is empty', () => {
    addToBasket(CHAIR, 1, 10);
    addToBasket(TABLE, 1, 10);
    setQuantity(9, 5);
    expect(readBasket().map((l) => [l.product_id, l.quantity])).toEqual([
      [7, 1],
      [9, 5],
    ]);
    removeFromBasket(7);
    removeFromBasket(9);
    expect(localStorage.getItem(STORAGE_KEYS.basket)).toBeNull();
  });

  it('reads anything unreadable as no lines, and skips lines that are not lines', () => {
    localStorage.setItem(STORAGE_KEYS.basket, '{not json');
    expect(readBasket()).toEqual([]);
    localStorage.setItem(
      STORAGE_KEYS.basket,
      JSON.stringify([{ ...CHAIR, quantity: 0 }, { name: 'x' }, { ...TABLE, quantity: 2 }]),
    );
    expect(readBasket()).toEqual([{ ...TABLE, quantity: 2 }]);
  });
});

/** The product page's form, with what the server puts on it (server/modules/shop/render/product.ts). */
function productForm(maxLines: number = INQUIRY_LIMITS.lines) {
  document.body.innerHTML = `<form data-add-to-quote data-product-id="7" data-slug="oak-chair" data-name="Oak chair"
 data-sku="OC-1" data-image="/images/oak-chair-thumb.webp" data-price="102" data-max-lines="${maxLines}">
<label for="quantity">Quantity</label>
<input id="quantity" name="quantity" type="number" min="1" max="${INQUIRY_LIMITS.quantity}" step="1" value="1" required>
<button type="submit">Add to quote</button>
<p role="status" data-add-status></p>
</form>`;
  const form = document.querySelector<HTMLFormElement>('[data-add-to-quote]')!;
  initAddToQuote(form);
  return form;
}

describe('Add to quote', () => {
  it('puts the product in the basket with the quantity chosen, and says so', async () => {
    productForm();
    const quantity = screen.getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add to quote' }));
    expect(stored()).toEqual([{ ...CHAIR, quantity: 3 }]);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(`${SHOP_TEXT.added('Oak chair')} ${SHOP_TEXT.viewQuote}`);
    expect(within(status).getByRole('link').getAttribute('href')).toBe('/shop/quote');
  });

  it('refuses a quantity the field does not allow', async () => {
    productForm();
    const quantity = screen.getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Add to quote' }));
    expect(localStorage.getItem(STORAGE_KEYS.basket)).toBeNull();
  });

  it('refuses a new product once the basket is full, but still adds to one already there', async () => {
    addToBasket(TABLE, 1, 10);
    productForm(1);
    await userEvent.click(screen.getByRole('button', { name: 'Add to quote' }));
    expect(screen.getByRole('status').textContent).toContain(SHOP_TEXT.basketFull(1));
    expect(readBasket().map((l) => l.product_id)).toEqual([9]);

    localStorage.clear();
    addToBasket(CHAIR, 1, 10);
    productForm(1);
    await userEvent.click(screen.getByRole('button', { name: 'Add to quote' }));
    expect(readBasket()).toEqual([{ ...CHAIR, quantity: 2 }]);
  });
});

/** The basket page as the server renders it, its script started; no wait before sending. */
function basketPage() {
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
  root.dataset.minFillMs = '0';
  document.body.replaceChildren(document.adoptNode(root));
  initBasketPage(root);
  return root;
}

const lines = () => screen.getAllByRole('listitem').filter((li) => li.classList.contains('basket-line'));

async function fillContact() {
  await userEvent.type(screen.getByLabelText(SHOP_TEXT.name), 'Nina North');
  await userEvent.type(screen.getByLabelText(SHOP_TEXT.email), 'nina@example.com');
  // A basket's products say what is asked, so its message is labelled optional.
  await userEvent.type(
    screen.getByLabelText(`${SHOP_TEXT.message} (${SHOP_TEXT.optional})`),
    'For the new office.',
  );
}

function fakeFetch(status: number, body: unknown) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
}

describe('the basket page', () => {
  it('says the basket is empty when it is', () => {
    basketPage();
    expect(
      screen.getByText(SHOP_TEXT.basketEmpty).closest('[data-basket-empty]')?.hasAttribute('hidden'),
    ).toBe(false);
    expect(document.querySelector<HTMLElement>('[data-basket-body]')!.hidden).toBe(true);
  });

  it('draws each line with its price, link and quantity, and keeps a changed quantity', () => {
    addToBasket(CHAIR, 2, 10);
    addToBasket(TABLE, 1, 10);
    basketPage();
    expect(lines()).toHaveLength(2);
    expect(within(lines()[0]).getByRole('link', { name: 'Oak chair' }).getAttribute('href')).toBe(
      '/shop/oak-chair',
    );
    expect(lines()[0].textContent).toContain('SKU: OC-1');
    expect(lines()[1].textContent).toContain('$480.50');
    const quantity = screen.getByLabelText(SHOP_TEXT.quantityOf('Oak table')) as HTMLInputElement;
    expect(quantity.value).toBe('1');
    quantity.value = '6';
    fireEvent.change(quantity);
    expect(readBasket().find((l) => l.product_id === 9)?.quantity).toBe(6);
    // A quantity the field refuses stays on screen, unsaved.
    quantity.value = '0';
    fireEvent.change(quantity);
    expect(readBasket().find((l) => l.product_id === 9)?.quantity).toBe(6);
  });

  it('removes a line, and shows the empty state after the last one', async () => {
    addToBasket(CHAIR, 1, 10);
    addToBasket(TABLE, 1, 10);
    basketPage();
    await userEvent.click(screen.getByRole('button', { name: SHOP_TEXT.removeNamed('Oak chair') }));
    expect(lines().map((l) => l.dataset.productId)).toEqual(['9']);
    expect(readBasket().map((l) => l.product_id)).toEqual([9]);
    await userEvent.click(screen.getByRole('button', { name: SHOP_TEXT.removeNamed('Oak table') }));
    expect(
      screen.getByText(SHOP_TEXT.basketEmpty).closest('[data-basket-empty]')?.hasAttribute('hidden'),
    ).toBe(false);
  });

  it('follows a basket changed in another tab', () => {
    basketPage();
    localStorage.setItem(STORAGE_KEYS.basket, JSON.stringify([{ ...CHAIR, quantity: 3 }]));
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.basket }));
    expect(lines()).toHaveLength(1);
    expect((screen.getByLabelText(SHOP_TEXT.quantityOf('Oak chair')) as HTMLInputElement).value).toBe('3');
  });

  it('posts the request with the lines and the contact, then empties the basket and shows the reference', async () => {
    addToBasket(CHAIR, 2, 10);
    addToBasket(TABLE, 1, 10);
    const fetch = fakeFetch(201, { reference: 'INQ-2025-0007' });
    basketPage();
    await fillContact();
    await userEvent.type(screen.getByLabelText(SHOP_TEXT.company, { exact: false }), 'Northwind');
    await userEvent.click(screen.getByRole('button', { name: SHOP_TEXT.send }));
    await waitFor(() => expect(screen.getByText('INQ-2025-0007')).toBeTruthy());
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/inquiries');
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({
      name: 'Nina North',
      email: 'nina@example.com',
      phone: null,
      company: 'Northwind',
      subject: INQUIRY_TEXT.basketSubject(2),
      message: 'For the new office.',
      lines: [
        { product_id: 7, quantity: 2 },
        { product_id: 9, quantity: 1 },
      ],
      website: '',
    });
    expect(typeof body.elapsed_ms).toBe('number');
    expect(localStorage.getItem(STORAGE_KEYS.basket)).toBeNull();
    expect(document.querySelector<HTMLElement>('[data-basket-sent]')!.hidden).toBe(false);
  });

  it('keeps two variants of a product as two lines, each with its options and SKU, and sends each variant', async () => {
    const GLOVES = { product_id: 11, slug: 'work-gloves', name: 'Work gloves', image: null };
    addToBasket({ ...GLOVES, sku: 'GLV-M', price: 6, variant_id: 21, options: 'Size: M' }, 2, 10);
    addToBasket({ ...GLOVES, sku: 'GLV-L', price: 7, variant_id: 22, options: 'Size: L' }, 1, 10);
    addToBasket({ ...GLOVES, sku: 'GLV-M', price: 6, variant_id: 21, options: 'Size: M' }, 1, 10);
    const fetch = fakeFetch(201, { reference: 'INQ-2025-0008' });
    basketPage();
    expect(lines()).toHaveLength(2);
    expect(lines()[0].textContent).toContain('Size: M');
    expect(lines()[0].textContent).toContain(`${SHOP_TEXT.skuLabel}: GLV-M`);
    expect(lines()[1].textContent).toContain('Size: L');
    expect(within(lines()[0]).getByRole('link', { name: 'Work gloves' }).getAttribute('href')).toBe(
      '/shop/work-gloves?variant=21',
    );
    await fillContact();
    await userEvent.click(screen.getByRole('button', { name: SHOP_TEXT.send }));
    await waitFor(() => expect(screen.getByText('INQ-2025-0008')).toBeTruthy());
    const body = JSON.parse(String(fetch.mock.calls[0][1]?.body));
    expect(body.lines).toEqual([
      { product_id: 11, variant_id: 21, quantity: 3 },
      { product_id: 11, variant_id: 22, quantity: 1 },
    ]);
  });

  it('marks a line the server refuses as unavailable, keeping it in the basket', async () => {
    addToBasket(CHAIR, 1, 10);
    addToBasket(TABLE, 1, 10);
    fakeFetch(409, {
      error: 'Some products are no longer available',
      details: { 'lines.1.product_id': 'x' },
    });
    basketPage();
    await fillContact();
    await userEvent.click(screen.getByRole('button', { name: SHOP_TEXT.send }));
    await waitFor(() => expect(screen.getByText(SHOP_TEXT.lineUnavailable('Oak table'))).toBeTruthy());
    expect(lines()[1].classList.contains('is-unavailable')).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe(
      `Some products are no longer available. ${SHOP_TEXT.fixLines}`,
    );
    expect(readBasket()).toHaveLength(2);
    expect((screen.getByRole('button', { name: SHOP_TEXT.send }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("puts the server's field errors beside their fields", async () => {
    addToBasket(CHAIR, 1, 10);
    fakeFetch(400, { error: 'Invalid', details: { email: 'Enter a valid e-mail address' } });
    basketPage();
    await fillContact();
    await userEvent.click(screen.getByRole('button', { name: SHOP_TEXT.send }));
    const email = screen.getByLabelText(SHOP_TEXT.email);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('quote-email-error')?.textContent).toBe('Enter a valid e-mail address');
    expect(screen.getByRole('alert').textContent).toBe(SHOP_TEXT.fixFields);
    expect(document.activeElement).toBe(email);
  });

  it('says the request could not be sent when the network fails', async () => {
    addToBasket(CHAIR, 1, 10);
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    basketPage();
    await fillContact();
    await userEvent.click(screen.getByRole('button', { name: SHOP_TEXT.send }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SHOP_TEXT.sendFailed));
    expect(readBasket()).toHaveLength(1);
  });
});
