import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_STATUS_TEXT, type ProductBundle, type ProductStatus } from '#domain/products';
import { api } from '../../api/client';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInAs } from '../../test/signedIn';
import { BasicPriceForm } from './BasicPriceForm';
import { PublishButton, ViewInShopButton } from './ProductStatusActions';

const bundleOf = (status: ProductStatus): ProductBundle => ({
  base: {
    id: 7,
    name: 'Oak chair',
    slug: 'oak-chair',
    sku: 'OC-1',
    brand: 'Nordic',
    category: null,
    description: null,
    brand_id: 3,
    category_id: null,
    mrp: 120,
    status,
  },
  price: { mrp: 120, final: 102 },
  discounts: { best: null, own: { type: 'percent', value: 15 } },
  images: [],
  lists: [],
  specGroups: [],
  tables: [],
  layout: { blocks: [] },
  options: [],
  variants: [],
  price_range: null,
});

/** What the update sends for this product whatever the status: its stored fields, unchanged. */
const storedBody = {
  name: 'Oak chair',
  sku: 'OC-1',
  description: null,
  brand_id: 3,
  category_id: null,
  pricing: { mrp: 120, discountPercent: 15 },
};

/** An editor's session: its /me answers the editor's permissions, which Publish needs. */
function putSpy() {
  const me = signedInAs('editor');
  vi.spyOn(api, 'get').mockImplementation(async (url) => {
    if (url === '/me') return { data: me };
    // The brand select asks for its options; none are needed here.
    return { data: { data: [] } };
  });
  return vi.spyOn(api, 'put').mockImplementation(async (_url, body) => ({ data: body }));
}

afterEach(() => vi.restoreAllMocks());

describe('PublishButton', () => {
  it('publishes a draft with its stored fields and says so', async () => {
    const put = putSpy();
    renderWithProviders(
      [{ path: '/', element: <PublishButton bundle={bundleOf('draft')} slug="oak-chair" /> }],
      '/',
    );
    await userEvent.click(await screen.findByRole('button', { name: PRODUCT_STATUS_TEXT.publish }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put).toHaveBeenCalledWith('/products/7', { ...storedBody, status: 'published' });
    expect(await screen.findByText(PRODUCT_STATUS_TEXT.publishedToast)).toBeTruthy();
  });

  it('takes a published product back to draft', async () => {
    const put = putSpy();
    renderWithProviders(
      [{ path: '/', element: <PublishButton bundle={bundleOf('published')} slug="oak-chair" /> }],
      '/',
    );
    await userEvent.click(await screen.findByRole('button', { name: PRODUCT_STATUS_TEXT.unpublish }));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/products/7', { ...storedBody, status: 'draft' }));
    expect(await screen.findByText(PRODUCT_STATUS_TEXT.unpublishedToast)).toBeTruthy();
  });
});

describe('BasicPriceForm', () => {
  it('saves a draft as a draft', async () => {
    const put = putSpy();
    renderWithProviders(
      [
        {
          path: '/',
          element: (
            <BasicPriceForm
              bundle={bundleOf('draft')}
              slug="oak-chair"
              onDone={() => {}}
              onCancel={() => {}}
            />
          ),
        },
      ],
      '/',
    );
    await userEvent.clear(screen.getByLabelText('Name', { exact: true }));
    await userEvent.type(screen.getByLabelText('Name', { exact: true }), 'Oak chair II');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/products/7', {
        ...storedBody,
        name: 'Oak chair II',
        status: 'draft',
      }),
    );
  });
});

describe('ViewInShopButton', () => {
  it("opens a published product's shop page in a new tab", () => {
    renderWithProviders(
      [{ path: '/', element: <ViewInShopButton base={bundleOf('published').base} /> }],
      '/',
    );
    const link = screen.getByRole('link', { name: PRODUCT_STATUS_TEXT.viewInShop });
    expect(link.getAttribute('href')).toBe('/shop/oak-chair');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('is disabled for a draft, and says why', () => {
    renderWithProviders([{ path: '/', element: <ViewInShopButton base={bundleOf('draft').base} /> }], '/');
    expect(screen.queryByRole('link')).toBeNull();
    const button = screen.getByRole('button', { name: PRODUCT_STATUS_TEXT.viewInShop });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText(PRODUCT_STATUS_TEXT.viewInShopDraft).id).toBe(
      button.getAttribute('aria-describedby'),
    );
  });
});
