import { describe, expect, it } from 'vitest';
import { assignedText, listState } from './texts';

describe("a price list's state and assignments", () => {
  const now = Date.parse('2030-06-15T12:00:00Z');
  const list = (active: boolean, starts_at: string | null, ends_at: string | null) => ({
    active,
    starts_at,
    ends_at,
  });

  it('is live inside its window, both ends included, and scheduled, expired or off outside it', () => {
    expect(listState(list(true, null, null), now)).toBe('live');
    expect(listState(list(true, '2030-06-15T12:00:00Z', '2030-06-15T12:00:00Z'), now)).toBe('live');
    expect(listState(list(true, '2030-06-16T00:00:00Z', null), now)).toBe('scheduled');
    expect(listState(list(true, null, '2030-06-15T11:59:59Z'), now)).toBe('expired');
    expect(listState(list(false, null, null), now)).toBe('off');
  });

  it('counts whom it is for', () => {
    expect(assignedText({ company_ids: [], customer_ids: [] })).toBe('Nobody');
    expect(assignedText({ company_ids: [1], customer_ids: [] })).toBe('1 company');
    expect(assignedText({ company_ids: [1, 2], customer_ids: [3] })).toBe('2 companies, 1 customer');
  });
});
