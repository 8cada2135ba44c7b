import { HEADER } from '@framecraft/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema.ts';
import { userScoreLog } from '../ledger/tables.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createMember, FIXTURE_PASSWORD } from '../../../test/fixtures.ts';
import { captchaKit } from '../captcha/test-kit.ts';
import { loginAttempt } from '../login-throttle/tables.ts';
import { register } from './service.ts';

const FAILED = 'Incorrect account or password (after repeated failures the click verification is required, and attempts are paused for a while)';
const CAPTCHA_FIRST = 'Please complete the click verification first';

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

  describe('login throttling instead of lockout (decision 027)', () => {
    const from = (ip: string) => (username: string, password: string, extra: object = {}) =>
      ctx.app
        .inject({ method: 'POST', url: '/api/user/checkIn', remoteAddress: ip, headers: { server: 'true', [HEADER.lang]: 'en' }, payload: { tab: 'login', username, password, ...extra } })
        .then((r) => {
          const { time: _time, ...rest } = r.json();
          return rest as { code: number; msg: string; data: unknown };
        });
    const captcha = () => captchaKit(ctx).solved();

    it("an attacker's failures never stop the owner's correct login from another address", async () => {
      const member = await createMember(ctx.database.db);
      const attacker = from('203.0.113.7');
      const owner = from('198.51.100.20');
      for (let i = 0; i < 3; i++) expect(await attacker(member.username, 'wrong-pass')).toMatchObject({ code: 0, msg: FAILED });
      // After three failures the account needs the click captcha, from everyone — an unknown name too.
      const asked = await attacker(member.username, 'wrong-pass');
      expect(asked).toEqual({ code: 0, msg: CAPTCHA_FIRST, data: { captcha: true } });
      // The attacker solves captchas and keeps failing: ten failures stop that source for the account.
      for (let i = 3; i < 10; i++) expect(await attacker(member.username, 'wrong-pass', await captcha())).toMatchObject({ code: 0, msg: FAILED });
      const stopped = await attacker(member.username, FIXTURE_PASSWORD, await captcha());
      expect(stopped).toEqual({ code: 0, msg: FAILED, data: null });
      // The owner, elsewhere, is asked for the captcha and gets in.
      expect(await owner(member.username, FIXTURE_PASSWORD)).toEqual({ code: 0, msg: CAPTCHA_FIRST, data: { captcha: true } });
      expect((await owner(member.username, FIXTURE_PASSWORD, await captcha())).code).toBe(1);
      expect((await from('198.51.100.21')(member.email ?? member.username, FIXTURE_PASSWORD, await captcha())).code).toBe(1);
      // The stopped source stays stopped until the window has passed.
      expect(await attacker(member.username, FIXTURE_PASSWORD, await captcha())).toEqual(stopped);
      await ctx.database.db.update(loginAttempt).set({ createdAt: new Date(Date.now() - 86_401_000) }).where(eq(loginAttempt.ip, '203.0.113.7'));
      expect((await attacker(member.username, FIXTURE_PASSWORD)).code).toBe(1);
      expect((await checkIn({ tab: 'login', username: `nobody_${member.id}`, password: 'x23456' }, {}, 'zh-cn')).json().msg).toBe(
        '账号或密码错误（多次失败后需要完成点选验证，连续失败过多将暂停尝试一段时间）',
      );
    });

    it('answers a locked, an unknown and a wrong login identically at every stage', async () => {
      const member = await createMember(ctx.database.db);
      const ghost = `ghost_${member.id}`;
      const a = from('203.0.113.8');
      const b = from('203.0.113.9');
      for (let i = 0; i < 3; i++) expect(await a(member.username, 'wrong-pass')).toEqual(await b(ghost, 'wrong-pass'));
      expect(await a(member.username, 'wrong-pass')).toEqual(await b(ghost, 'wrong-pass'));
      for (let i = 3; i < 10; i++) expect(await a(member.username, 'wrong-pass', await captcha())).toEqual(await b(ghost, 'wrong-pass', await captcha()));
      expect(await a(member.username, FIXTURE_PASSWORD, await captcha())).toEqual(await b(ghost, FIXTURE_PASSWORD, await captcha()));
    });

    it('a burst of parallel guesses from one source gets no more password comparisons than the limit', async () => {
      await ctx.app.siteConfig.set({ loginCaptchaAfterFailures: 1000 });
      try {
        const member = await createMember(ctx.database.db);
        const burst = from('203.0.113.10');
        const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => burst(member.username, `wrong-${i}`)));
        for (const answer of answers) expect(answer).toMatchObject({ code: 0, msg: FAILED });
        const [row] = await ctx.database.db.select().from(user).where(eq(user.id, member.id));
        expect(row!.loginFailure).toBeLessThanOrEqual(10);
        expect((await burst(member.username, FIXTURE_PASSWORD)).code).toBe(0);
        expect((await from('198.51.100.30')(member.username, FIXTURE_PASSWORD)).code).toBe(1);
        // One address failing across many accounts is stopped for all of them (credential stuffing).
        const stuffing = from('203.0.113.11');
        const victims = await Promise.all(Array.from({ length: 6 }, () => createMember(ctx.database.db)));
        for (const victim of victims) for (let i = 0; i < 9; i++) await stuffing(victim.username, 'wrong-pass');
        expect((await stuffing(victims[0]!.username, FIXTURE_PASSWORD)).code).toBe(0);
        expect((await from('198.51.100.31')(victims[0]!.username, FIXTURE_PASSWORD)).code).toBe(1);
      } finally {
        await ctx.app.siteConfig.set({ loginCaptchaAfterFailures: 3 });
      }
    });
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
    // the seeded reward (setting inviteRewardScore, 50 — what /share promises) → one ledger entry; nothing half-done for the refused registration
    expect((await db.select().from(userScoreLog).where(eq(userScoreLog.userId, inviter.id))).map((log) => log.score)).toEqual([50]);
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
