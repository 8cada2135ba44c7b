import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

/** A computation the test finishes when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('TtlCache.remember', () => {
  it('lets requests missing the same key together share one computation, then answers from the cache', async () => {
    const cache = new TtlCache<string>(60_000, 10);
    const gate = deferred<string>();
    let runs = 0;
    const compute = () => (runs++, gate.promise);
    const waiting = [cache.remember('k', compute), cache.remember('k', compute), cache.remember('k', compute)];
    gate.resolve('answer');
    expect(await Promise.all(waiting)).toEqual(['answer', 'answer', 'answer']);
    expect(await cache.remember('k', compute)).toBe('answer');
    expect(runs).toBe(1);
  });

  it('shares a failure with those waiting but never keeps it', async () => {
    const cache = new TtlCache<string>(60_000, 10);
    const gate = deferred<string>();
    const first = cache.remember('k', () => gate.promise);
    const second = cache.remember('k', () => Promise.resolve('not asked'));
    gate.reject(new Error('database away'));
    await expect(first).rejects.toThrow('database away');
    await expect(second).rejects.toThrow('database away');
    expect(await cache.remember('k', () => Promise.resolve('fresh'))).toBe('fresh');
  });

  it('does not keep an answer computed before clear(), which may predate the change', async () => {
    const cache = new TtlCache<string>(60_000, 10);
    const gate = deferred<string>();
    const stale = cache.remember('k', () => gate.promise);
    cache.clear();
    gate.resolve('before the change');
    expect(await stale).toBe('before the change');
    expect(cache.get('k')).toBeUndefined();
    expect(await cache.remember('k', () => Promise.resolve('after the change'))).toBe('after the change');
  });

  it('computes every time when turned off (ttl 0)', async () => {
    const cache = new TtlCache<number>(0, 10);
    let runs = 0;
    await Promise.all([cache.remember('k', async () => ++runs), cache.remember('k', async () => ++runs)]);
    expect(await cache.remember('k', async () => ++runs)).toBe(3);
  });
});
