import { describe, expect, it } from 'vitest';
import { percentOf } from './upload-file.ts';

describe('percentOf', () => {
  it('gives the upload progress with 2 decimals, never rounding up to 100 early', () => {
    expect(percentOf(0, 1000)).toBe(0);
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(2, 3)).toBe(66.66);
    expect(percentOf(999_999, 1_000_000)).toBe(99.99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(5, 0)).toBe(0);
  });
});
