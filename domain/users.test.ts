import { describe, expect, it } from 'vitest';
import { VALIDATION } from './messages';
import { pageAfterDelete, pageCount } from './paging';
import { checkPasswordForm, createUserBody, userListQuery } from './users';

describe('checkPasswordForm', () => {
  it('reports the form messages in order', () => {
    expect(checkPasswordForm('', 'abcdef', 'abcdef')).toBe(VALIDATION.passwordFieldsRequired);
    expect(checkPasswordForm('old', 'abc', '')).toBe(VALIDATION.passwordFieldsRequired);
    expect(checkPasswordForm('old', 'abc', 'abc')).toBe(VALIDATION.newPasswordTooShort);
    expect(checkPasswordForm('old', 'abcdef', 'abcdeg')).toBe(VALIDATION.newPasswordsMismatch);
    expect(checkPasswordForm('old', 'abcdef', 'abcdef')).toBeNull();
  });
});

describe('paging', () => {
  it('counts at least one page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it('steps back when the last row of the last page goes', () => {
    expect(pageAfterDelete(2, 10, 10)).toBe(1);
    expect(pageAfterDelete(2, 11, 10)).toBe(2);
    expect(pageAfterDelete(1, 0, 10)).toBe(1);
    expect(pageAfterDelete(5, 21, 10)).toBe(3);
  });

  it('parses list queries with defaults and refuses junk', () => {
    expect(userListQuery.parse({})).toEqual({
      q: '',
      filters: {},
      page: 1,
      limit: 10,
      sortBy: 'created_at',
      order: 'desc',
    });
    expect(userListQuery.parse({ q: ' ann ', page: '2', limit: '50', sortBy: 'name', order: 'asc' })).toEqual(
      {
        q: 'ann',
        filters: {},
        page: 2,
        limit: 50,
        sortBy: 'name',
        order: 'asc',
      },
    );
    for (const bad of [
      { page: '1e3' },
      { page: '-1' },
      { limit: '1000' },
      { sortBy: 'id' },
      { extra: '1' },
    ]) {
      expect(userListQuery.safeParse(bad).success).toBe(false);
    }
  });
});

describe('createUserBody', () => {
  it('trims, lower-cases the email and defaults the role', () => {
    expect(createUserBody.parse({ name: ' Ann ', email: ' ANN@Example.COM ', password: 'secret' })).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      password: 'secret',
      role: 'editor',
    });
  });
});
