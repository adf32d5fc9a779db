import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PUBLIC_QUOTE_TEXT as T } from '#domain/quote-texts';
import type { PublicQuote } from '#domain/quotes';
import { fakeApi, httpError } from '../../test/fakeApi';
import { fill } from '../../test/fill';
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

describe('PublicQuotePage', () => {
  it('shows the quote, who it is from, and a PDF link for its token', async () => {
    fakeApi({ [ROUTE]: () => quote() });
    renderQuote();
    expect(await screen.findByRole('heading', { name: 'Quote from Northwind Ltd' })).toBeTruthy();
    const seller = screen.getByTestId('quote-seller');
    expect(within(seller).getByText('Stockroom Supplies')).toBeTruthy();
    expect(within(seller).getByRole('link', { name: '+44 (0)20 7946 0000' }).getAttribute('href')).toBe(
      'tel:+4402079460000',
    );
    expect(screen.getByText('Q-2025-0042')).toBeTruthy();
    expect(within(screen.getByTestId('quote-document')).getByText('Oak chair')).toBeTruthy();
    // The variant's options under the name, as the PDF prints them.
    expect(
      within(screen.getByTestId('quote-document')).getByText('Finish: Natural, Seat: Leather'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: T.downloadPdf }).getAttribute('href')).toBe(
      `/api/public/quotes/${TOKEN}/pdf`,
    );
    expect(document.title).toBe('Quote Q-2025-0042 · Stockroom Supplies');
    expect(screen.queryByTestId('quote-banner')).toBeNull();
  });

  it.each([404, 400])('reads a %s as a link that leads nowhere', async (status) => {
    fakeApi({
      [ROUTE]: () => {
        throw httpError(status, { error: 'Not found' });
      },
    });
    renderQuote();
    expect(await screen.findByRole('heading', { name: T.notFoundTitle })).toBeTruthy();
    expect(screen.getByText(T.notFound)).toBeTruthy();
    expect(document.title).toBe(T.notFoundTab);
  });

  it('offers to try again after a failure, and shows the quote when it loads', async () => {
    let fail = true;
    const server = fakeApi({
      [ROUTE]: () => {
        if (fail) throw httpError(503);
        return quote();
      },
    });
    renderQuote();
    expect(await screen.findByText(T.failed)).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Quote from Northwind Ltd' })).toBeTruthy();
    expect(server.to(ROUTE)).toHaveLength(2);
  });

  it('accepts only with a typed name, sends it, and shows the answer', async () => {
    let answered: PublicQuote['answer'] = null;
    const server = fakeApi({
      [ROUTE]: () => quote({ answer: answered, can_answer: !answered }),
      [`POST /public/quotes/${TOKEN}/accept`]: () => {
        answered = { kind: 'accepted', at: '2025-07-02T09:00:00.000Z', name: 'Nina North', message: null };
        return quote({ answer: answered, can_answer: false });
      },
    });
    renderQuote();
    await userEvent.click(await screen.findByRole('button', { name: T.accept }));
    const dialog = await screen.findByRole('dialog', { name: T.acceptTitle });
    const confirm = within(dialog).getByRole('button', { name: T.acceptConfirm });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await fill(within(dialog).getByLabelText(T.signature, { exact: false }), '  Nina North ');
    await userEvent.click(confirm);
    await waitFor(() => expect(server.to(`POST /public/quotes/${TOKEN}/accept`)).toHaveLength(1));
    // Nothing else typed: the order's fields go as null (all optional by default).
    expect(server.to(`POST /public/quotes/${TOKEN}/accept`)[0].body).toEqual({
      name: 'Nina North',
      po_number: null,
      billing_address: null,
      shipping_address: null,
    });
    const banner = await screen.findByTestId('quote-banner');
    expect(banner.textContent).toContain(T.accepted('Nina North', '2025-07-02'));
    expect(screen.queryByRole('button', { name: T.accept })).toBeNull();
  });

  it('sends the PO number and addresses, delivery "same as billing" by default, and asks what settings require', async () => {
    const server = fakeApi({
      [ROUTE]: () => quote({ accept_requires: ['po_number'] }),
      [`POST /public/quotes/${TOKEN}/accept`]: () =>
        quote({
          answer: { kind: 'accepted', at: '2025-07-02T09:00:00.000Z', name: 'Nina North', message: null },
          can_answer: false,
          order: { number: 'SO-000123', status: 'confirmed' },
        }),
    });
    renderQuote();
    await userEvent.click(await screen.findByRole('button', { name: T.accept }));
    const dialog = await screen.findByRole('dialog', { name: T.acceptTitle });
    const confirm = within(dialog).getByRole('button', { name: T.acceptConfirm });
    await fill(within(dialog).getByLabelText(T.signature, { exact: false }), 'Nina North');
    // The PO number is required here: no acceptance without it.
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await fill(within(dialog).getByLabelText(T.poNumber, { exact: false }), 'PO-9');
    await fill(within(dialog).getByLabelText(T.billingAddress, { exact: false }), '1 Main St\nLeeds');
    expect((within(dialog).getByLabelText(T.sameAsBilling) as HTMLInputElement).checked).toBe(true);
    // Name, PO number and billing: no delivery box while it is the same.
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(3);
    await userEvent.click(confirm);
    await waitFor(() => expect(server.to(`POST /public/quotes/${TOKEN}/accept`)).toHaveLength(1));
    expect(server.to(`POST /public/quotes/${TOKEN}/accept`)[0].body).toEqual({
      name: 'Nina North',
      po_number: 'PO-9',
      billing_address: '1 Main St\nLeeds',
      shipping_address: '1 Main St\nLeeds',
    });
  });

  it('shows the order an acceptance made, with its status', async () => {
    fakeApi({
      [ROUTE]: () =>
        quote({
          answer: { kind: 'accepted', at: '2025-07-02T09:00:00.000Z', name: 'Nina North', message: null },
          can_answer: false,
          order: { number: 'SO-000123', status: 'shipped' },
        }),
    });
    renderQuote();
    expect((await screen.findByTestId('quote-order')).textContent).toBe(T.order('SO-000123', 'Shipped'));
  });

  it('declines without a reason as null, and keeps the dialog open with the error on failure', async () => {
    const server = fakeApi({
      [ROUTE]: () => quote(),
      [`POST /public/quotes/${TOKEN}/decline`]: () => {
        throw httpError(500, {});
      },
    });
    renderQuote();
    await userEvent.click(await screen.findByRole('button', { name: T.decline }));
    const dialog = await screen.findByRole('dialog', { name: T.declineTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: T.declineConfirm }));
    await waitFor(() => expect(server.to(`POST /public/quotes/${TOKEN}/decline`)).toHaveLength(1));
    expect(server.to(`POST /public/quotes/${TOKEN}/decline`)[0].body).toEqual({ reason: null });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(T.answerFailed);
  });

  it.each([
    [
      'an expired quote',
      { expired: true, can_answer: false },
      `${T.expiredOn('2025-08-01')}${T.contactForNew}`,
    ],
    ['a superseded one', { status: 'superseded', can_answer: false }, T.superseded],
    ['one moved on at the desk', { can_answer: false }, T.notAnswerable],
  ] as const)('offers no answer on %s, and says why', async (_, over, text) => {
    fakeApi({ [ROUTE]: () => quote(over) });
    renderQuote();
    expect((await screen.findByTestId('quote-banner')).textContent).toBe(text);
    expect(screen.queryByRole('button', { name: T.accept })).toBeNull();
    expect(screen.queryByRole('button', { name: T.changes })).toBeNull();
  });
});
