import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { OrdersSummary } from './OrdersSummary';
import { monthStart } from './Pipeline';

const figure = (label: string) => screen.getByText(label).closest('a') as HTMLAnchorElement;

describe('the dashboard orders card', () => {
  it('shows this month’s orders, their value and the open ones by status, each a link to its list', () => {
    renderWithProviders(
      [
        {
          path: '/',
          element: (
            <OrdersSummary
              orders={{
                this_month: 7,
                this_month_value: 12345.6,
                open_by_status: { confirmed: 3, in_progress: 2, shipped: 1 },
              }}
            />
          ),
        },
      ],
      '/',
    );
    expect(figure('Orders this month').textContent).toContain('7');
    expect(figure('Their value').textContent).toContain('$12,345.60');
    expect(figure('Confirmed').textContent).toContain('3');
    expect(figure('In progress').textContent).toContain('2');
    expect(figure('Shipped').textContent).toContain('1');
    const from = monthStart();
    expect(figure('Orders this month').getAttribute('href')).toBe(`/orders?from=${from}`);
    expect(figure('Their value').getAttribute('href')).toBe(`/orders?from=${from}`);
    expect(figure('In progress').getAttribute('href')).toBe('/orders?status=in_progress');
  });
});
