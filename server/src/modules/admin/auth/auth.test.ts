import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../../../db/schema.ts';
import { createTestApp, type TestContext } from '../../../../test/app.ts';
import { adminGroup, adminLog, adminRule } from '../tables.ts';
import { adminKit, qs } from '../test-kit.ts';

describe('rules, groups and admins', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof adminKit>;
  let superToken: string;
  const ruleIds = async (names: string[]) => {
    const rows = await ctx.database.db.select({ id: adminRule.id, name: adminRule.name }).from(adminRule).where(inArray(adminRule.name, names));
    return names.map((n) => rows.find((r) => r.name === n)!.id);
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    kit = adminKit(ctx);
    // Logins here test passwords; the captcha of admin login has its own tests (captcha module).
    await ctx.app.siteConfig.set({ adminLoginCaptchaSwitch: 0 });
    superToken = (await kit.superAdmin()).token;
  });
  afterAll(() => ctx.close());

  it('lets an admin grant only the rules they hold, adding the parents of granted nodes', async () => {
    const managerNodes = ['auth/group/index', 'auth/group/add', 'auth/group/edit', 'auth/admin/index', 'auth/admin/add', 'organization/job/index'];
    const managerGroup = await kit.groupWith(managerNodes);
    const manager = await kit.adminIn([managerGroup.id]);
    const [jobIndex, departmentIndex] = await ruleIds(['organization/job/index', 'organization/department/index']);
    const beyond = await kit.call('POST', '/admin/auth/group/add', manager.token, { pid: managerGroup.id, name: 'Too much', rules: [departmentIndex] });
    expect(beyond).toMatchObject({ code: 0, msg: 'You can only grant permissions that you hold yourself' });
    expect((await kit.call('POST', '/admin/auth/group/add', manager.token, { pid: 0, name: 'Top', rules: [jobIndex] })).msg).toBe(
      'You can only assign groups whose permissions you hold yourself',
    );
    const added = await kit.call('POST', '/admin/auth/group/add', manager.token, { pid: managerGroup.id, name: 'Job viewers', rules: [jobIndex] });
    expect(added).toMatchObject({ code: 1 });
    const [child] = await ctx.database.db.select().from(adminGroup).where(eq(adminGroup.id, added.data.id));
    // The job menu and its directory come along, so the granted button is reachable.
    expect(child!.rules.split(',').map(Number).sort()).toEqual((await ruleIds(['organization', 'organization/job', 'organization/job/index'])).sort());
    // The manager sees the group below their own, not their own or the super group.
    const groups = await kit.call('GET', '/admin/auth/group/index', manager.token);
    expect(groups.data.list.map((g: { name: string }) => g.name)).toEqual(['Job viewers']);
    // An admin in that group sees the job menu.
    const added2 = await kit.call('POST', '/admin/auth/admin/add', manager.token, {
      username: 'jobviewer',
      nickname: 'Job viewer',
      password: 'secret123',
      group_arr: [child!.id],
    });
    expect(added2).toMatchObject({ code: 1 });
    expect((await kit.call('POST', '/admin/auth/admin/add', manager.token, { username: 'sneaky', nickname: 'S', password: 'secret123', group_arr: [await kit.superGroupId()] })).msg).toBe(
      'You can only assign groups whose permissions you hold yourself',
    );
    expect((await kit.call('POST', '/admin/auth/admin/add', manager.token, { username: 'JobViewer', nickname: 'J', password: 'secret123', group_arr: [child!.id] })).msg).toBe(
      'This username is already taken',
    );
    const loginAnswer = await kit.call('POST', '/admin/index/login', undefined, { username: 'jobviewer', password: 'secret123' });
    const init = await kit.call('GET', '/admin/index/index', loginAnswer.data.userInfo.token);
    expect(init.data.menus.map((m: { name: string }) => m.name)).toEqual(['organization']);
    expect(init.data.menus[0].children.map((m: { name: string }) => m.name)).toEqual(['organization/job']);
    // The manager never sees super admins in the list.
    const admins = await kit.call('GET', '/admin/auth/admin/index?limit=100', manager.token);
    expect(admins.data.list.every((a: { is_super: number; group_name_arr: string[] }) => a.is_super === 0 && !a.group_name_arr.includes('Super administrators'))).toBe(true);
    expect(admins.data.list.some((a: { password?: string }) => 'password' in a)).toBe(false);
  });

  it('refuses to delete a group with admins, a rule with children, oneself, or to change one\'s own groups', async () => {
    const group = await kit.groupWith(['dashboard/index']);
    const member = await kit.adminIn([group.id]);
    expect(await kit.call('DELETE', `/admin/auth/group/del?${qs({ ids: [group.id] })}`, superToken)).toMatchObject({
      code: 0,
      msg: 'This group still has administrators; move them to another group first',
    });
    const [dashboard] = await ruleIds(['dashboard']);
    expect((await kit.call('DELETE', `/admin/auth/rule/del?${qs({ ids: [dashboard] })}`, superToken, undefined, 'zh-cn')).msg).toBe('该规则下仍有子规则，请先删除子规则');
    const boss = await kit.superAdmin();
    expect((await kit.call('DELETE', `/admin/auth/admin/del?${qs({ ids: [boss.row.id] })}`, boss.token)).msg).toBe('You cannot delete your own account');
    const self = await kit.adminWith(['auth/admin/edit', 'auth/admin/index']);
    // A group they could grant to others, but not swap their own for.
    const lesser = await kit.groupWith(['auth/admin/index']);
    const selfEdit = await kit.call('POST', '/admin/auth/admin/edit', self.token, { id: self.row.id, username: self.row.username, nickname: 'x', group_arr: [lesser.id] });
    expect(selfEdit).toMatchObject({ code: 0, msg: 'You cannot change the group you belong to' });
    // Deleting the admin empties the group, which can then go; both land in the recycle bin.
    expect(await kit.call('DELETE', `/admin/auth/admin/del?${qs({ ids: [member.row.id] })}`, superToken)).toMatchObject({ code: 1 });
    expect(await kit.call('DELETE', `/admin/auth/group/del?${qs({ ids: [group.id] })}`, superToken)).toMatchObject({ code: 1 });
    expect(await ctx.database.db.select().from(admin).where(eq(admin.id, member.row.id))).toEqual([]);
  });

  it('edits an admin: a new password is masked in the sensitive log and the admin log', async () => {
    const group = await kit.groupWith(['dashboard/index']);
    const target = await kit.adminIn([group.id]);
    const answer = await kit.call('POST', '/admin/auth/admin/edit', superToken, {
      id: target.row.id,
      username: target.row.username,
      nickname: 'Renamed',
      password: 'another1',
      group_arr: [group.id],
    });
    expect(answer).toMatchObject({ code: 1 });
    // The old session of the admin is over.
    expect((await kit.call('GET', '/admin/index/index', target.token)).code).toBe(303);
    const logs = await kit.call('GET', `/admin/security/sensitiveDataLog/index?${qs({ search: [{ field: 'id_value', operator: '=', val: target.row.id }] })}`, superToken);
    expect(logs.data.list).toEqual([expect.objectContaining({ data_field: 'password', before: '******', after: '******' })]);
    expect((await kit.call('POST', '/admin/security/sensitiveDataLog/rollback', superToken, { ids: [logs.data.list[0].id] })).msg).toBe(
      'A masked value cannot be rolled back',
    );
    const [entry] = await ctx.database.db.select().from(adminLog).where(eq(adminLog.url, '/admin/auth/admin/edit')).orderBy(desc(adminLog.id));
    expect(entry!.data).toMatchObject({ password: '******', nickname: 'Renamed' });
  });

  it('limits rows with an admin_id to the data scope of the admin\'s groups', async () => {
    const nodes = ['auth/adminLog/index', 'organization/job/add'];
    const parent = await kit.groupWith(nodes, { dataScope: 'own' });
    const child = await kit.groupWith(nodes, { pid: parent.id, dataScope: 'own' });
    const a = await kit.adminIn([parent.id]);
    const b = await kit.adminIn([parent.id]);
    const c = await kit.adminIn([child.id]);
    for (const who of [a, b, c]) await kit.call('POST', '/admin/organization/job/add', who.token, { name: 'x', code: `c${who.row.id}` });
    const seen = async (token: string) =>
      new Set((await kit.call('GET', '/admin/auth/adminLog/index?limit=100', token)).data.list.map((r: { admin_id: number }) => r.admin_id));
    expect(await seen(a.token)).toEqual(new Set([a.row.id]));
    await ctx.database.db.update(adminGroup).set({ dataScope: 'group' }).where(eq(adminGroup.id, parent.id));
    expect(await seen(a.token)).toEqual(new Set([a.row.id, b.row.id]));
    await ctx.database.db.update(adminGroup).set({ dataScope: 'subgroups' }).where(eq(adminGroup.id, parent.id));
    expect(await seen(a.token)).toEqual(new Set([a.row.id, b.row.id, c.row.id]));
    await ctx.database.db.update(adminGroup).set({ dataScope: 'all' }).where(eq(adminGroup.id, parent.id));
    expect((await seen(a.token)).size).toBeGreaterThan(3);
  });
});
