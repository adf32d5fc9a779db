import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { monthStart, Pipeline } from './Pipeline';

const figure = (label: string) => screen.getByText(label).closest('a') as HTMLAnchorElement;

describe('the dashboard pipeline', () => {
  it('shows a dash where a figure has nothing to go on, and links each figure to its inbox', () => {
    renderWithProviders(
      [
        {
          path: '/',
          element: (
            <Pipeline
              pipeline={{
                requests: 4,
                quoted: 0,
                accepted: 0,
                win_rate: null,
                median_hours_to_quote: null,
                accepted_value: 0,
              }}
            />
          ),
        },
      ],
      '/',
    );
    expect(figure('Win rate').textContent).toContain('—');
    expect(figure('Median time to quote').textContent).toContain('—');
    expect(figure('Accepted value').textContent).toContain('$0.00');
    expect(figure('Requests').textContent).toContain('4');
    const from = monthStart();
    expect(figure('Requests').getAttribute('href')).toBe(`/inquiries?from=${from}`);
    expect(figure('Accepted').getAttribute('href')).toBe(`/inquiries?status=accepted&from=${from}`);
  });

  it('reads a win rate and a median time as people say them', () => {
    renderWithProviders(
      [
        {
          path: '/',
          element: (
            <Pipeline
              pipeline={{
                requests: 10,
                quoted: 6,
                accepted: 2,
                win_rate: 2 / 3,
                median_hours_to_quote: 0.5,
                accepted_value: 1234.5,
              }}
            />
          ),
        },
      ],
      '/',
    );
    expect(figure('Win rate').textContent).toContain('67%');
    expect(figure('Median time to quote').textContent).toContain('30 min');
    expect(figure('Accepted value').textContent).toContain('$1,234.50');
  });

  it("counts the month from its first day in the seller's time zone", () => {
    expect(monthStart(new Date('2026-11-30T23:59:00Z'), 'UTC')).toBe('2026-11-01');
    expect(monthStart(new Date('2027-01-01T00:00:00Z'), 'UTC')).toBe('2027-01-01');
    // Already December in Auckland, still November in Los Angeles.
    expect(monthStart(new Date('2026-11-30T12:00:00Z'), 'Pacific/Auckland')).toBe('2026-12-01');
    expect(monthStart(new Date('2026-12-01T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-01');
  });
});
