import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useListState } from './useListState';

const OPTS = {
  defaultLimit: 10,
  defaultSort: 'created_at',
  defaultOrder: 'desc',
  sortKeys: ['created_at', 'name'],
  limits: [10, 20, 50],
  filters: ['status', 'brand_id'],
  accept: { status: ['draft', 'published'] },
} as const;

type Hook = ReturnType<typeof useListState<'created_at' | 'name', 'status' | 'brand_id'>>;

function setup(path: string, opts: Record<string, unknown> = {}) {
  const seen: { current: Hook | null } = { current: null };
  function Probe() {
    seen.current = useListState<'created_at' | 'name', 'status' | 'brand_id'>({ ...OPTS, ...opts });
    return null;
  }
  const router = createMemoryRouter(
    [
      { path: '/list', element: <Probe /> },
      { path: '/other', element: <p>other</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  const hook = () => seen.current as Hook;
  const url = () => router.state.location.search;
  const back = () => act(() => router.navigate(-1));
  return { hook, url, back, router };
}

describe('useListState', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('reads the list from the URL, with the API names', () => {
    const { hook } = setup('/list?q=lamp&page=3&limit=20&sortBy=name&order=asc&status=draft&brand_id=4');
    expect(hook().params).toEqual({ q: 'lamp', page: 3, limit: 20, sortBy: 'name', order: 'asc' });
    expect(hook().filters).toEqual({ status: 'draft', brand_id: '4' });
    expect(hook().search).toBe('lamp');
  });

  it('falls back to the defaults for anything malformed or unknown', () => {
    const { hook } = setup('/list?page=abc&limit=7&sortBy=evil&order=sideways&status=gone');
    expect(hook().params).toEqual({ q: '', page: 1, limit: 10, sortBy: 'created_at', order: 'desc' });
    expect(hook().filters).toEqual({ status: undefined, brand_id: undefined });
    const huge = setup('/list?page=99999999999&limit=20.5');
    expect(huge.hook().params.page).toBe(1);
    expect(huge.hook().params.limit).toBe(10);
  });

  it('names the page size perPage when the API does', () => {
    const { hook, url } = setup('/list?perPage=50&limit=20', { limitKey: 'perPage' });
    expect(hook().params.limit).toBe(50);
    act(() => hook().setLimit(20));
    expect(url()).toBe('?perPage=20&limit=20');
  });

  it('leaves defaults out of the URL and keeps keys it does not own', () => {
    const { hook, url } = setup('/list?view=grid&sortBy=name');
    act(() => hook().setSortBy('created_at'));
    expect(url()).toBe('?view=grid');
    act(() => hook().setOrder('asc'));
    expect(url()).toBe('?view=grid&order=asc');
  });

  it('goes back to page 1 on any change but the page, and Back returns to each step', async () => {
    const { hook, url, back } = setup('/list');
    act(() => hook().setPage(3));
    expect(url()).toBe('?page=3');
    act(() => hook().setFilter('status', 'draft'));
    expect(url()).toBe('?status=draft');
    act(() => hook().setPage(2));
    act(() => hook().setSortBy('name'));
    expect(url()).toBe('?status=draft&sortBy=name');
    expect(hook().params.page).toBe(1);

    await back();
    expect(url()).toBe('?status=draft&page=2');
    expect(hook().params.page).toBe(2);
    expect(hook().params.sortBy).toBe('created_at');
    await back();
    await back();
    expect(url()).toBe('?page=3');
    expect(hook().filters.status).toBeUndefined();
  });

  it('sets, patches and clears filters in one step each', async () => {
    const { hook, url, back } = setup('/list?page=2');
    act(() => hook().setFilters({ status: 'published', brand_id: '7' }));
    expect(url()).toBe('?status=published&brand_id=7');
    act(() => hook().setFilter('brand_id', undefined));
    expect(url()).toBe('?status=published');
    act(() => hook().clearFilters());
    expect(url()).toBe('');
    await back();
    expect(url()).toBe('?status=published');
  });

  it('writes the typed search once typing pauses, replacing the entry, and Back shows the old text', async () => {
    const { hook, url, back } = setup('/list?q=old');
    act(() => hook().setPage(2));
    act(() => hook().setSearch('  new '));
    expect(hook().search).toBe('  new ');
    expect(url()).toBe('?q=old&page=2');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));
    expect(url()).toBe('?q=new');
    expect(hook().params).toMatchObject({ q: 'new', page: 1 });
    // The typed search replaced the page-2 entry, so Back goes to where the list started.
    await back();
    expect(url()).toBe('?q=old');
    expect(hook().search).toBe('old');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));
    expect(url()).toBe('?q=old');
  });

  it('makes a second change in one event build on the first', () => {
    const { hook, url } = setup('/list');
    act(() => {
      hook().setFilter('status', 'draft');
      hook().setPage(4);
    });
    expect(url()).toBe('?status=draft&page=4');
  });

  it('corrects a page past the end by replacing the entry', async () => {
    const { hook, url, back, router } = setup('/list');
    act(() => hook().setPage(9));
    act(() => hook().setPage(5, { replace: true }));
    expect(url()).toBe('?page=5');
    await back();
    expect(router.state.location.search).toBe('');
  });
});
