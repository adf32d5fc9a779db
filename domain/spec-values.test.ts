import { describe, expect, it } from 'vitest';
import { shopListQuery } from './shop';
import { canonicalNumber, parseSpecRange, parseSpecValue, specKeyNorm, specRangeText } from './spec-values';

describe('spec values', () => {
  it('reads a number with its unit however it is written', () => {
    const volts = { shown: '18 V', norm: '18 v', unit: 'V', num: '18' };
    expect(parseSpecValue('18', 'V')).toEqual(volts);
    expect(parseSpecValue('18 V')).toEqual(volts);
    expect(parseSpecValue('18V')).toEqual(volts);
    expect(parseSpecValue('  18.0  ', ' V ')).toEqual(volts);
    expect(parseSpecValue('2.5 kg')).toEqual({ shown: '2.5 kg', norm: '2.5 kg', unit: 'kg', num: '2.5' });
    expect(parseSpecValue('40')).toEqual({ shown: '40', norm: '40', unit: '', num: '40' });
  });

  it('keeps words, part numbers and sizes as words', () => {
    expect(parseSpecValue('Stainless   Steel')).toEqual({
      shown: 'Stainless Steel',
      norm: 'stainless steel',
      unit: '',
      num: null,
    });
    for (const word of ['M8', '10x20', '1,5', '.5', '3/8 in', '18 V 2'])
      expect(parseSpecValue(word).num, word).toBeNull();
    // A word with a unit column is shown with it.
    expect(parseSpecValue('approx. 5', 'kg')).toEqual({
      shown: 'approx. 5 kg',
      norm: 'approx. 5 kg',
      unit: '',
      num: null,
    });
  });

  it('writes numbers as PostgreSQL prints trim_scale', () => {
    expect(canonicalNumber('018.50')).toBe('18.5');
    expect(canonicalNumber('0.0')).toBe('0');
    expect(canonicalNumber('-0.0')).toBe('0');
    expect(canonicalNumber('-007')).toBe('-7');
    expect(canonicalNumber('100')).toBe('100');
  });

  it('reads ranges with either end open', () => {
    expect(parseSpecRange('10..40')).toEqual({ min: '10', max: '40' });
    expect(parseSpecRange(' 10 .. ')).toEqual({ min: '10', max: null });
    expect(parseSpecRange('..2.50')).toEqual({ min: null, max: '2.5' });
    expect(parseSpecRange('-5..-1')).toEqual({ min: '-5', max: '-1' });
    for (const text of ['..', '10', '10...40', 'a..b', '10..40..50'])
      expect(parseSpecRange(text), text).toBeNull();
    expect(specRangeText({ min: '10', max: null })).toBe('10..');
  });

  it('compares keys case-blind, trimmed, with inner spaces as one', () => {
    expect(specKeyNorm('  Cutting   Depth ')).toBe('cutting depth');
  });
});

describe("the shop query's spec filters", () => {
  it('merges keys of one meaning, splits values from ranges and drops blanks', () => {
    const parsed = shopListQuery.parse({
      'spec.Voltage': ['18V', '12 V', ''],
      'spec. voltage ': '18 V',
      'spec.Length': '10..40',
      'spec.Empty': '',
      'spec.': 'x',
      utm_source: 'mail',
    });
    expect(parsed.specs).toEqual([
      { key: 'Voltage', norm: 'voltage', values: ['18 V', '12 V'], ranges: [] },
      { key: 'Length', norm: 'length', values: [], ranges: [{ min: '10', max: '40' }] },
    ]);
    expect(parsed.sort).toBeNull();
  });
});
