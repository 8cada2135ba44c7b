import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/app.ts';
import { adminLog } from '../tables.ts';
import { adminKit } from '../test-kit.ts';

/** Issue 15 item 17: the admin log's title names the page and the action, not the raw path. */
describe('admin log titles', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof adminKit>;
  let boss: Awaited<ReturnType<ReturnType<typeof adminKit>['superAdmin']>>;
  const lastTitle = async (url: string) =>
    (await ctx.database.db.select({ title: adminLog.title }).from(adminLog).where(eq(adminLog.url, url)).orderBy(desc(adminLog.id)).limit(1))[0]?.title;

  beforeAll(async () => {
    ctx = await createTestApp();
    kit = adminKit(ctx);
    boss = await kit.superAdmin();
  });
  afterAll(() => ctx.close());

  it('titles each call by its menu and button, or by the known call', async () => {
    expect(await kit.call('POST', '/admin/organization/department/add', boss.token, { name: 'Logistics' })).toMatchObject({ code: 1 });
    expect(await lastTitle('/admin/organization/department/add')).toBe('Departments - Add');
    await kit.call('POST', '/admin/routine/config/edit', boss.token, { settings: { siteName: 'Shop' } });
    expect(await lastTitle('/admin/routine/config/edit')).toBe('System settings - Edit');
    await kit.call('POST', '/admin/routine/adminInfo/edit', boss.token, { nickname: 'Boss' });
    expect(await lastTitle('/admin/routine/adminInfo/edit')).toBe('Profile - Edit');
    await kit.call('POST', '/admin/index/logout', boss.token, {});
    expect(await lastTitle('/admin/index/logout')).toBe('Log out');
  });
});
