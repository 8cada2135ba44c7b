import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha1OfFile, sliceRanges } from './hash.ts';

const MB = 1024 * 1024;

describe('file hash in slices', () => {
  it('cuts a file into 50 MB slices by default, the last one short', () => {
    expect(sliceRanges(0)).toEqual([]);
    expect(sliceRanges(50 * MB)).toEqual([[0, 50 * MB]]);
    expect(sliceRanges(120 * MB)).toEqual([[0, 50 * MB], [50 * MB, 100 * MB], [100 * MB, 120 * MB]]);
    expect(() => sliceRanges(10, 0)).toThrow(RangeError);
  });

  it('gives the SHA-1 of the whole file however it is sliced, reading slice by slice', async () => {
    const bytes = Buffer.alloc(1_000_003, 7);
    bytes.write('framecraft', 500_000);
    const expected = createHash('sha1').update(bytes).digest('hex');
    const blob = new Blob([bytes]);
    const seen: number[] = [];
    expect(await sha1OfFile(blob, { sliceBytes: 65_536, onProgress: (n) => seen.push(n) })).toBe(expected);
    expect(seen).toHaveLength(Math.ceil(bytes.length / 65_536));
    expect(seen.at(-1)).toBe(bytes.length);
    expect(await sha1OfFile(blob)).toBe(expected);
  });

  it('stops when cancelled', async () => {
    const abort = new AbortController();
    abort.abort();
    await expect(sha1OfFile(new Blob(['x']), { signal: abort.signal })).rejects.toThrow();
  });
});
