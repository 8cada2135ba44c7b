import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.ts';

describe('health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers liveness and readiness with the envelope', async () => {
    const live = await ctx.app.inject({ url: '/healthz', headers: { server: 'true' } });
    expect(live.json()).toMatchObject({ code: 1, data: { status: 'ok' } });
    const ready = await ctx.app.inject({ url: '/readyz', headers: { server: 'true' } });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ code: 1, data: { status: 'ready' } });
  });
});
