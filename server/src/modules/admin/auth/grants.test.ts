import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/app.ts';
import { createMember } from '../../../../test/fixtures.ts';
import { adminGroup, adminGroupAccess, adminRule, securitySensitiveData } from '../tables.ts';
import { adminKit, qs } from '../test-kit.ts';

/** Issue 15 item 1: no write path lets a non-super admin hand out a permission they do not hold. */
describe('permission escalation through rules, groups and admins', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof adminKit>;
  let superToken: string;
  const rule = async (name: string) => (await ctx.database.db.select().from(adminRule).where(eq(adminRule.name, name)))[0]!;
  const ruleRow = (r: typeof adminRule.$inferSelect, changes: Record<string, unknown> = {}) => ({
    id: r.id,
    pid: r.pid,
    type: r.type,
    title: r.title,
    name: r.name,
    path: r.path,
    icon: r.icon,
    menu_type: r.menuType,
    url: r.url,
    component: r.component,
    keepalive: r.keepalive,
    remark: r.remark,
    weigh: r.weigh,
    status: r.status,
    ...changes,
  });

  beforeAll(async () => {
    ctx = await createTestApp();
    kit = adminKit(ctx);
    superToken = (await kit.superAdmin()).token;
  });
  afterAll(() => ctx.close());

  it('refuses the rename attack of the issue: no rule rename puts user/moneyLog/add into the attacker\'s group', async () => {
    // Someone else's group holds the balance button, as in a real shop.
    const cashiers = await kit.groupWith(['user/moneyLog/index', 'user/moneyLog/add']);
    const attacker = await kit.adminWith(['auth/rule/index', 'auth/rule/edit', 'dashboard/index']);
    const moneyAdd = await rule('user/moneyLog/add');
    const dashboardIndex = await rule('dashboard/index');

    // Step 1: renaming the button away would hand the cashiers' group a new node name.
    const away = await kit.call('POST', '/admin/auth/rule/edit', attacker.token, ruleRow(moneyAdd, { name: 'user/moneyLog/parked' }));
    expect(away).toMatchObject({ code: 0, msg: 'A rule change may not give any group a permission it did not already hold' });
    expect((await rule('user/moneyLog/add')).id).toBe(moneyAdd.id);

    // Step 2 on a shop where nobody holds the button yet: parking it is harmless, but renaming one
    // of the attacker's own rules to the freed name would give their group the node.
    await ctx.database.db.update(adminGroup).set({ rules: '' }).where(eq(adminGroup.id, cashiers.id));
    expect(await kit.call('POST', '/admin/auth/rule/edit', attacker.token, ruleRow(moneyAdd, { name: 'user/moneyLog/parked' }))).toMatchObject({ code: 1 });
    const takeover = await kit.call('POST', '/admin/auth/rule/edit', attacker.token, ruleRow(dashboardIndex, { name: 'user/moneyLog/add' }));
    expect(takeover).toMatchObject({ code: 0, msg: 'A rule change may not give any group a permission it did not already hold' });
    expect((await rule('dashboard/index')).id).toBe(dashboardIndex.id);

    // And the balance cannot be credited.
    const member = await createMember(ctx.database.db);
    const credit = await kit.call('POST', '/admin/user/moneyLog/add', attacker.token, { user_id: member.id, money: '100', memo: 'free money' });
    expect(credit.code).toBe(401);

    // The super admin's rule edits stay unrestricted: put the name back, then rename a held rule.
    expect(await kit.call('POST', '/admin/auth/rule/edit', superToken, ruleRow(await rule('user/moneyLog/parked'), { name: 'user/moneyLog/add' }))).toMatchObject({ code: 1 });
    const renamed = await kit.call('POST', '/admin/auth/rule/edit', superToken, ruleRow(dashboardIndex, { title: 'Overview' }));
    expect(renamed).toMatchObject({ code: 1 });
  });

  it('refuses re-parenting under a menu not held, enabling a held-but-disabled rule, and restoring a rule from the bin', async () => {
    const attacker = await kit.adminWith(['auth/rule/index', 'auth/rule/edit', 'auth/rule/add', 'auth/rule/del', 'security/dataRecycleLog/index', 'security/dataRecycleLog/restore', 'dashboard/index']);
    const dashboardIndex = await rule('dashboard/index');
    const moneyMenu = await rule('user/moneyLog');
    const reparent = await kit.call('POST', '/admin/auth/rule/edit', attacker.token, ruleRow(dashboardIndex, { pid: moneyMenu.id }));
    expect(reparent.msg).toBe('A rule change may not give any group a permission it did not already hold');

    // A rule the super admin switched off, still listed in the attacker's group.
    const [off] = await ctx.database.db
      .insert(adminRule)
      .values({ pid: dashboardIndex.pid, type: 'button', title: 'Export', name: 'dashboard/export', status: 0 })
      .returning();
    const mine = await groupOf(attacker.row.id);
    await ctx.database.db.update(adminGroup).set({ rules: `${mine!.rules},${off!.id}` }).where(eq(adminGroup.id, mine!.id));
    const enable = await kit.call('POST', '/admin/auth/rule/edit', attacker.token, ruleRow(off!, { status: 1 }));
    expect(enable.msg).toBe('A rule change may not give any group a permission it did not already hold');
    // Adding a rule is fine (no group lists a new id), and so is deleting it.
    const added = await kit.call('POST', '/admin/auth/rule/add', attacker.token, { pid: dashboardIndex.pid, type: 'button', title: 'Print', name: 'dashboard/print' });
    expect(added).toMatchObject({ code: 1 });

    // The super admin deletes a rule the attacker's group lists; restoring it would give it back.
    const [extra] = await ctx.database.db.insert(adminRule).values({ pid: dashboardIndex.pid, type: 'button', title: 'Share', name: 'dashboard/share' }).returning();
    await ctx.database.db.update(adminGroup).set({ rules: `${mine!.rules},${extra!.id}` }).where(eq(adminGroup.id, mine!.id));
    expect(await kit.call('DELETE', `/admin/auth/rule/del?${qs({ ids: [extra!.id] })}`, superToken)).toMatchObject({ code: 1 });
    const bin = await kit.call('GET', `/admin/security/dataRecycleLog/index?${qs({ search: [{ field: 'controller', operator: '=', val: 'auth/rule' }] })}`, superToken);
    const entry = bin.data.list.find((r: { data: { name: string } }) => r.data?.name === 'dashboard/share') ?? bin.data.list[0];
    // With an "all" data scope the attacker sees the entry, but restoring it is an escalation.
    const restore = await kit.call('POST', '/admin/security/dataRecycleLog/restore', attacker.token, { ids: [entry.id] });
    expect(restore.msg).toBe('A rule change may not give any group a permission it did not already hold');
    expect(await kit.call('POST', '/admin/security/dataRecycleLog/restore', superToken, { ids: [entry.id] })).toMatchObject({ code: 1 });
  });

  it('keeps group and admin writes to what the editor holds: enabling a group, data scope, rollback of rules', async () => {
    const nodes = ['auth/group/index', 'auth/group/add', 'auth/group/edit', 'auth/admin/index', 'auth/admin/add', 'auth/admin/edit', 'security/sensitiveDataLog/index', 'security/sensitiveDataLog/rollback', 'dashboard/index'];
    const managerGroup = await kit.groupWith(nodes, { dataScope: 'group' });
    const manager = await kit.adminIn([managerGroup.id]);
    const moneyAdd = await rule('user/moneyLog/add');
    const dashboardIndex = await rule('dashboard/index');

    // A disabled subgroup the super admin prepared with more than the manager holds.
    const [sleeping] = await ctx.database.db.insert(adminGroup).values({ pid: managerGroup.id, name: 'Sleeping', rules: `${moneyAdd.id}`, status: 0 }).returning();
    const wake = await kit.call('POST', '/admin/auth/group/edit', manager.token, { id: sleeping!.id, pid: managerGroup.id, name: 'Sleeping', rules: [moneyAdd.id], data_scope: 'own', status: 1 });
    expect(wake).toMatchObject({ code: 0, msg: 'This change would give a group or administrator permissions you do not hold yourself' });
    // Renaming it while it stays off is fine (nothing is gained).
    expect(await kit.call('POST', '/admin/auth/group/edit', manager.token, { id: sleeping!.id, pid: managerGroup.id, name: 'Still sleeping', rules: [moneyAdd.id], data_scope: 'own', status: 0 })).toMatchObject({ code: 1 });

    // A subgroup wider than the manager's own data scope, which an admin they create could use.
    const wide = await kit.call('POST', '/admin/auth/group/add', manager.token, { pid: managerGroup.id, name: 'Wide', rules: [dashboardIndex.id], data_scope: 'all' });
    expect(wide).toMatchObject({ code: 0, msg: 'You can only grant a data scope as wide as your own' });
    const fair = await kit.call('POST', '/admin/auth/group/add', manager.token, { pid: managerGroup.id, name: 'Fair', rules: [dashboardIndex.id], data_scope: 'group' });
    expect(fair).toMatchObject({ code: 1 });

    // Rolling back a group's `rules` to a value the manager could not grant.
    await ctx.database.db.insert(securitySensitiveData).values({ name: 'Groups', controller: 'auth/group', dataTable: 'admin_group', primaryKey: 'id', dataFields: { rules: 'Rules' } });
    // The super admin had once set the group to the balance button; the log holds that "before".
    await ctx.database.db.update(adminGroup).set({ rules: String(moneyAdd.id) }).where(eq(adminGroup.id, fair.data.id));
    expect(await kit.call('POST', '/admin/auth/group/edit', superToken, { id: fair.data.id, pid: managerGroup.id, name: 'Fair', rules: [dashboardIndex.id], data_scope: 'group' })).toMatchObject({ code: 1 });
    const log = await kit.call('GET', `/admin/security/sensitiveDataLog/index?${qs({ search: [{ field: 'controller', operator: '=', val: 'auth/group' }] })}`, superToken);
    const entry = log.data.list.find((r: { id_value: number }) => r.id_value === fair.data.id);
    expect(entry).toBeTruthy();
    // The manager's data scope is "group": the super admin's log entry is outside it.
    expect((await kit.call('POST', '/admin/security/sensitiveDataLog/rollback', manager.token, { ids: [entry.id] })).msg).toBe('Record not found');
    await ctx.database.db.update(adminGroup).set({ dataScope: 'all' }).where(eq(adminGroup.id, managerGroup.id));
    expect((await kit.call('POST', '/admin/security/sensitiveDataLog/rollback', manager.token, { ids: [entry.id] })).msg).toBe(
      'This change would give a group or administrator permissions you do not hold yourself',
    );
    expect(await kit.call('POST', '/admin/security/sensitiveDataLog/rollback', superToken, { ids: [entry.id] })).toMatchObject({ code: 1 });
  });

  async function groupOf(adminId: number) {
    const [row] = await ctx.database.db
      .select({ id: adminGroup.id, rules: adminGroup.rules })
      .from(adminGroupAccess)
      .innerJoin(adminGroup, eq(adminGroup.id, adminGroupAccess.groupId))
      .where(eq(adminGroupAccess.uid, adminId));
    return row;
  }
});
