import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { rowsOf } from './client.ts';

/**
 * Decision 067: the server's PostgreSQL connections never JIT-compile a plan. A keyword search
 * with a filter whose matches the planner misjudged cost ~19 ms, 12–14 of them compiling.
 */
describe.runIf(process.env.DATABASE_URL)('PostgreSQL connections (JIT off)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('no pooled connection compiles a plan, however costly the planner thinks it is', async () => {
    const db = ctx.database.db;
    // Several at once, so several of the pool's connections answer.
    const settings = await Promise.all(Array.from({ length: 6 }, () => rowsOf<{ jit: string }>(db.execute(sql`select current_setting('jit') as jit, pg_sleep(0.05)`))));
    expect(settings.map(([row]) => row!.jit)).toEqual(Array(6).fill('off'));
    const [plan] = await db.transaction(async (tx) => {
      // Every plan passes this threshold: with JIT on, the plan below would be compiled.
      await tx.execute(sql`set local jit_above_cost = 0`);
      return rowsOf<{ 'QUERY PLAN': [Record<string, unknown>] }>(tx.execute(sql`explain (analyze, format json) select sum(n) from generate_series(1, 1000) n`));
    });
    expect(plan!['QUERY PLAN'][0]).not.toHaveProperty('JIT');
  });
});
