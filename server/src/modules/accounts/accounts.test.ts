import { HEADER } from '@framecraft/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema.ts';
import { userScoreLog } from '../ledger/tables.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createMember, FIXTURE_PASSWORD } from '../../../test/fixtures.ts';
import { register } from './service.ts';

const FAILED = 'Incorrect account or password (after too many failed attempts an account is locked for a while)';

describe('member login and registration', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const checkIn = (body: object, headers: Record<string, string> = {}, lang = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/user/checkIn',
      headers: { server: 'true', [HEADER.lang]: lang, ...headers },
      payload: body,
    });
  const login = (username: string, password: string, extra: object = {}) =>
    checkIn({ tab: 'login', username, password, ...extra });

  it('GET answers the login settings to visitors and 303 logged in to members', async () => {
    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/user/checkIn', headers: { server: 'true' } });
    expect(visitor.json()).toMatchObject({ code: 1, data: { userLoginCaptchaSwitch: false } });
    const member = await createMember(ctx.database.db);
    const { token } = await ctx.app.tokens.issue('user', member.id);
    const again = await ctx.app.inject({ method: 'GET', url: '/api/user/checkIn', headers: { server: 'true', [HEADER.userToken]: token } });
    expect(again.json()).toMatchObject({ code: 303, data: { type: 'logged in' } });
    const post = await login(member.username, FIXTURE_PASSWORD, {});
    expect(post.json().code).toBe(1);
    const loggedPost = await checkIn({ tab: 'login', username: member.username, password: FIXTURE_PASSWORD }, { [HEADER.userToken]: token });
    expect(loggedPost.json()).toMatchObject({ code: 303, data: { type: 'logged in' } });
  });

  it('logs in by username, e-mail or mobile, case-insensitively, and keeps the login on request', async () => {
    const member = await createMember(ctx.database.db, { email: 'Ann@Example.com', mobile: '13800138000' });
    for (const account of [member.username.toUpperCase(), 'ann@example.com', '13800138000']) {
      const answer = await login(account, FIXTURE_PASSWORD);
      expect(answer.json()).toMatchObject({ code: 1, msg: 'Login successful!', data: { routePath: '/user', userInfo: { id: member.id } } });
      expect(answer.json().data.userInfo.refresh_token).toBe('');
    }
    const kept = await login(member.username, FIXTURE_PASSWORD, { keep: true });
    expect(kept.json().data.userInfo.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(kept.json().data.userInfo).not.toHaveProperty('password');
  });

  it('gives the same message for an unknown account and a wrong password', async () => {
    const member = await createMember(ctx.database.db);
    const unknown = (await login('nobody_here', FIXTURE_PASSWORD)).json();
    const wrong = (await login(member.username, 'wrong-pass')).json();
    const { time: _t1, ...unknownRest } = unknown;
    const { time: _t2, ...wrongRest } = wrong;
    expect(unknownRest).toEqual(wrongRest); // the envelope time may tick between the calls
    expect(wrong).toMatchObject({ code: 0, msg: FAILED });
  });

  it('locks the account after 10 failures until the lockout time has passed', async () => {
    const db = ctx.database.db;
    const member = await createMember(db);
    for (let i = 0; i < 9; i++) expect((await login(member.username, 'wrong-pass')).json().msg).toBe(FAILED);
    // the 9th failure is below the limit: the right password still works and resets the count
    expect((await login(member.username, FIXTURE_PASSWORD)).json().code).toBe(1);
    for (let i = 0; i < 10; i++) await login(member.username, 'wrong-pass');
    // Locked: even the right password fails, with the answer an unknown account gets, so the lock
    // does not reveal that the account exists.
    const { time: _t1, ...locked } = (await login(member.username, FIXTURE_PASSWORD, {})).json();
    const { time: _t2, ...unknown } = (await login(`nobody_${member.id}`, FIXTURE_PASSWORD, {})).json();
    expect(locked).toEqual(unknown);
    expect(locked).toMatchObject({ code: 0, msg: FAILED });
    expect((await checkIn({ tab: 'login', username: member.username, password: FIXTURE_PASSWORD }, {}, 'zh-cn')).json().msg).toBe(
      '账号或密码错误（连续失败次数过多时账号将被暂时锁定）',
    );
    // 24 h later the lock has run out
    await db.update(user).set({ updatedAt: new Date(Date.now() - 86_401_000) }).where(eq(user.id, member.id));
    expect((await login(member.username, FIXTURE_PASSWORD)).json().code).toBe(1);
  });

  it('validates registration fields at the spec §5 boundaries, in both languages', async () => {
    const register = (username: string, password = 'secret123', lang = 'en') =>
      checkIn({ tab: 'register', username, password }, {}, lang);
    for (const bad of ['ab', 'a2345678901234567', '1abc', 'ab-cd', '']) {
      expect((await register(bad)).json().code, bad).toBe(0);
    }
    for (const badPassword of ['12345', 'x'.repeat(33), 'abc&def', 'abc<def', 'abc"def', "abc'def"]) {
      expect((await register('goodname', badPassword)).json().code, badPassword).toBe(0);
    }
    expect((await register('ab')).json().msg).toMatch(/3 to 15 characters/);
    expect((await register('ab', 'secret123', 'zh-cn')).json().msg).not.toMatch(/characters/);
    const min = await register('abc', '123456');
    expect(min.json()).toMatchObject({ code: 1, msg: 'Registration successful!' });
    const max = await register('a'.repeat(15), 'x'.repeat(32));
    expect(max.json().code).toBe(1);
    // same name, other case: refused
    expect((await register('ABC')).json()).toMatchObject({ code: 0 });
  });

  it('links an invited member to the inviter and credits the inviter through the points ledger', async () => {
    const db = ctx.database.db;
    const inviter = await createMember(db);
    const invalid = await checkIn({ tab: 'register', username: 'invited_x', password: 'secret123', inviteCode: 'NOPE0000' });
    expect(invalid.json()).toMatchObject({ code: 0, msg: 'The invitation code is invalid' });
    const ok = await checkIn({ tab: 'register', username: 'invited_ok', password: 'secret123', inviteCode: inviter.inviteCode.toLowerCase() });
    expect(ok.json().code).toBe(1);
    const [created] = await db.select().from(user).where(eq(user.username, 'invited_ok'));
    expect(created!.inviterId).toBe(inviter.id);
    expect(created!.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    // no reward configured (setting inviteRewardScore, seeded 0) → no ledger entry; nothing half-done for the refused registration
    expect(await db.select().from(userScoreLog).where(eq(userScoreLog.userId, inviter.id))).toHaveLength(0);
    expect(await db.select().from(user).where(eq(user.username, 'invited_x'))).toHaveLength(0);
  });

  it('credits the configured invite reward in the same transaction as the registration', async () => {
    const db = ctx.database.db;
    const inviter = await createMember(db);
    const created = await register(db, { username: 'rewarded', password: 'secret123', inviteCode: inviter.inviteCode, ip: '203.0.113.1', inviteRewardScore: 25 });
    const [log] = await db.select().from(userScoreLog).where(eq(userScoreLog.userId, inviter.id));
    expect(log).toMatchObject({ score: 25, before: 0, after: 25, kind: 'invite', refType: 'user', refId: String(created.id) });
    const [after] = await db.select({ score: user.score }).from(user).where(eq(user.id, inviter.id));
    expect(after!.score).toBe(25);
  });
});
