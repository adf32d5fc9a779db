import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXT as T } from '#domain/account';
import { STORAGE_KEYS } from '#domain/constants';
import { accountApi } from '../../api/account';
import { renderWithProviders } from '../../test/renderWithProviders';
import { AccountPage } from './AccountPage';

/** What the portal's own client sent, and the stand-in server's answers by "METHOD /path". */
const sent: InternalAxiosRequestConfig[] = [];
function serve(routes: Record<string, { status: number; data: unknown }>) {
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    const route = `${config.method?.toUpperCase()} ${config.url}`;
    const reply = routes[route] ?? { status: 404, data: { error: `no route ${route}` } };
    const response = { ...reply, statusText: '', headers: {}, config };
    if (reply.status >= 400)
      throw Object.assign(new Error('failed'), { isAxiosError: true, response, config });
    return response;
  };
  accountApi.defaults.adapter = adapter;
}

const original = accountApi.defaults.adapter;
beforeEach(() => {
  sent.length = 0;
  localStorage.clear();
});
afterEach(() => {
  accountApi.defaults.adapter = original;
});

const renderPortal = (path = '/account') =>
  renderWithProviders([{ path: '/account', element: <AccountPage /> }], path);

describe('AccountPage', () => {
  it('asks for the e-mail, then says to check it, without ever sending the staff token', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'staff.jwt.token');
    serve({ 'POST /login-link': { status: 202, data: { message: T.linkSent } } });
    renderPortal();
    await userEvent.type(await screen.findByLabelText(T.email, { exact: false }), 'nina@example.com{Enter}');
    expect(await screen.findByRole('heading', { name: T.checkTitle })).toBeTruthy();
    expect(screen.getByText(T.checkBody('nina@example.com'))).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0].data))).toEqual({ email: 'nina@example.com' });
    expect(sent[0].headers.Authorization).toBeUndefined();
  });

  it("sends the buyer's own token, and forgets only it when the server ends the session", async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'staff.jwt.token');
    localStorage.setItem(STORAGE_KEYS.buyerToken, 'by_buyer');
    serve({
      'GET ': { status: 401, data: { error: T.sessionExpired } },
      'GET /quotes?page=1': { status: 401, data: { error: T.sessionExpired } },
    });
    renderPortal();
    expect(await screen.findByRole('heading', { name: T.signInTitle })).toBeTruthy();
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) expect(request.headers.Authorization).toBe('Bearer by_buyer');
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.buyerToken)).toBeNull());
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('staff.jwt.token');
  });

  it('lists the quotes with their state, and says when there are no orders', async () => {
    localStorage.setItem(STORAGE_KEYS.buyerToken, 'by_buyer');
    const meta = { total: 1, total_exact: true, page: 1, limit: 20 };
    serve({
      'GET ': {
        status: 200,
        data: {
          name: 'Nina North',
          email: 'nina@example.com',
          phone: null,
          company: null,
          sees_company: false,
        },
      },
      'GET /quotes?page=1': {
        status: 200,
        data: {
          data: [
            {
              id: 7,
              inquiry_id: 3,
              reference: 'Q-000003',
              subject: 'Chairs',
              version: 2,
              versions: 2,
              status: 'sent',
              total: 500,
              currency: 'USD',
              sent_at: '2026-01-02T10:00:00.000Z',
              valid_until: '2099-01-01',
              buyer: { name: 'Nina North', email: 'nina@example.com' },
            },
          ],
          meta,
        },
      },
      'GET /orders?page=1': { status: 200, data: { data: [], meta: { ...meta, total: 0 } } },
    });
    renderPortal();
    const row = await screen.findByTestId('account-quotes-row');
    expect(row.textContent).toContain('Q-000003');
    expect(row.textContent).toContain(T.quoteStatus.sent);
    expect(row.textContent).toContain('$500.00');
    expect(screen.getByRole('link', { name: T.openQuote('Q-000003') }).getAttribute('href')).toBe(
      '/account/quotes/7',
    );
    await userEvent.click(screen.getByRole('tab', { name: T.orders }));
    expect(await screen.findByText(T.noOrders)).toBeTruthy();
  });
});
