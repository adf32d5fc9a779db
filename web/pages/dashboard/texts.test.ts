import { describe, expect, it } from 'vitest';
import { DASHBOARD_TEXT, dayLabel, missingText } from './texts';

describe('dashboard texts', () => {
  it('labels a calendar day as month and day, in any time zone', () => {
    expect(dayLabel('2025-11-03')).toBe('Nov 3');
    expect(dayLabel('2026-01-31')).toBe('Jan 31');
    expect(dayLabel('not a date')).toBe('not a date');
  });

  it('says what a product is missing', () => {
    expect(missingText(['category'])).toBe('No category');
    expect(missingText(['brand'])).toBe('No brand');
    expect(missingText(['category', 'brand'])).toBe('No category or brand');
  });

  it('names the zone whose days the chart counts', () => {
    expect(DASHBOARD_TEXT.perDayCaption('America/Los_Angeles')).toBe(
      'The last 30 days (America/Los_Angeles)',
    );
  });

  it('sums up the chart in a sentence', () => {
    expect(DASHBOARD_TEXT.perDaySummary(0, null)).toBe('No inquiries in the last 30 days.');
    expect(DASHBOARD_TEXT.perDaySummary(1, { label: 'Nov 3', count: 1 })).toBe(
      '1 inquiry in the last 30 days; the busiest day was Nov 3 with 1.',
    );
  });
});
