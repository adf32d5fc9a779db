import { describe, expect, it } from 'vitest';
import { activityOf, activityOfToken } from '../../components/history/activityLinks';
import {
  ACTIVITY_URL_DEFAULTS,
  changeActivityUrl,
  historyFilters,
  readActivityUrl,
  writeActivityUrl,
} from './urlState';

describe('the Activity URL', () => {
  it('reads what it wrote, leaving defaults out', () => {
    const state = {
      actor: 3,
      token: 4,
      type: 'product' as const,
      entity: 9,
      action: 'update' as const,
      from: '2026-01-01',
      to: '2026-01-31',
      page: 2,
    };
    const url = writeActivityUrl(state);
    expect(url.toString()).toBe(
      'actor=3&token=4&type=product&entity=9&action=update&from=2026-01-01&to=2026-01-31&page=2',
    );
    expect(readActivityUrl(url)).toEqual(state);
    expect(writeActivityUrl(ACTIVITY_URL_DEFAULTS).toString()).toBe('');
  });

  it('drops what it cannot use', () => {
    const state = readActivityUrl(
      new URLSearchParams('actor=x&token=0&type=planet&action=nuke&from=2026-13-99&to=yesterday&page=-1'),
    );
    expect(state).toEqual(ACTIVITY_URL_DEFAULTS);
    expect(readActivityUrl(new URLSearchParams('from=2026-02-01&to=2026-01-01'))).toMatchObject({
      from: '2026-02-01',
      to: null,
    });
  });

  it('starts a new filter at page 1 and sends only the set filters', () => {
    const state = { ...ACTIVITY_URL_DEFAULTS, page: 4 };
    expect(changeActivityUrl(state, { type: 'brand' }).page).toBe(1);
    expect(changeActivityUrl(state, { page: 5 }).page).toBe(5);
    expect(historyFilters({ ...ACTIVITY_URL_DEFAULTS, actor: 2 })).toEqual({
      actor_id: 2,
      token_id: undefined,
      entity_type: undefined,
      entity_id: undefined,
      action: undefined,
      from: undefined,
      to: undefined,
    });
  });

  it("sends an API token's filter, and links to one token's changes", () => {
    const state = readActivityUrl(new URLSearchParams('token=7&page=3'));
    expect(state).toMatchObject({ token: 7, actor: null, page: 3 });
    expect(historyFilters(state)).toMatchObject({ token_id: 7, actor_id: undefined });
    expect(changeActivityUrl(state, { token: 8 })).toMatchObject({ token: 8, page: 1 });
    expect(readActivityUrl(new URLSearchParams('token=-2')).token).toBeNull();
    const link = new URL(activityOfToken(12), 'http://localhost');
    expect(link.pathname).toBe('/activity');
    expect(readActivityUrl(link.searchParams)).toEqual({ ...ACTIVITY_URL_DEFAULTS, token: 12 });
  });

  it("narrows to one record of a type, as a customer's page links it, and lets go with the type", () => {
    const state = readActivityUrl(new URLSearchParams(activityOf('customer', 12).split('?')[1]));
    expect(state).toMatchObject({ type: 'customer', entity: 12 });
    expect(historyFilters(state)).toMatchObject({ entity_type: 'customer', entity_id: 12 });
    // An id without a type names nothing: dropped rather than sent for a 400.
    expect(readActivityUrl(new URLSearchParams('entity=12')).entity).toBeNull();
    expect(writeActivityUrl({ ...state, type: null }).toString()).toBe('');
    expect(changeActivityUrl(state, { type: 'company' })).toMatchObject({ type: 'company', entity: null });
    expect(changeActivityUrl(state, { action: 'update' })).toMatchObject({ type: 'customer', entity: 12 });
    expect(changeActivityUrl(state, { entity: null }).entity).toBeNull();
  });
});
