import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WebhookEndpoint } from '#domain/webhooks';
import { fakeApi } from '../../test/fakeApi';
import { fill } from '../../test/fill';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInAs } from '../../test/signedIn';
import { IntegrationsPage } from './IntegrationsPage';

configure({ asyncUtilTimeout: 5000 });

const endpoint = (id: number, extra: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id,
  url: `https://erp${id}.example.com/hooks`,
  events: ['product.created', 'product.updated'],
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  previous_secret_expires_at: null,
  last_delivery: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...extra,
});

const renderTab = () =>
  renderWithProviders(
    [{ path: '/settings/integrations', element: <IntegrationsPage /> }],
    '/settings/integrations?tab=webhooks',
  );

// A dialog filled in by typing and ticking: longer than the default on a loaded machine.
describe('WebhooksPanel', { timeout: 20_000 }, () => {
  it('says an endpoint was switched off after a day of failures, and when it started failing', async () => {
    const me = signedInAs('admin', { id: 1 });
    fakeApi({
      'GET /me': () => me,
      'GET /webhooks': () => ({
        data: [
          endpoint(1, {
            enabled: false,
            disabled_reason: 'failing',
            failing_since: '2026-11-02T10:00:00.000Z',
          }),
          endpoint(2),
        ],
      }),
    });
    renderTab();
    const cards = await screen.findAllByTestId('webhook-endpoint');
    expect(within(cards[0]).getByTestId('endpoint-state').textContent).toBe(
      'Switched off after a day of failures',
    );
    expect(cards[0].textContent).toContain('Failing since');
    expect(within(cards[1]).getByTestId('endpoint-state').textContent).toBe('On');
    expect(cards[1].textContent).toContain('2 events');
    expect(cards[1].textContent).toContain('Nothing sent yet');
  });

  it('adds an endpoint with a whole group of events and shows its secret once', async () => {
    const me = signedInAs('admin', { id: 1 });
    const server = fakeApi({
      'GET /me': () => me,
      'GET /webhooks': () => ({ data: [] }),
      'POST /webhooks': (r) => ({
        ...endpoint(7, r.body as Partial<WebhookEndpoint>),
        secret: 'whsec_shown_once',
      }),
    });
    renderTab();
    expect(await screen.findByText(/No endpoints yet/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog');
    await fill(within(dialog).getByLabelText(/URL/), 'https://erp.example.com/in');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose at least one event');
    expect(server.to('POST /webhooks')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'All orders events' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Accepted/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('whsec_shown_once')).toBeTruthy();
    expect(server.to('POST /webhooks')[0].body).toEqual({
      url: 'https://erp.example.com/in',
      events: ['quote.accepted', 'order.created', 'order.updated'],
      enabled: true,
    });
  });
  it("groups the customers' and companies' events like the others", async () => {
    const me = signedInAs('admin', { id: 1 });
    const server = fakeApi({
      'GET /me': () => me,
      'GET /webhooks': () => ({ data: [] }),
      'POST /webhooks': (r) => ({ ...endpoint(8, r.body as Partial<WebhookEndpoint>), secret: 'whsec_x' }),
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog');
    await fill(within(dialog).getByLabelText(/URL/), 'https://erp.example.com/in');
    const companies = within(dialog).getByTestId('event-group-company');
    expect(within(companies).getAllByRole('checkbox')).toHaveLength(4);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'All customers events' }));
    await userEvent.click(within(companies).getByRole('checkbox', { name: /company\.deleted/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('whsec_x')).toBeTruthy();
    expect(server.to('POST /webhooks')[0].body).toMatchObject({
      events: ['customer.created', 'customer.updated', 'customer.deleted', 'company.deleted'],
    });
  });

  it('offers only the events the role may read: the others are shown, disabled, with the right they need', async () => {
    // A settings manager who reads the catalogue and orders, not requests or customers.
    const me = {
      ...signedInAs('admin', { id: 1 }),
      permissions: ['settings.manage', 'catalogue.read', 'order.read'],
    };
    const server = fakeApi({
      'GET /me': () => me,
      'GET /webhooks': () => ({ data: [] }),
      'POST /webhooks': (r) => ({ ...endpoint(9, r.body as Partial<WebhookEndpoint>), secret: 'whsec_y' }),
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog');
    await fill(within(dialog).getByLabelText(/URL/), 'https://erp.example.com/in');
    for (const group of ['inquiry', 'quote', 'customer', 'company']) {
      const box = within(dialog).getByTestId(`event-group-${group}`);
      for (const check of within(box).getAllByRole('checkbox'))
        expect((check as HTMLInputElement).disabled, group).toBe(true);
    }
    expect(within(dialog).getByTestId('event-group-inquiry').textContent).toContain(
      'Needs “Read requests”, which your role lacks',
    );
    expect(within(dialog).getByTestId('event-group-customer').textContent).toContain('Read customers');
    for (const group of ['product', 'order']) {
      const box = within(dialog).getByTestId(`event-group-${group}`);
      for (const check of within(box).getAllByRole('checkbox'))
        expect((check as HTMLInputElement).disabled, group).toBe(false);
    }
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'All orders events' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('whsec_y')).toBeTruthy();
    expect(server.to('POST /webhooks')[0].body).toMatchObject({ events: ['order.created', 'order.updated'] });
  });
});
