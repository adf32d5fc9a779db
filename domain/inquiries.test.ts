import { describe, expect, it } from 'vitest';
import { MAX_ID } from './constants';
import { inquiryReference, parseInquiryReference } from './inquiries';

describe('a request reference typed into a search', () => {
  it.each(['Q-000041', 'q-000041', 'q-41', 'Q41', 'q 41', ' Q - 41 ', '000041', '41'])(
    'reads %j as request 41',
    (text) => {
      expect(parseInquiryReference(text)).toBe(41);
    },
  );

  it('reads back every reference it writes', () => {
    for (const id of [1, 41, 123456, 1234567, MAX_ID])
      expect(parseInquiryReference(inquiryReference(id))).toBe(id);
  });

  it.each([
    '',
    'Q-',
    'Q-0',
    '0',
    'Q-41a',
    '41 chairs',
    'QQ-41',
    'R-41',
    '4 1',
    '-41',
    '4.1',
    String(MAX_ID + 1),
    '99999999999',
  ])('finds no reference in %j', (text) => {
    expect(parseInquiryReference(text)).toBeNull();
  });
});
