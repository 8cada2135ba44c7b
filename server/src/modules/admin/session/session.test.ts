import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../../../db/schema.ts';
import { createTestApp, type TestContext } from '../../../../test/app.ts';
import { createAdmin, FIXTURE_PASSWORD } from '../../../../test/fixtures.ts';
import { seedAdmin } from '../seed.ts';
import { adminLog } from '../tables.ts';
import { adminKit } from '../test-kit.ts';
import { captchaKit } from '../../captcha/test-kit.ts';

describe('admin session', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof adminKit>;
  beforeAll(async () => {
    ctx = await createTestApp();
    kit = adminKit(ctx);
    // Logins here test passwords; the captcha of admin login has its own tests (captcha module).
    await ctx.app.siteConfig.set({ adminLoginCaptchaSwitch: 0 });
  });
  afterAll(() => ctx.close());

  const login = (username: string, password: string, keep = false, lang = 'en') =>
    kit.call('POST', '/admin/index/login', undefined, { username, password, keep }, lang);

  it('logs in with a token (and a refresh token when kept), and answers the init call', async () => {
    const { row } = await kit.superAdmin();
    const answer = await login(row.username.toUpperCase(), FIXTURE_PASSWORD, true);
    expect(answer).toMatchObject({ code: 1, msg: 'Login successful!', data: { routePath: '/admin', userInfo: { id: row.id, super: false } } });
    expect(answer.data.userInfo.refresh_token).not.toBe('');
    const init = await kit.call('GET', '/admin/index/index', answer.data.userInfo.token);
    expect(init.code).toBe(1);
    expect(init.data.adminInfo).toMatchObject({ id: row.id, username: row.username });
    expect(init.data.adminInfo.last_login_time).toBeGreaterThan(1_700_000_000);
    expect(init.data.siteConfig).toMatchObject({ siteName: 'Framecraft', upload: { mode: 'local' } });
    expect(init.data.terminal).toEqual({ phpDevelopmentServer: false, npmPackageManager: 'pnpm', npmRegistries: ['npm'] });
    const top = init.data.menus.map((m: { name: string }) => m.name);
    expect(top).toEqual(['dashboard', 'auth', 'organization', 'user', 'shop', 'routine', 'security']);
    const auth = init.data.menus[1];
    expect(auth.children.map((m: { name: string }) => m.name)).toEqual(['auth/group', 'auth/admin', 'auth/rule', 'auth/adminLog']);
    expect(auth.children[1].children.map((m: { name: string }) => m.name)).toEqual(['auth/admin/index', 'auth/admin/add', 'auth/admin/edit', 'auth/admin/del']);
    expect((await login('admin', 'wrong-password', false, 'zh-cn')).msg).toBe('用户名或密码错误');
    expect((await login('nobody_here', FIXTURE_PASSWORD)).msg).toBe('Incorrect username or password');
  });

  it('shows an admin only the menus and buttons of their groups', async () => {
    const { token } = await kit.adminWith(['organization', 'organization/department', 'organization/department/index', 'organization/department/add']);
    const init = await kit.call('GET', '/admin/index/index', token);
    expect(init.data.menus).toHaveLength(1);
    expect(init.data.menus[0].children[0].children.map((b: { name: string }) => b.name)).toEqual([
      'organization/department/index',
      'organization/department/add',
    ]);
  });

  it('never locks an account: a failing source is stopped, the owner elsewhere logs in, answers stay identical (decision 027)', async () => {
    const row = await createAdmin(ctx.database.db);
    const from = (ip: string) => async (username: string, password: string, extra: object = {}) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/admin/index/login', remoteAddress: ip, headers: { server: 'true', 'think-lang': 'en' }, payload: { username, password, ...extra } });
      const { time: _time, ...rest } = res.json();
      return rest as { code: number; msg: string; data: unknown };
    };
    const solved = () => captchaKit(ctx).solved();
    const attacker = from('203.0.113.50');
    const other = from('203.0.113.51');
    const ghost = `ghost_${row.id}`;
    for (let i = 0; i < 3; i++) expect(await attacker(row.username, 'wrong-one')).toEqual(await other(ghost, 'wrong-one'));
    expect(await attacker(row.username, 'wrong-one')).toEqual({ code: 0, msg: 'Please complete the click verification first', data: { captcha: true } });
    expect(await other(ghost, 'wrong-one')).toEqual({ code: 0, msg: 'Please complete the click verification first', data: { captcha: true } });
    for (let i = 3; i < 10; i++) expect(await attacker(row.username, 'wrong-one', await solved())).toEqual(await other(ghost, 'wrong-one', await solved()));
    // The source is stopped: the right password gets the answer an unknown name gets — never "locked".
    const stopped = await attacker(row.username, FIXTURE_PASSWORD, await solved());
    expect(stopped).toEqual({ code: 0, msg: 'Incorrect username or password', data: null });
    expect(stopped).toEqual(await other(ghost, FIXTURE_PASSWORD, await solved()));
    // The owner logs in from another address (with the captcha the account now asks for).
    expect((await from('198.51.100.50')(row.username, FIXTURE_PASSWORD, await solved())).code).toBe(1);
    const [after] = await ctx.database.db.select().from(admin).where(eq(admin.id, row.id));
    expect(after!.loginFailure).toBe(0);
    expect((await attacker(row.username, FIXTURE_PASSWORD, await solved())).code).toBe(0);
    const disabled = await createAdmin(ctx.database.db, { status: 'disable' });
    expect((await login(disabled.username, FIXTURE_PASSWORD)).msg).toBe('This account has been disabled');
  });

  it('logs every POST/DELETE with passwords masked', async () => {
    const row = await createAdmin(ctx.database.db);
    await login(row.username, FIXTURE_PASSWORD);
    const [entry] = await ctx.database.db.select().from(adminLog).where(eq(adminLog.adminId, row.id));
    expect(entry).toMatchObject({ username: row.username, url: '/admin/index/login' });
    expect(entry!.data).toEqual({ username: row.username, password: '******', keep: false });
  });

  it('edits the profile; a new password ends the other sessions', async () => {
    const { row, token } = await kit.adminWith([]);
    const other = (await ctx.app.tokens.issue('admin', row.id)).token;
    const bad = await kit.call('POST', '/admin/routine/adminInfo/edit', token, { nickname: '', email: 'x', password: 'a<b' });
    expect(Object.keys(bad.data.errors).sort()).toEqual(['email', 'nickname', 'password']);
    const saved = await kit.call('POST', '/admin/routine/adminInfo/edit', token, { nickname: 'Neo', motto: 'hi', password: 'newpass1' });
    expect(saved).toMatchObject({ code: 1 });
    expect((await kit.call('GET', '/admin/routine/adminInfo/index', other)).code).toBe(303);
    const profile = await kit.call('GET', '/admin/routine/adminInfo/index', saved.data.token);
    expect(profile.data.row).toMatchObject({ nickname: 'Neo', motto: 'hi' });
    expect((await login(row.username, 'newpass1')).code).toBe(1);
  });

  it('clears the settings cache', async () => {
    const { token } = await kit.adminWith([]);
    expect(await kit.call('POST', '/admin/ajax/clearCache', token, { type: 'all' })).toMatchObject({ code: 1, msg: 'Cache cleared' });
  });

  it('seeds one super admin: a random password printed once, or ADMIN_INITIAL_PASSWORD', async () => {
    const lines: string[] = [];
    expect(await seedAdmin(ctx.database.db, { announce: (l) => lines.push(l) })).toMatchObject({ rulesAdded: 0, adminCreated: false });
    expect(lines).toEqual([]);
    // On an empty admin table (a fresh install) the super admin is created.
    const db = ctx.database.db;
    await db.transaction(async (tx) => {
      await tx.delete(admin);
      const result = await seedAdmin(tx as never, { announce: (l) => lines.push(l) });
      expect(result.adminCreated).toBe(true);
      const password = /password: (\S+) /.exec(lines[0]!)![1]!;
      expect(password.length).toBeGreaterThanOrEqual(16);
      tx.rollback();
    }).catch((err: unknown) => {
      if (!(err instanceof Error) || !/rollback/i.test(err.message)) throw err;
    });
    await db.delete(admin);
    await seedAdmin(db, { initialPassword: 'Initial123', announce: () => {} });
    expect((await login('admin', 'Initial123')).data.userInfo).toMatchObject({ username: 'admin', super: true });
  });
});
