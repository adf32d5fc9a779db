import { describe, expect, it } from 'vitest';
import {
  editDistance,
  normaliseSearchText,
  SEARCH_LIMITS,
  searchWords,
  skuKey,
  typoCandidate,
} from './search';

describe('searchWords', () => {
  it('splits on anything but letters and digits, lower-cased, without repeats', () => {
    expect(searchWords('  Cordless   DRILL, cordless!')).toEqual(['cordless', 'drill']);
    expect(searchWords(`&|!:*()'"\\`)).toEqual([]);
    expect(searchWords("o'brien-smith")).toEqual(['o', 'brien', 'smith']);
    expect(searchWords('Bohrmaschine für Holz')).toEqual(['bohrmaschine', 'für', 'holz']);
  });

  it('joins a whole number to the unit after it, and keeps decimals whole', () => {
    expect(searchWords('M8 stainless 40 mm')).toEqual(['m8', 'stainless', '40mm']);
    expect(searchWords('40mm')).toEqual(['40mm']);
    expect(searchWords('18 V drill')).toEqual(['18v', 'drill']);
    expect(searchWords('18V')).toEqual(['18v']);
    // A decimal joined to its unit is read as the parser reads "2.5mm": the number, the unit.
    expect(searchWords('2.5 mm')).toEqual(['2.5', 'mm']);
    // A size is one word, its last value joined to its unit; sizeParts reads the values.
    expect(searchWords('M8 x40 mm')).toEqual(['m8x40mm']);
    // Only a whole unit is joined.
    expect(searchWords('40 mmx')).toEqual(['40', 'mmx']);
    expect(searchWords('40 amps')).toEqual(['40', 'amps']);
    // A unit's other spellings are units too.
    expect(searchWords('40 volts')).toEqual(['40volts']);
  });

  it('reads SKUs with separators as their parts', () => {
    expect(searchWords('SPA-1042')).toEqual(['spa', '1042']);
    expect(searchWords('end. start')).toEqual(['end', 'start']);
  });

  it('keeps at most the first words, each of bounded length', () => {
    const many = Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ');
    expect(searchWords(many)).toHaveLength(SEARCH_LIMITS.maxWords);
    expect(searchWords('x'.repeat(500))[0]).toHaveLength(SEARCH_LIMITS.maxWordLength);
  });
});

describe('normaliseSearchText', () => {
  it('reads punctuation as spaces but keeps decimal points', () => {
    expect(normaliseSearchText('Hex-Bolt (M8), 2.5 mm; 40 MM.')).toBe('hex bolt  m8   2.5mm  40mm ');
  });
});

describe('skuKey', () => {
  it('keeps lower-case letters and digits only', () => {
    expect(skuKey('SPA-1042')).toBe('spa1042');
    expect(skuKey('spa1042')).toBe('spa1042');
    expect(skuKey(' spa / 10.42 ')).toBe('spa1042');
    expect(skuKey('--')).toBe('');
  });
});

describe('typos', () => {
  it('are allowed in words of five letters or more, letters only', () => {
    expect(typoCandidate('sandr')).toBe(true);
    expect(typoCandidate('dril')).toBe(false);
    expect(typoCandidate('spa1042')).toBe(false);
  });

  it('count one edit, a swap of neighbours included', () => {
    expect(editDistance('sandr', 'sander')).toBe(1);
    expect(editDistance('stainles', 'stainless')).toBe(1);
    expect(editDistance('stianless', 'stainless')).toBe(1);
    expect(editDistance('drill', 'drill')).toBe(0);
    expect(editDistance('stailss', 'stainless')).toBe(2);
    expect(editDistance('abc', 'abcdef')).toBe(2);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
  });
});
