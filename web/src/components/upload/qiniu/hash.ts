import { QINIU } from '@framecraft/contracts/constants';
import { createSHA1 } from 'hash-wasm';

/** The [start, end) byte ranges a file is read in (spec §9: 50 MB slices), so memory stays flat. */
export function sliceRanges(size: number, sliceBytes: number = QINIU.hashSliceBytes): Array<[number, number]> {
  if (!Number.isInteger(sliceBytes) || sliceBytes <= 0) throw new RangeError('sliceBytes must be a positive integer');
  const ranges: Array<[number, number]> = [];
  for (let start = 0; start < size; start += sliceBytes) ranges.push([start, Math.min(size, start + sliceBytes)]);
  return ranges;
}

export interface HashOptions {
  sliceBytes?: number;
  signal?: AbortSignal;
  /** Bytes hashed so far. */
  onProgress?: (hashed: number) => void;
}

/** Hex SHA-1 of a file read slice by slice (never the whole file at once). */
export async function sha1OfFile(file: Blob, options: HashOptions = {}): Promise<string> {
  const hasher = await createSHA1();
  hasher.init();
  for (const [start, end] of sliceRanges(file.size, options.sliceBytes)) {
    options.signal?.throwIfAborted();
    hasher.update(new Uint8Array(await file.slice(start, end).arrayBuffer()));
    options.onProgress?.(end);
  }
  return hasher.digest('hex');
}
