import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Customer, CustomerDetail } from '#domain/customers';
import { VALIDATION } from '#domain/messages';
import { fakeApi } from '../../test/fakeApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInAs } from '../../test/signedIn';
import { CustomersPage } from './CustomersPage';

// The screen reads the user's rights before its list: a loaded machine needs more than a second.
configure({ asyncUtilTimeout: 5000 });

const CORA: Customer = {
  id: 4,
  name: 'Cora Castle',
  email: 'cora@example.com',
  phone: null,
  company: { id: 9, name: 'Castle Fittings' },
  sees_company: false,
  request_count: 3,
  order_count: 1,
  accepted_value: 1234.5,
  last_request_at: '2026-03-04T10:00:00.000Z',
  created_at: '2026-01-04T10:00:00.000Z',
};

const DETAIL: CustomerDetail = {
  ...CORA,
  merged_into_id: null,
  price_lists: [],
  updated_at: '2026-03-04T10:00:00.000Z',
  requests: [
    {
      id: 41,
      reference: 'Q-000041',
      subject: 'Lockers',
      status: 'new',
      created_at: '2026-03-04T10:00:00.000Z',
    },
  ],
  quotes: [],
  orders: [],
  notes: [],
};

const page = (data: Customer[]) => ({ data, meta: { total: data.length, total_exact: true } });

const renderCustomers = (path: string) =>
  renderWithProviders([{ path: '/customers', element: <CustomersPage /> }], path);

describe('CustomersPage', () => {
  it('asks for the URL’s search and sort, and shows each customer’s figures', async () => {
    const me = signedInAs('sales');
    const server = fakeApi({
      'GET /me': () => me,
      'GET /customers': () => page([CORA]),
      'GET /companies/9': () => ({ id: 9, name: 'Castle Fittings' }),
    });
    renderCustomers('/customers?q=castle&sortBy=request_count&company_id=9');
    const row = await screen.findByTestId('customer-row');
    expect(row.textContent).toContain('Cora Castle');
    expect(row.textContent).toContain('3 requests · 1 order');
    expect(row.textContent).toContain('$1,234.50');
    expect(server.to('GET /customers')[0].params).toMatchObject({
      q: 'castle',
      sortBy: 'request_count',
      sortOrder: 'desc',
      company_id: '9',
    });
    expect(screen.getByTestId('customers-total').textContent).toBe('1 customer');
  });

  it('checks an edit against the domain’s rules before sending it', async () => {
    const me = signedInAs('sales');
    const server = fakeApi({
      'GET /me': () => me,
      'GET /customers': () => page([CORA]),
      'GET /customers/4': () => DETAIL,
      'GET /history': () => ({ data: [], meta: { total: 0, page: 1, limit: 10, total_exact: true } }),
    });
    renderCustomers('/customers?selected=4');
    const pane = await screen.findByTestId('customer-pane');
    expect(within(pane).getByTestId('customer-requests').textContent).toContain('Q-000041');
    await userEvent.click(within(pane).getByRole('button', { name: 'Edit' }));
    const email = within(pane).getByLabelText(/Email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(within(pane).getByRole('button', { name: 'Save' }));
    expect(await within(pane).findByText(VALIDATION.invalidEmail)).toBeTruthy();
    expect(server.to('PATCH /customers/4')).toHaveLength(0);
  });
});
