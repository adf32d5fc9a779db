import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PublicQuote } from '#domain/quotes';
import { fakeApi } from '../../test/fakeApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { PublicQuotePage } from './PublicQuotePage';

const TOKEN = 'tok_ABCDEFGHIJKLMNOPQRSTUV';
const ROUTE = `GET /public/quotes/${TOKEN}`;

const quote = (over: Partial<PublicQuote> = {}): PublicQuote => ({
  reference: 'Q-2025-0042',
  company: 'Northwind Ltd',
  seller: {
    name: 'Stockroom Supplies',
    address: '1 Dock Road\nPortsmouth',
    email: 'sales@stockroom.example',
    phone: '+44 (0)20 7946 0000',
    logo_url: null,
  },
  customer: 'Nina North',
  version: 2,
  status: 'sent',
  lines: [
    {
      product_id: 7,
      name: 'Oak chair',
      sku: 'OC-1-NAT',
      variant_id: 31,
      options: { Finish: 'Natural', Seat: 'Leather' },
      quantity: 4,
      unit_price: 120,
      discount_percent: 0,
      line_total: 480,
    },
  ],
  subtotal: 480,
  shipping: 20,
  shipping_label: null,
  tax_rate: 0,
  tax: 0,
  total: 500,
  currency: 'USD',
  valid_until: '2025-08-01',
  note: null,
  terms: null,
  sent_at: '2025-07-01T10:00:00.000Z',
  expired: false,
  can_answer: true,
  answer: null,
  order: null,
  accept_requires: [],
  ...over,
});

const renderQuote = (token = TOKEN) =>
  renderWithProviders([{ path: '/quote/:token', element: <PublicQuotePage /> }], `/quote/${token}`);

describe("PublicQuotePage in the buyer's language", () => {
  it('reads in German for a German request: title, facts, table, totals and answers', async () => {
    fakeApi({ [ROUTE]: () => quote({ locale: 'de', tax_rate: 19, tax: 95, total: 595 }) });
    renderQuote();
    expect(await screen.findByRole('heading', { name: 'Angebot von Northwind Ltd' })).toBeTruthy();
    expect(document.title).toBe('Angebot Q-2025-0042 · Stockroom Supplies');
    expect(screen.getByText('Referenz')).toBeTruthy();
    expect(screen.getByText('Gültig bis')).toBeTruthy();
    const doc = within(screen.getByTestId('quote-document'));
    for (const word of [
      'Produkt',
      'Menge',
      'Einzelpreis',
      'Zwischensumme',
      'Versand',
      'MwSt. (19 %)',
      'Gesamtbetrag',
    ])
      expect(doc.getByText(word)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'PDF herunterladen' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Annehmen' }));
    expect(await screen.findByText('Angebot annehmen')).toBeTruthy();
    expect(screen.queryByText('Accept')).toBeNull();
  });

  it('reads in English when the quote names no language', async () => {
    fakeApi({ [ROUTE]: () => quote() });
    renderQuote();
    expect(await screen.findByRole('heading', { name: 'Quote from Northwind Ltd' })).toBeTruthy();
  });
});
