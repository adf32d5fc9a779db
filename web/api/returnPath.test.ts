import { describe, expect, it } from 'vitest';
import { loginPathFor, returnPathFrom, safeReturnPath } from './returnPath';

describe('the path sign-in returns to', () => {
  it('follows a path of this app with its query and hash', () => {
    expect(safeReturnPath('/products?status=draft&page=2')).toBe('/products?status=draft&page=2');
    expect(safeReturnPath('/inquiries?selected=4#notes')).toBe('/inquiries?selected=4#notes');
    expect(returnPathFrom('?next=%2Fbrands%3Fq%3Dacme')).toBe('/brands?q=acme');
  });

  it('never leaves the site: other hosts, schemes and tricks go home', () => {
    for (const next of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      'evil.example',
      ' /brands',
      '',
      null,
      undefined,
      '/login?next=/brands',
    ]) {
      expect(safeReturnPath(next), String(next)).toBe('/');
    }
    expect(returnPathFrom('?next=https%3A%2F%2Fevil.example')).toBe('/');
    expect(returnPathFrom('?next=%2F%2Fevil.example')).toBe('/');
    expect(returnPathFrom('')).toBe('/');
  });

  it('judges the path a browser would follow, not the text it was given', () => {
    for (const next of [
      '/.//evil.example',
      '/./\\evil.example',
      '/..//evil.example',
      '/a/..//evil.example',
      '/%2e//evil.example',
      '/%2E%2E//evil.example',
      '/./%2F/evil.example',
      '/.\\/evil.example',
      '/%09/evil.example',
      'https://evil.example',
      'http:/evil.example',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\/evil.example',
      '/./login',
    ]) {
      const result = safeReturnPath(next);
      expect(result, next).toBe('/');
    }
  });

  it('reads encoded slashes as the router does: a path that decodes to another host goes home', () => {
    for (const next of [
      '/%2F%2Fevil.example',
      '/%2f%5cevil.example',
      '/%5C%5Cevil.example',
      '/%2F/evil.example',
    ])
      expect(safeReturnPath(next), next).toBe('/');
    expect(safeReturnPath('/products/a%2Fb')).toBe('/products/a%2Fb');
    expect(safeReturnPath('/./brands?q=1')).toBe('/brands?q=1');
    expect(safeReturnPath('/products/../brands')).toBe('/brands');
    expect(safeReturnPath('/%E0%A4%A')).toBe('/');
  });

  it('sends a visitor to the login page carrying where they were going', () => {
    expect(loginPathFor('/products?status=draft')).toBe('/login?next=%2Fproducts%3Fstatus%3Ddraft');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('//evil.example')).toBe('/login');
  });
});
