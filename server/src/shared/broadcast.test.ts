import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';

/** `app.broadcast` (decision 021), on two app instances of one shop. */
describe('broadcast', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { shareWith: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers to the publishing instance at once, before publish resolves', async () => {
    const seen: unknown[] = [];
    const unsubscribe = await a.app.broadcast.subscribe('test:local', (payload) => void seen.push(payload));
    const published = a.app.broadcast.publish('test:local', { id: 1 });
    expect(seen).toEqual([{ id: 1 }]);
    await published;
    unsubscribe();
    await a.app.broadcast.publish('test:local', { id: 2 });
    expect(seen).toEqual([{ id: 1 }]);
  });

  it('a failing handler does not stop the others', async () => {
    const seen: string[] = [];
    await a.app.broadcast.subscribe('test:failing', () => {
      throw new Error('boom');
    });
    await a.app.broadcast.subscribe('test:failing', () => void seen.push('second'));
    await a.app.broadcast.publish('test:failing');
    expect(seen).toEqual(['second']);
  });

  it.runIf(process.env.REDIS_URL)('is seen by a second instance through Redis, once per instance', async () => {
    const seenByA: unknown[] = [];
    const seenByB: unknown[] = [];
    await a.app.broadcast.subscribe('test:shared', (payload) => void seenByA.push(payload));
    await b.app.broadcast.subscribe('test:shared', (payload) => void seenByB.push(payload));
    await a.app.broadcast.publish('test:shared', { order: 42 });
    await vi.waitFor(() => expect(seenByB).toEqual([{ order: 42 }]), { timeout: 5_000, interval: 10 });
    // The publisher got it in process, and does not get its own Redis echo.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seenByA).toEqual([{ order: 42 }]);
  });

  it.skipIf(process.env.REDIS_URL)('without Redis stays in its own process (one instance per shop)', async () => {
    const seenByA: unknown[] = [];
    const seenByB: unknown[] = [];
    await a.app.broadcast.subscribe('test:shared', (payload) => void seenByA.push(payload));
    await b.app.broadcast.subscribe('test:shared', (payload) => void seenByB.push(payload));
    await b.app.broadcast.publish('test:shared', 'hello');
    expect(seenByB).toEqual(['hello']);
    expect(seenByA).toEqual([]);
  });
});
