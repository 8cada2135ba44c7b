import { HEADER } from '@framecraft/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createMember } from '../../../test/fixtures.ts';
import { adminGroup, adminRule, securityDataRecycleLog } from './tables.ts';
import { EDITOR_GROUP_NAME } from './seed.ts';
import { adminKit, qs } from './test-kit.ts';

/**
 * The authorisation matrix, generated from the admin route table: a new admin route is covered
 * by being registered. Every route × anonymous / member token / admin without the node /
 * admin with only that node / super admin.
 */
describe('admin authorisation matrix', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof adminKit>;
  beforeAll(async () => {
    // Several requests per route and role from one address: more than the per-IP limit allows in a minute.
    ctx = await createTestApp({ RATE_LIMIT_MAX: '100000' });
    kit = adminKit(ctx);
  });
  afterAll(() => ctx.close());

  it('covers every admin route', async () => {
    const routes = ctx.app.adminRouteTable;
    expect(routes.length).toBeGreaterThan(40);
    const member = await createMember(ctx.database.db);
    const memberToken = (await ctx.app.tokens.issue('user', member.id)).token;
    const nobody = await kit.adminWith([]);
    const boss = await kit.superAdmin();
    const outcomes: string[] = [];
    for (const route of routes) {
      const url = `/admin/${route.path}`;
      const send = (headers: Record<string, string>) =>
        ctx.app.inject({ method: route.method, url, headers: { server: 'true', [HEADER.lang]: 'en', ...headers }, ...(route.method === 'POST' ? { payload: {} } : {}) }).then((r) => r.json());

      const anonymous = await send({});
      const asMember = await send({ [HEADER.userToken]: memberToken, [HEADER.adminToken]: memberToken });
      expect([anonymous.code, asMember.code], `${route.method} ${url}`).toEqual([303, 303]);
      expect(anonymous.data).toEqual({ type: 'need login' });

      const without = await send({ [HEADER.adminToken]: nobody.token });
      if (route.node) {
        expect(without, `${route.method} ${url} without ${route.node}`).toMatchObject({ code: 401, msg: 'You do not have permission to operate!' });
        const holder = await kit.adminWith([route.node]);
        const allowed = await send({ [HEADER.adminToken]: holder.token });
        expect([303, 401, 409], `${route.method} ${url} with ${route.node}`).not.toContain(allowed.code);
      } else {
        expect([303, 401], `${route.method} ${url} for any admin`).not.toContain(without.code);
      }
      const asSuper = await send({ [HEADER.adminToken]: boss.token });
      expect([303, 401, 409], `${route.method} ${url} as super`).not.toContain(asSuper.code);
      outcomes.push(`${route.method} ${route.path}`);
    }
    // The denial is translated.
    const denied = await kit.call('GET', '/admin/auth/admin/index', nobody.token, undefined, 'zh-cn');
    expect(denied).toMatchObject({ code: 401, msg: '您没有权限操作！' });
    expect(new Set(outcomes).size).toBe(routes.length);
  }, 120_000); // one request per route and role: grows with the route table, slow on a busy machine

  /**
   * The seeded editor group (issue 19): every admin route answers it exactly as its nodes say —
   * the catalogue's types, notices, favourites (and items when installed) and the dashboard, nothing else.
   */
  it('the seeded editor group reaches only the catalogue routes', async () => {
    const db = ctx.database.db;
    const [group] = await db.select().from(adminGroup).where(eq(adminGroup.name, EDITOR_GROUP_NAME));
    const held = new Set((await db.select({ id: adminRule.id, name: adminRule.name }).from(adminRule)).filter((r) => group!.rules.split(',').includes(String(r.id))).map((r) => r.name));
    expect([...held].every((n) => /^(dashboard\/index|shop\/(type|notice|collect|course)\/\w+)$/.test(n))).toBe(true);
    expect(held).toContain('shop/type/add');
    expect(held).toContain('shop/notice/sortable');
    expect(held).toContain('shop/collect/index');
    const editor = await kit.adminIn([group!.id]);
    for (const route of ctx.app.adminRouteTable) {
      if (!route.node) continue;
      const answer = await ctx.app
        .inject({ method: route.method, url: `/admin/${route.path}`, headers: { server: 'true', [HEADER.lang]: 'en', [HEADER.adminToken]: editor.token }, ...(route.method === 'POST' ? { payload: {} } : {}) })
        .then((r) => r.json());
      if (held.has(route.node)) expect([303, 401, 409], `${route.method} ${route.path}`).not.toContain(answer.code);
      else expect(answer.code, `${route.method} ${route.path}`).toBe(401);
    }
  }, 120_000);

  /**
   * Escalation cases: every write path of rules, groups and admins (and the log actions that write
   * to them) tried by a non-super admin who holds the route's node, each trying to hand out a node
   * they do not hold. A new write route on these controllers must add its case here.
   */
  it('refuses every escalation through rules, groups and admins, on every write path', async () => {
    const db = ctx.database.db;
    const rule = async (name: string) => (await db.select().from(adminRule).where(eq(adminRule.name, name)))[0]!;
    const ruleBody = (r: typeof adminRule.$inferSelect, changes: Record<string, unknown>) => ({
      id: r.id, pid: r.pid, type: r.type, title: r.title, name: r.name, path: r.path, icon: r.icon, menu_type: r.menuType,
      url: r.url, component: r.component, keepalive: r.keepalive, remark: r.remark, weigh: r.weigh, status: r.status, ...changes,
    });
    const RULE_REFUSED = 'A rule change may not give any group a permission it did not already hold';
    const GRANT_REFUSED = /permissions (that )?you (do not )?hold yourself|whose permissions you hold yourself|data scope as wide/;
    const dashboard = await rule('dashboard/index');
    const moneyAdd = await rule('user/moneyLog/add');
    const superGroup = await kit.superGroupId();
    const [disabledRule] = await db.insert(adminRule).values({ pid: dashboard.pid, type: 'button', title: 'Off', name: 'dashboard/off', status: 0 }).returning();

    type Case = { route: string; run: (token: string, groupId: number) => Promise<{ code: number; msg: string }>; refused: string | RegExp; setup?: (groupId: number) => Promise<void> };
    const cases: Case[] = [
      { route: 'POST auth/rule/edit', refused: RULE_REFUSED, run: (token) => kit.call('POST', '/admin/auth/rule/edit', token, ruleBody(dashboard, { name: 'user/moneyLog/add2' })) },
      { route: 'POST auth/rule/edit (re-parent)', refused: RULE_REFUSED, run: async (token) => kit.call('POST', '/admin/auth/rule/edit', token, ruleBody(dashboard, { pid: (await rule('user/moneyLog')).id })) },
      {
        route: 'POST auth/rule/edit (enable)',
        refused: RULE_REFUSED,
        setup: async (groupId) => {
          const [g] = await db.select().from(adminGroup).where(eq(adminGroup.id, groupId));
          await db.update(adminGroup).set({ rules: `${g!.rules},${disabledRule!.id}` }).where(eq(adminGroup.id, groupId));
        },
        run: (token) => kit.call('POST', '/admin/auth/rule/edit', token, ruleBody(disabledRule!, { status: 1 })),
      },
      { route: 'POST auth/rule/add', refused: 'none', run: (token) => kit.call('POST', '/admin/auth/rule/add', token, { pid: dashboard.pid, type: 'button', title: 'New', name: `dashboard/new${Math.random().toString(36).slice(2, 6)}` }) },
      { route: 'POST auth/rule/sortable', refused: 'none', run: async (token) => kit.call('POST', '/admin/auth/rule/sortable', token, { id: dashboard.id, targetId: (await rule('auth')).id }) },
      {
        route: 'POST security/dataRecycleLog/restore',
        refused: RULE_REFUSED,
        run: async (token) => {
          const [gone] = await db.insert(adminRule).values({ pid: dashboard.pid, type: 'button', title: 'Gone', name: `dashboard/gone${Math.random().toString(36).slice(2, 6)}` }).returning();
          await db.update(adminGroup).set({ rules: `${dashboard.id},${gone!.id}` }).where(eq(adminGroup.name, 'victim'));
          await kit.call('DELETE', `/admin/auth/rule/del?${qs({ ids: [gone!.id] })}`, boss.token);
          const [log] = (await db.select().from(securityDataRecycleLog)).filter((l) => (l.data as { id?: number }).id === gone!.id);
          return kit.call('POST', '/admin/security/dataRecycleLog/restore', token, { ids: [log!.id] });
        },
      },
      { route: 'POST auth/group/add', refused: GRANT_REFUSED, run: (token, groupId) => kit.call('POST', '/admin/auth/group/add', token, { pid: groupId, name: 'More', rules: [moneyAdd.id] }) },
      {
        route: 'POST auth/group/add (data scope)',
        refused: GRANT_REFUSED,
        setup: async (groupId) => void (await db.update(adminGroup).set({ dataScope: 'group' }).where(eq(adminGroup.id, groupId))),
        run: (token, groupId) => kit.call('POST', '/admin/auth/group/add', token, { pid: groupId, name: 'Wider', rules: [dashboard.id], data_scope: 'all' }),
      },
      {
        route: 'POST auth/group/edit (enable)',
        refused: GRANT_REFUSED,
        run: async (token, groupId) => {
          const [sleeping] = await db.insert(adminGroup).values({ pid: groupId, name: 'Sleeping', rules: String(moneyAdd.id), status: 0, dataScope: 'own' }).returning();
          return kit.call('POST', '/admin/auth/group/edit', token, { id: sleeping!.id, pid: groupId, name: 'Sleeping', rules: [moneyAdd.id], data_scope: 'own', status: 1 });
        },
      },
      { route: 'POST auth/admin/add', refused: GRANT_REFUSED, run: (token) => kit.call('POST', '/admin/auth/admin/add', token, { username: `esc${Math.random().toString(36).slice(2, 7)}`, nickname: 'E', password: 'secret123', group_arr: [superGroup] }) },
      {
        route: 'POST auth/admin/edit',
        refused: GRANT_REFUSED,
        run: async (token) => {
          const other = await kit.adminWith(['dashboard/index']);
          return kit.call('POST', '/admin/auth/admin/edit', token, { id: other.row.id, username: other.row.username, nickname: 'x', group_arr: [superGroup] });
        },
      },
    ];
    const boss = await kit.superAdmin();
    await kit.groupWith(['dashboard/index'], { name: 'victim' });
    for (const c of cases) {
      const node = c.route.split(' ')[1]!;
      // "all": the attacker sees every row, so only the grant check stands in the way.
      const group = await kit.groupWith([node, 'dashboard/index'], { dataScope: 'all' });
      const attacker = await kit.adminIn([group.id]);
      await c.setup?.(group.id);
      const answer = await c.run(attacker.token, group.id);
      if (c.refused === 'none') expect(answer, c.route).toMatchObject({ code: 1 });
      else {
        expect(answer.code, c.route).toBe(0);
        expect(answer.msg, c.route).toMatch(c.refused);
      }
    }
    // Every write route of the grant controllers has its case.
    // (An export writes no row of these tables: it queues a file of what the admin may list.)
    const writes = ctx.app.adminRouteTable
      .filter((r) => r.method !== 'GET' && /^auth\/(rule|group|admin)\//.test(r.path) && !r.path.endsWith('/del') && !r.path.endsWith('/export'))
      .map((r) => `${r.method} ${r.path}`);
    const covered = new Set(cases.map((c) => c.route.split(' (')[0]));
    expect(writes.filter((w) => !covered.has(w))).toEqual([]);
  });
});
