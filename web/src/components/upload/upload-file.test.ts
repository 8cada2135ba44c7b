import { describe, expect, it } from 'vitest';
import { keptUrl, percentOf } from './upload-file.ts';

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

describe('keptUrl', () => {
  const file = { id: 1, topic: 'avatar', url: '/storage/a.png', full_url: 'https://cdn.example.com/storage/a.png', name: 'a.png', size: 1, mimetype: 'image/png', suffix: 'png', sha1: 'a'.repeat(40), width: 1, height: 1 };
  it('keeps the relative URL of our own storage and the whole URL of a cloud file', () => {
    expect(keptUrl({ ...file, storage: 'local' })).toBe('/storage/a.png');
    expect(keptUrl(file)).toBe('/storage/a.png');
    expect(keptUrl({ ...file, storage: 'qiniu' })).toBe('https://cdn.example.com/storage/a.png');
  });
});
