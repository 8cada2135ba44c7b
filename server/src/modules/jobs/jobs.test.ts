import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { adminKit } from '../admin/test-kit.ts';
import { backgroundJob, jobSchedule } from './tables.ts';

/** Two app instances on one database, as two servers behind a load balancer. */
describe('background jobs', () => {
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

  const jobRow = async (id: number) => (await a.database.db.select().from(backgroundJob).where(eq(backgroundJob.id, id)))[0]!;
  const both = () => Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);

  it('runs a job queued once exactly once when two instances tick at the same moment', async () => {
    const runs: string[] = [];
    for (const [label, ctx] of [['a', a], ['b', b]] as const) {
      ctx.app.jobs.define<{ n: number }>('test.once', async (payload) => {
        runs.push(`${label}:${payload.n}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
    }
    const ids = await Promise.all([1, 2, 3].map((n) => a.app.jobs.enqueue('test.once', { n })));
    await both();
    await both();
    expect(runs.map((r) => r.split(':')[1]).sort()).toEqual(['1', '2', '3']);
    for (const id of ids) expect(await jobRow(id!)).toMatchObject({ state: 'succeeded', attempts: 1, lastError: '' });
  });

  it('queues a job with a unique key only once while it waits', async () => {
    let runs = 0;
    a.app.jobs.define('test.unique', () => void runs++);
    b.app.jobs.define('test.unique', () => void runs++);
    const first = await a.app.jobs.enqueue('test.unique', {}, { uniqueKey: 'order-7' });
    expect(first).toBeTypeOf('number');
    expect(await b.app.jobs.enqueue('test.unique', {}, { uniqueKey: 'order-7' })).toBeUndefined();
    await both();
    expect(runs).toBe(1);
    // Once it has run, the key is free again.
    expect(await a.app.jobs.enqueue('test.unique', {}, { uniqueKey: 'order-7' })).toBeTypeOf('number');
  });

  it('retries with exponential backoff, then records the failure; the back office can queue it again', async () => {
    let calls = 0;
    let failing = true;
    a.app.jobs.define('test.flaky', () => {
      calls++;
      if (failing) throw new Error(`provider down (${calls})`);
    }, { maxAttempts: 3, backoffMs: 60_000 });
    const id = (await a.app.jobs.enqueue('test.flaky', { order: 1 }))!;

    await a.app.jobs.runDue();
    let row = await jobRow(id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, lastError: 'provider down (1)' });
    expect(row.runAt.getTime() - Date.now()).toBeGreaterThan(55_000);
    expect(row.runAt.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    // Not due yet: nothing runs.
    await a.app.jobs.runDue();
    expect(calls).toBe(1);

    const due = () => a.database.db.update(backgroundJob).set({ runAt: new Date(Date.now() - 1_000) }).where(eq(backgroundJob.id, id));
    await due();
    await a.app.jobs.runDue();
    row = await jobRow(id);
    expect(row).toMatchObject({ state: 'queued', attempts: 2, lastError: 'provider down (2)' });
    // Doubled for the second retry.
    expect(row.runAt.getTime() - Date.now()).toBeGreaterThan(115_000);

    await due();
    await a.app.jobs.runDue();
    row = await jobRow(id);
    expect(row).toMatchObject({ state: 'failed', attempts: 3, lastError: 'provider down (3)' });
    expect(row.finishedAt).toBeInstanceOf(Date);
    await due();
    await a.app.jobs.runDue();
    expect(calls).toBe(3);

    // Back office: listed with its state and error; retry queues it again and it now succeeds.
    const kit = adminKit(a);
    const { token } = await kit.superAdmin();
    const listed = await kit.call('GET', '/admin/routine/backgroundJob/index', token);
    expect(listed.code).toBe(1);
    expect(listed.data.list.find((r: { id: number }) => r.id === id)).toMatchObject({ name: 'test.flaky', state: 'failed', attempts: 3, last_error: 'provider down (3)' });
    expect(listed.data.list[0]).not.toHaveProperty('lock_until');
    failing = false;
    const retried = await kit.call('POST', '/admin/routine/backgroundJob/retry', token, { ids: [id] });
    expect(retried).toMatchObject({ code: 1, data: { count: 1 } });
    expect((await kit.call('POST', '/admin/routine/backgroundJob/retry', token, { ids: [id] })).code).toBe(0);
    await a.app.jobs.runDue();
    expect(await jobRow(id)).toMatchObject({ state: 'succeeded', attempts: 1 });
    expect(calls).toBe(4);

    // Retry is its own node.
    const viewer = await kit.adminWith(['routine/backgroundJob/index']);
    expect((await kit.call('GET', '/admin/routine/backgroundJob/index', viewer.token)).code).toBe(1);
    expect((await kit.call('POST', '/admin/routine/backgroundJob/retry', viewer.token, { ids: [id] })).code).toBe(401);
  });

  it('does not run a delayed job before its time', async () => {
    let runs = 0;
    a.app.jobs.define('test.later', () => void runs++);
    const id = (await a.app.jobs.enqueue('test.later', {}, { runAt: new Date(Date.now() + 60_000) }))!;
    await both();
    expect(runs).toBe(0);
    expect(await jobRow(id)).toMatchObject({ state: 'queued', attempts: 0 });
    await a.database.db.update(backgroundJob).set({ runAt: new Date(Date.now() - 1) }).where(eq(backgroundJob.id, id));
    await both();
    expect(runs).toBe(1);
  });

  it('queues inside the caller’s transaction: a rolled-back transaction leaves no job', async () => {
    let runs = 0;
    a.app.jobs.define('test.tx', () => void runs++);
    const rollback = new Error('rollback');
    await expect(
      a.database.db.transaction(async (tx) => {
        await a.app.jobs.enqueue('test.tx', { kept: false }, {}, tx);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    await a.database.db.transaction(async (tx) => {
      await a.app.jobs.enqueue('test.tx', { kept: true }, {}, tx);
    });
    await a.app.jobs.runDue();
    expect(runs).toBe(1);
    const rows = await a.database.db.select().from(backgroundJob).where(eq(backgroundJob.name, 'test.tx'));
    expect(rows.map((r) => r.payload)).toEqual([{ kept: true }]);
  });

  it('runs a periodic job once per interval across instances', async () => {
    const runs: string[] = [];
    a.app.jobs.every('test.tick', 3_600_000, () => void runs.push('a'));
    b.app.jobs.every('test.tick', 3_600_000, () => void runs.push('b'));
    await both();
    expect(runs).toHaveLength(1);
    await both();
    await both();
    expect(runs).toHaveLength(1);
    const [schedule] = await a.database.db.select().from(jobSchedule).where(eq(jobSchedule.name, 'test.tick'));
    expect(schedule!.nextRunAt.getTime() - Date.now()).toBeGreaterThan(3_500_000);
    // The interval passes.
    await a.database.db.update(jobSchedule).set({ nextRunAt: sql`now() - interval '1 second'` }).where(eq(jobSchedule.name, 'test.tick'));
    await both();
    await both();
    expect(runs).toHaveLength(2);
    // The built-in periodic jobs ran once each, and succeeded; the embedded database is also vacuumed (decision 066).
    const builtIn = await a.database.db
      .select({ name: backgroundJob.name, state: backgroundJob.state, lastError: backgroundJob.lastError })
      .from(backgroundJob)
      .where(inArray(backgroundJob.name, ['db.vacuum', 'session.purgeTokens', 'jobs.cleanup']))
      .orderBy(backgroundJob.name);
    expect(builtIn).toEqual([
      ...(a.database.kind === 'pglite' ? [{ name: 'db.vacuum', state: 'succeeded', lastError: '' }] : []),
      { name: 'jobs.cleanup', state: 'succeeded', lastError: '' },
      { name: 'session.purgeTokens', state: 'succeeded', lastError: '' },
    ]);
  });

  it('takes over a job whose instance died while running it (lease ran out)', async () => {
    let runs = 0;
    a.app.jobs.define('test.orphan', () => void runs++);
    const id = (await a.app.jobs.enqueue('test.orphan'))!;
    await a.database.db
      .update(backgroundJob)
      .set({ state: 'running', attempts: 1, lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(backgroundJob.id, id));
    await a.app.jobs.runDue();
    expect(runs).toBe(0);
    await a.database.db.update(backgroundJob).set({ lockedUntil: new Date(Date.now() - 1) }).where(eq(backgroundJob.id, id));
    await a.app.jobs.runDue();
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: 'succeeded', attempts: 2 });
  });

  it('refuses to queue a job nobody defined', async () => {
    await expect(a.app.jobs.enqueue('test.nobody')).rejects.toThrow(/Unknown job/);
  });
});
