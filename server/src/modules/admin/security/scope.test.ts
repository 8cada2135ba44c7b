import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/app.ts';
import { department, securityDataRecycleLog, securitySensitiveDataLog } from '../tables.ts';
import { adminKit, qs } from '../test-kit.ts';

/**
 * Issue 15 item 2: every action on a row checks the data scope of the list that shows the row —
 * the recycle bin and the sensitive-data log of an admin whose scope is "own".
 */
describe('data scope on every row action', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof adminKit>;
  let superToken: string;
  let own: Awaited<ReturnType<ReturnType<typeof adminKit>['adminIn']>>;

  beforeAll(async () => {
    ctx = await createTestApp();
    kit = adminKit(ctx);
    superToken = (await kit.superAdmin()).token;
    own = await kit.adminWith(
      [
        'organization/department/index',
        'organization/department/edit',
        'organization/department/del',
        'security/dataRecycleLog/index',
        'security/dataRecycleLog/del',
        'security/dataRecycleLog/restore',
        'security/sensitiveDataLog/index',
        'security/sensitiveDataLog/del',
        'security/sensitiveDataLog/rollback',
      ],
      { dataScope: 'own' },
    );
  });
  afterAll(() => ctx.close());

  it("restores only the own admin's deletions; a super admin's deletion is not found, like in the list", async () => {
    const [theirs, mine] = await ctx.database.db.insert(department).values([{ name: 'Theirs' }, { name: 'Mine' }]).returning();
    expect(await kit.call('DELETE', `/admin/organization/department/del?${qs({ ids: [theirs!.id] })}`, superToken)).toMatchObject({ code: 1 });
    expect(await kit.call('DELETE', `/admin/organization/department/del?${qs({ ids: [mine!.id] })}`, own.token)).toMatchObject({ code: 1 });
    const [theirLog] = await ctx.database.db.select().from(securityDataRecycleLog).where(eq(securityDataRecycleLog.adminId, (await superAdminId())));
    const [myLog] = await ctx.database.db.select().from(securityDataRecycleLog).where(eq(securityDataRecycleLog.adminId, own.row.id));

    const bin = await kit.call('GET', '/admin/security/dataRecycleLog/index?limit=100', own.token);
    expect(bin.data.list.map((r: { id: number }) => r.id)).toEqual([myLog!.id]);
    // The attack of the issue: restore {ids:[the super admin's entry]}.
    expect(await kit.call('POST', '/admin/security/dataRecycleLog/restore', own.token, { ids: [theirLog!.id] })).toMatchObject({ code: 0, msg: 'Record not found' });
    expect(await kit.call('POST', '/admin/security/dataRecycleLog/restore', own.token, { ids: [theirLog!.id, myLog!.id] })).toMatchObject({ code: 0, msg: 'Record not found' });
    expect(await ctx.database.db.select().from(department).where(eq(department.id, theirs!.id))).toEqual([]);
    expect(await kit.call('DELETE', `/admin/security/dataRecycleLog/del?${qs({ ids: [theirLog!.id] })}`, own.token)).toMatchObject({ code: 0, msg: 'No records were deleted' });
    // Their own deletion comes back.
    expect(await kit.call('POST', '/admin/security/dataRecycleLog/restore', own.token, { ids: [myLog!.id] })).toMatchObject({ code: 1 });
    expect(await ctx.database.db.select().from(department).where(eq(department.id, mine!.id))).toHaveLength(1);
    // The super admin still restores theirs.
    expect(await kit.call('POST', '/admin/security/dataRecycleLog/restore', superToken, { ids: [theirLog!.id] })).toMatchObject({ code: 1 });
  });

  it("rolls back only the own admin's edits", async () => {
    const [row] = await ctx.database.db.insert(department).values({ name: 'Audit', phone: '111' }).returning();
    expect(await kit.call('POST', '/admin/organization/department/edit', superToken, { id: row!.id, name: 'Audit', phone: '222' })).toMatchObject({ code: 1 });
    const [theirLog] = await ctx.database.db.select().from(securitySensitiveDataLog).where(eq(securitySensitiveDataLog.idValue, row!.id));
    const listed = await kit.call('GET', '/admin/security/sensitiveDataLog/index?limit=100', own.token);
    expect(listed.data.list).toEqual([]);
    expect(await kit.call('POST', '/admin/security/sensitiveDataLog/rollback', own.token, { ids: [theirLog!.id] })).toMatchObject({ code: 0, msg: 'Record not found' });
    expect((await ctx.database.db.select().from(department).where(eq(department.id, row!.id)))[0]!.phone).toBe('222');

    expect(await kit.call('POST', '/admin/organization/department/edit', own.token, { id: row!.id, name: 'Audit', phone: '333' })).toMatchObject({ code: 1 });
    const mine = await kit.call('GET', '/admin/security/sensitiveDataLog/index?limit=100', own.token);
    expect(mine.data.list).toHaveLength(1);
    expect(await kit.call('POST', '/admin/security/sensitiveDataLog/rollback', own.token, { ids: [mine.data.list[0].id] })).toMatchObject({ code: 1 });
    expect((await ctx.database.db.select().from(department).where(eq(department.id, row!.id)))[0]!.phone).toBe('222');
  });

  async function superAdminId(): Promise<number> {
    const init = await kit.call('GET', '/admin/index/index', superToken);
    return init.data.adminInfo.id;
  }
});
