import { describe, expect, it } from 'vitest';
import { toApiTime } from '../api/discounts';
import { formatDateTime } from './format';
import { localInputToApi, toLocalInput, windowState, windowText } from './windowTime';

describe('discount window times', () => {
  it('sends what was typed in local time as UTC in the API format, and shows it back unchanged', () => {
    const stored = '2030-06-01T09:30:00.000Z';
    const typed = toLocalInput(stored);
    expect(typed).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(localInputToApi(typed)).toBe('2030-06-01 09:30:00');
    expect(toApiTime(stored)).toBe('2030-06-01 09:30:00');
  });

  it('reads an empty field as an open end', () => {
    expect(localInputToApi('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
    expect(toApiTime(null)).toBeNull();
  });

  it('names open ends in the Window column', () => {
    const start = '2030-06-01T09:00:00.000Z';
    const end = '2030-06-30T18:00:00.000Z';
    expect(windowText(null, null)).toBe('Always');
    expect(windowText(start, null)).toBe(`From ${formatDateTime(start)}`);
    expect(windowText(null, end)).toBe(`Until ${formatDateTime(end)}`);
    expect(windowText(start, end)).toBe(`${formatDateTime(start)} – ${formatDateTime(end)}`);
  });

  it('says when now lies outside the window', () => {
    const now = Date.parse('2030-06-15T00:00:00Z');
    expect(windowState('2030-07-01T00:00:00Z', null, now)).toBe('Not started yet');
    expect(windowState(null, '2030-06-01T00:00:00Z', now)).toBe('Ended');
    expect(windowState('2030-06-01T00:00:00Z', '2030-06-30T00:00:00Z', now)).toBeNull();
  });
});
