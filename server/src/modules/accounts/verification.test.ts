import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createMember, FIXTURE_PASSWORD } from '../../../test/fixtures.ts';
import { captchaKit } from '../captcha/test-kit.ts';
import { smsLog, verificationCode } from '../codes/tables.ts';
import { startSmtpReceiver, useSmtp } from '../codes/test-kit.ts';

describe('registration with verified addresses, SMS login and password reset', () => {
  let ctx: TestContext;
  let captcha: ReturnType<typeof captchaKit>;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    captcha = captchaKit(ctx);
    smtp = await startSmtpReceiver();
    await useSmtp(ctx, smtp.port);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const db = () => ctx.database.db;
  let n = 0;
  const unique = () => `${Date.now().toString(36)}${++n}`;
  const mobile = () => `138${String(Date.now() * 10 + ++n).slice(-8)}`;
  const post = (url: string, payload: object, lang = 'en', token?: string) =>
    ctx.app
      .inject({ method: 'POST', url, headers: { server: 'true', 'think-lang': lang, ...(token ? { 'ba-user-token': token } : {}) }, payload })
      .then((r) => r.json());
  const sendEmail = async (email: string, event: string) => post('/api/Ems/send', { email, event, ...(await captcha.solved()) });
  const sendSms = async (number: string, event: string) => post('/api/Sms/send', { mobile: number, template_code: event, ...(await captcha.solved()) });
  const smsCode = async (number: string) => {
    const [row] = await db().select().from(smsLog).where(eq(smsLog.mobile, number)).orderBy(desc(smsLog.id)).limit(1);
    return /(\d{6})/.exec(row?.content ?? '')?.[1];
  };

  it('reports the verification types in the login settings', async () => {
    await ctx.app.siteConfig.set({ accountVerificationType: 'mobile,email' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/checkIn', headers: { server: 'true' } });
    expect(res.json().data).toEqual({ userLoginCaptchaSwitch: false, accountVerificationType: ['email', 'mobile'] });
  });

  it('registration verified by e-mail: the code is required, checked and used once', async () => {
    await ctx.app.siteConfig.set({ accountVerificationType: 'email' });
    const email = `new.${unique()}@example.test`;
    const username = `r${unique()}`;
    const base = { tab: 'register', username, password: 'secret123', registerType: 'email' };
    expect(await post('/api/user/checkIn', base)).toMatchObject({ code: 0, msg: expect.stringMatching(/required|e-mail/i) });
    expect(await post('/api/user/checkIn', { ...base, email, captcha: '12' }, 'zh-cn')).toMatchObject({ code: 0, msg: '验证码为 6 位数字' });
    expect(await post('/api/user/checkIn', { ...base, email, captcha: '123456' })).toMatchObject({ code: 0, msg: 'The verification code is incorrect or has expired' });

    expect(await sendEmail(email, 'user_register')).toMatchObject({ code: 1 });
    const code = smtp.codeFor(email)!;
    // A registration that fails for another reason keeps the code.
    const taken = await createMember(db());
    expect(await post('/api/user/checkIn', { ...base, username: taken.username, email, captcha: code })).toMatchObject({ code: 0, msg: expect.stringContaining('cannot be registered') });
    const ok = await post('/api/user/checkIn', { ...base, email: email.toUpperCase(), captcha: code });
    expect(ok).toMatchObject({ code: 1, data: { userInfo: { username, email } } });
    expect(await post('/api/user/checkIn', { ...base, username: `s${unique()}`, email, captcha: code })).toMatchObject({ code: 0, msg: 'The verification code is incorrect or has expired' });
  });

  it('registration verified by mobile with the SMS log provider', async () => {
    await ctx.app.siteConfig.set({ accountVerificationType: 'mobile' });
    const number = mobile();
    expect(await sendSms(number, 'user_register')).toMatchObject({ code: 1 });
    const username = `m${unique()}`;
    const answer = await post('/api/user/checkIn', { tab: 'register', username, password: 'secret123', registerType: 'mobile', mobile: number, captcha: await smsCode(number) });
    expect(answer).toMatchObject({ code: 1, data: { userInfo: { username, mobile: number } } });
    // A taken number never gets a code, so it cannot register twice.
    const sentBefore = (await db().select().from(smsLog).where(eq(smsLog.mobile, number))).length;
    await db().update(verificationCode).set({ createdAt: new Date(Date.now() - 120_000) }).where(eq(verificationCode.target, number));
    expect(await sendSms(number, 'user_register')).toMatchObject({ code: 1 });
    expect((await db().select().from(smsLog).where(eq(smsLog.mobile, number))).length).toBe(sentBefore);
  });

  it('without verification types registration needs only username and password', async () => {
    await ctx.app.siteConfig.set({ accountVerificationType: '' });
    expect(await post('/api/user/checkIn', { tab: 'register', username: `p${unique()}`, password: 'secret123' })).toMatchObject({ code: 1 });
  });

  it('logs in with mobile and SMS code', async () => {
    const member = await createMember(db(), { mobile: mobile() });
    expect(await sendSms(member.mobile!, 'user_login')).toMatchObject({ code: 1 });
    const code = (await smsCode(member.mobile!))!;
    const wrong = code === '999999' ? '888888' : '999999';
    expect(await post('/api/user/checkIn', { tab: 'login', loginType: 'sms', mobile: member.mobile, captcha: wrong })).toMatchObject({ code: 0, msg: 'The verification code is incorrect or has expired' });
    const ok = await post('/api/user/checkIn', { tab: 'login', loginType: 'sms', mobile: member.mobile, captcha: code, keep: true }, 'zh-cn');
    expect(ok).toMatchObject({ code: 1, msg: expect.any(String), data: { userInfo: { id: member.id }, routePath: '/user' } });
    expect(ok.data.userInfo.refresh_token).not.toBe('');
    expect(await post('/api/user/checkIn', { tab: 'login', loginType: 'sms', mobile: member.mobile, captcha: code })).toMatchObject({ code: 0 });
    // An unknown number: no code is sent, and the login fails the same way.
    const stranger = mobile();
    expect(await sendSms(stranger, 'user_login')).toMatchObject({ code: 1 });
    expect(await smsCode(stranger)).toBeUndefined();
  });

  it('resets the password by e-mail code and ends every session', async () => {
    const email = `reset.${unique()}@example.test`;
    const member = await createMember(db(), { email });
    const sessions = [await ctx.app.tokens.issue('user', member.id, { keep: true }), await ctx.app.tokens.issue('user', member.id)];
    expect(await sendEmail(email, 'user_retrieve_pwd')).toMatchObject({ code: 1 });
    const code = smtp.codeFor(email)!;
    const reset = (payload: object, lang = 'en') => post('/api/account/retrievePassword', { type: 'email', account: email, captcha: code, password: 'brand-new-1', ...payload }, lang);
    expect(await reset({ password: 'a<b' }, 'zh-cn')).toMatchObject({ code: 0, msg: expect.stringContaining('密码') });
    expect(await reset({ account: 'nope' })).toMatchObject({ code: 0, msg: 'Please enter a correct e-mail address' });
    expect(await reset({})).toMatchObject({ code: 1, msg: 'Your password has been reset, please log in with the new password' });
    for (const s of sessions) {
      expect((await ctx.app.tokens.resolve('user', s.token)).state).not.toBe('valid');
    }
    expect(await post('/api/user/checkIn', { tab: 'login', username: email, password: 'brand-new-1' })).toMatchObject({ code: 1 });
    expect(await post('/api/user/checkIn', { tab: 'login', username: email, password: FIXTURE_PASSWORD })).toMatchObject({ code: 0 });
    expect(await reset({ password: 'another-2' })).toMatchObject({ code: 0, msg: 'The verification code is incorrect or has expired' });
  });

  it('resets the password by SMS code; an unknown account gets the wrong-code message', async () => {
    const member = await createMember(db(), { mobile: mobile(), loginFailure: 10, updatedAt: new Date() });
    expect(await sendSms(member.mobile!, 'user_retrieve_pwd')).toMatchObject({ code: 1 });
    const answer = await post('/api/account/retrievePassword', { type: 'mobile', account: member.mobile, captcha: await smsCode(member.mobile!), password: 'by-sms-123' });
    expect(answer).toMatchObject({ code: 1 });
    const [row] = await db().select().from(user).where(eq(user.id, member.id));
    expect(row!.loginFailure).toBe(0);
    expect(await post('/api/account/retrievePassword', { type: 'mobile', account: mobile(), captcha: '123456', password: 'by-sms-123' })).toMatchObject({
      code: 0,
      msg: 'The verification code is incorrect or has expired',
    });
  });

  it('40 parallel wrong codes on retrievePassword: at most 5 are ever compared, then the code is void', async () => {
    const email = `burst.${unique()}@example.test`;
    await createMember(db(), { email });
    expect(await sendEmail(email, 'user_retrieve_pwd')).toMatchObject({ code: 1 });
    const code = smtp.codeFor(email)!;
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post('/api/account/retrievePassword', { type: 'email', account: email, captcha: wrong(i), password: 'brute-force-1' })),
    );
    for (const answer of answers) expect(answer).toMatchObject({ code: 0, msg: 'The verification code is incorrect or has expired' });
    const [row] = await db().select().from(verificationCode).where(eq(verificationCode.target, email)).orderBy(desc(verificationCode.id)).limit(1);
    expect(row).toMatchObject({ attempts: 5, status: 'void' });
    // The right code arrives too late: the five tries are spent.
    expect(await post('/api/account/retrievePassword', { type: 'email', account: email, captcha: code, password: 'brute-force-1' })).toMatchObject({ code: 0 });
  });
});
