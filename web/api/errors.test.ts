import { act, renderHook } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { fieldErrors, hasStatus, isNotFound, useFieldErrors } from './errors';

const answer = (status: number, data: unknown) =>
  new AxiosError('failed', String(status), undefined, undefined, { status, data } as AxiosResponse);

describe('isNotFound', () => {
  it('is true only for a 404 answer', () => {
    expect(isNotFound(answer(404, { error: 'Not found' }))).toBe(true);
    expect(isNotFound(answer(400, {}))).toBe(false);
    expect(isNotFound(new AxiosError('Network Error'))).toBe(false);
    expect(isNotFound(new Error('404'))).toBe(false);
    expect(isNotFound(null)).toBe(false);
  });
});

describe('hasStatus', () => {
  it('matches any of the statuses given', () => {
    expect(hasStatus(answer(400, {}), 404, 400)).toBe(true);
    expect(hasStatus(answer(500, {}), 404, 400)).toBe(false);
  });
});

describe('fieldErrors', () => {
  it("reads the server's per-field messages", () => {
    const error = answer(409, { error: 'Taken', details: { sku: 'Taken', bad: 3, empty: ' ' } });
    expect(fieldErrors(error)).toEqual({ sku: 'Taken' });
  });

  it('is empty for anything else', () => {
    expect(fieldErrors(answer(500, { error: 'x' }))).toEqual({});
    expect(fieldErrors(new Error('x'))).toEqual({});
    expect(fieldErrors(null)).toEqual({});
  });
});

describe('useFieldErrors', () => {
  it("drops a field's message once it is edited, until the next failure", () => {
    const first = answer(400, { error: 'Bad', details: { name: 'Name is required', slug: 'Taken' } });
    const { result, rerender } = renderHook(({ error }) => useFieldErrors(error), {
      initialProps: { error: first as unknown },
    });
    expect(result.current.of('name')).toBe('Name is required');
    expect(result.current.of('title', 'slug')).toBe('Taken');
    act(() => result.current.edited('name'));
    expect(result.current.of('name')).toBeUndefined();
    expect(result.current.of('slug')).toBe('Taken');
    // A new failure brings its own messages back.
    rerender({ error: answer(400, { error: 'Bad', details: { name: 'Still wrong' } }) });
    expect(result.current.of('name')).toBe('Still wrong');
  });
});
