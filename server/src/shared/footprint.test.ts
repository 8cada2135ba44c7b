import { afterEach, describe, expect, it, vi } from 'vitest';
import { STREAM_COLLECT_BYTES, streamCollector } from './footprint.ts';

describe('streamCollector', () => {
  const exposed = globalThis.gc;
  afterEach(() => {
    globalThis.gc = exposed;
  });

  it('asks for a young-generation collection every 4 MB of chunks when gc is exposed', () => {
    const gc = vi.fn();
    globalThis.gc = gc as unknown as NodeJS.GCFunction;
    const streamed = streamCollector();
    const chunk = 64 * 1024;
    for (let sent = 0; sent < 10 * 1024 * 1024; sent += chunk) streamed(chunk);
    expect(STREAM_COLLECT_BYTES).toBe(4 * 1024 * 1024);
    expect(gc).toHaveBeenCalledTimes(2);
    expect(gc).toHaveBeenCalledWith({ type: 'minor' });
  });

  it('does nothing without --expose-gc', () => {
    globalThis.gc = undefined;
    const streamed = streamCollector(1);
    expect(() => streamed(1024)).not.toThrow();
  });
});
