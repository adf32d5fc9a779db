import { describe, expect, it } from 'vitest';
import { toListQuery } from './listQuery';
import { requestBody } from './requestBody';

describe('requestBody', () => {
  it('stays JSON without a file, leaving out undefined fields and keeping null', () => {
    expect(requestBody({ name: 'A', parent_id: null, image_url: undefined }, { image: null })).toEqual({
      name: 'A',
      parent_id: null,
    });
  });

  it('becomes a form with text fields and the file when one is chosen', () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const body = requestBody(
      { name: 'A', parent_id: null, sort_order: 3, image_url: undefined },
      { image: file },
    );
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('name')).toBe('A');
    // The server reads '' as "none" (root).
    expect(form.get('parent_id')).toBe('');
    expect(form.get('sort_order')).toBe('3');
    expect(form.has('image_url')).toBe(false);
    expect((form.get('image') as File).name).toBe('a.png');
  });

  it('can be a form even without a file (brand create)', () => {
    const body = requestBody({ name: 'B' }, { logo: null }, { multipart: true }) as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.has('logo')).toBe(false);
  });
});

describe('toListQuery', () => {
  it('sends only set values, trimmed', () => {
    expect(toListQuery({ q: '  ', page: 1, parent_id: null, sortBy: 'name' })).toEqual({
      page: 1,
      sortBy: 'name',
    });
    expect(toListQuery({ q: ' lamp ', parent_id: 0 })).toEqual({ q: 'lamp', parent_id: 0 });
  });
});
