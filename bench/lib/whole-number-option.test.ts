import { describe, expect, it } from 'vitest';
import { wholeNumberList, wholeNumberOption } from './whole-number-option.ts';

describe('benchmark number options', () => {
  it('reads a comma-separated list of positive whole numbers, and none from an empty value', () => {
    expect(wholeNumberList('--rows', '1000000,10000000')).toEqual([1_000_000, 10_000_000]);
    expect(wholeNumberList('--rows', '')).toEqual([]);
  });

  it('refuses an entry that is not a positive whole number, naming the option and the entry', () => {
    // A shell that passes '' quoted twice hands the benchmark the two quote characters.
    expect(() => wholeNumberList('--rows', "''")).toThrow(`--rows needs positive whole numbers separated by commas, not "''"`);
    expect(() => wholeNumberList('--morgan-rows', '1000,1.5')).toThrow('"1.5"');
    expect(() => wholeNumberList('--rows', '0')).toThrow('"0"');
  });

  it('takes the number after a single option, or the fallback without it', () => {
    expect(wholeNumberOption(['--molecules', '500'], '--molecules', 1000)).toBe(500);
    expect(wholeNumberOption([], '--molecules', 1000)).toBe(1000);
    expect(() => wholeNumberOption(['--molecules', 'x'], '--molecules', 1000)).toThrow('--molecules needs a positive whole number');
  });
});
