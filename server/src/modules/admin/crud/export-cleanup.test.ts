import { HEADER } from '@framecraft/contracts/constants';
import { eq, sql } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/app.ts';
import { adminKit } from '../test-kit.ts';
import { purgeOldExports } from './export-cleanup.ts';
import { crudExport } from './tables.ts';

/** Export files are deleted with their rows a day after they were asked for (periodic job `crud.purgeExports`). */
describe('export clean-up', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof adminKit>;
  let token: string;
  const db = () => ctx.database.db;
  const columns = [{ name: 'id', title: 'ID' }];

  beforeAll(async () => {
    ctx = await createTestApp();
    kit = adminKit(ctx);
    token = (await kit.superAdmin()).token;
  });
  afterAll(() => ctx.close());

  async function exported(): Promise<{ id: number; file: string }> {
    const queued = await kit.call('POST', '/admin/shop/notice/export', token, { format: 'csv', columns });
    expect(queued.code, queued.msg).toBe(1);
    while ((await ctx.app.jobs.runDue()) > 0);
    const [row] = await db().select().from(crudExport).where(eq(crudExport.id, queued.data.id as number));
    expect(row).toMatchObject({ state: 'done' });
    const file = join(ctx.app.deps.env.dataDir, 'private', row!.fileKey);
    expect(existsSync(file)).toBe(true);
    return { id: row!.id, file };
  }
  const download = (id: number) => ctx.app.inject({ method: 'GET', url: `/admin/crud/export/file?id=${id}`, headers: { server: 'true', [HEADER.lang]: 'en', [HEADER.adminToken]: token } });
  const age = (id: number, hours: number) => db().update(crudExport).set({ createdAt: sql`now() - make_interval(hours => ${hours})` }).where(eq(crudExport.id, id));

  it('the periodic job deletes exports older than 24 h — file, row and download link — and keeps newer ones', async () => {
    const old = await exported();
    const fresh = await exported();
    const almost = await exported();
    await age(old.id, 25);
    await age(almost.id, 23);
    // A dead job's row of that age goes too (nothing to delete on disk).
    const [stale] = await db().insert(crudExport).values({ adminId: 1, controller: 'shop/notice', format: 'csv', state: 'running', createdAt: new Date(Date.now() - 48 * 3600_000) }).returning();
    expect((await download(old.id)).statusCode).toBe(200);

    // The job runner's schedule makes the hourly job due now.
    await db().execute(sql`update job_schedule set next_run_time = now() - interval '1 second' where name = 'crud.purgeExports'`);
    while ((await ctx.app.jobs.runDue()) > 0);

    expect(existsSync(old.file)).toBe(false);
    expect(await db().select().from(crudExport).where(eq(crudExport.id, old.id))).toHaveLength(0);
    expect(await db().select().from(crudExport).where(eq(crudExport.id, stale!.id))).toHaveLength(0);
    expect((await download(old.id)).json()).toMatchObject({ code: 0, msg: 'Record not found' });
    expect((await kit.call('GET', `/admin/crud/export/status?id=${old.id}`, token)).code).toBe(0);
    for (const kept of [fresh, almost]) {
      expect(existsSync(kept.file)).toBe(true);
      expect((await download(kept.id)).statusCode).toBe(200);
    }
  });

  it('purgeOldExports takes its age from the argument; nothing to do is not an error', async () => {
    const one = await exported();
    expect(await purgeOldExports(ctx.app, 24 * 3600_000, new Date(Date.now() + 25 * 3600_000))).toBeGreaterThanOrEqual(1);
    expect(existsSync(one.file)).toBe(false);
    expect(await purgeOldExports(ctx.app)).toBe(0);
  });
});
