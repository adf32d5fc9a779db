import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProductBundle } from '#domain/products';
import { fakeApi } from '../../test/fakeApi';
import { fill } from '../../test/fill';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInAs } from '../../test/signedIn';
import { BasicPriceForm } from './BasicPriceForm';

const CHAIR: ProductBundle = {
  base: {
    id: 7,
    name: 'Oak chair',
    slug: 'oak-chair',
    sku: 'OC-1',
    brand: null,
    category: null,
    description: 'A chair of oak',
    brand_id: null,
    category_id: null,
    mrp: 120,
    status: 'draft',
  },
  price: { mrp: 120, final: 120 },
  discounts: { best: null, own: null },
  images: [],
  lists: [],
  specGroups: [],
  tables: [],
  layout: { blocks: [] },
  options: [],
  variants: [],
  price_range: null,
};

function edit(locales: string[]) {
  const me = signedInAs('editor');
  const server = fakeApi({
    'GET /me': () => me,
    'GET /locales': () => ({ default: locales[0], locales }),
    'GET /public/brands': () => ({ data: [] }),
    'GET /public/categories': () => ({ data: [] }),
    'GET /products/7/translations': () => ({
      de: {
        name: 'Eichenstuhl',
        description: null,
        seo_title: null,
        seo_description: null,
        sections: null,
        updated_at: null,
      },
    }),
    'PUT /products/7': ({ body }) => body,
    'PUT /products/7/translations/de': ({ body }) => body,
  });
  renderWithProviders(
    [
      {
        path: '/',
        element: <BasicPriceForm bundle={CHAIR} slug="oak-chair" onDone={() => {}} onCancel={() => {}} />,
      },
    ],
    '/',
  );
  return server;
}

describe('the product editor in several languages', () => {
  it('shows no language tabs when the shop has one language', async () => {
    const server = edit(['en']);
    await waitFor(() => expect(server.to('GET /locales')).toHaveLength(1));
    expect(screen.getByRole('textbox', { name: /Name/ })).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByText(/SEO/)).toBeNull();
  });

  it('marks the missing German texts and saves the name, description and SEO title in one PUT', async () => {
    const server = edit(['en', 'de']);
    // Name is translated; description and the two SEO texts are not.
    await waitFor(() =>
      expect(screen.getAllByRole('tab', { name: 'Deutsch, translation missing' })).toHaveLength(3),
    );
    const [nameTab] = screen.getAllByRole('tab', { name: 'Deutsch' });
    await userEvent.click(nameTab);
    const name = screen.getByRole('textbox', { name: 'Name (Deutsch)' });
    expect((name as HTMLInputElement).value).toBe('Eichenstuhl');
    expect(name.getAttribute('placeholder')).toBe('Oak chair');
    await userEvent.clear(name);
    await fill(name, 'Stuhl aus Eiche');

    const [descriptionTab, seoTitleTab] = screen.getAllByRole('tab', {
      name: 'Deutsch, translation missing',
    });
    await userEvent.click(descriptionTab);
    await fill(screen.getByRole('textbox', { name: 'Description (Deutsch)' }), 'Ein Stuhl aus Eiche');
    await userEvent.click(seoTitleTab);
    await fill(screen.getByRole('textbox', { name: 'SEO title (Deutsch)' }), 'Eichenstuhl kaufen');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.to('PUT /products/7/translations/de')).toHaveLength(1));
    expect(server.to('PUT /products/7/translations/de')[0].body).toEqual({
      name: 'Stuhl aus Eiche',
      description: 'Ein Stuhl aus Eiche',
      seo_title: 'Eichenstuhl kaufen',
    });
    expect(server.to('PUT /products/7')).toHaveLength(1);
  });
});
