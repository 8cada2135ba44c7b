import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createMember } from '../../../test/fixtures.ts';
import { captchaKit } from '../captcha/test-kit.ts';
import { CODE_TTL_SECONDS, checkCode, DAILY_LIMIT_PER_IP, DAILY_LIMIT_PER_TARGET, MAX_WRONG_TRIES, useCode } from './service.ts';
import { smsLog, verificationCode } from './tables.ts';
import { startAliyunSmsServer, startSmtpReceiver, useSmtp } from './test-kit.ts';

describe('e-mail and SMS codes', () => {
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
  beforeEach(() => {
    smtp.state.refuse = false;
  });

  const db = () => ctx.database.db;
  let counter = 0;
  const email = () => `person${++counter}.${Date.now()}@Example.test`;
  const mobile = () => `139${String(Date.now() * 10 + ++counter).slice(-8)}`;

  async function call(url: string, body: object, { lang = 'en', token, captchaOk = true }: { lang?: string; token?: string; captchaOk?: boolean } = {}) {
    const extra = captchaOk ? await captcha.solved() : {};
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { server: 'true', 'think-lang': lang, ...(token ? { 'ba-user-token': token } : {}) },
      payload: { ...body, ...extra },
    });
    return res.json();
  }
  const sendEmail = (address: string, event = 'user_register', options = {}) => call('/api/Ems/send', { email: address, event }, options);
  const sendSms = (number: string, event = 'user_register', options = {}) => call('/api/Sms/send', { mobile: number, template_code: event }, options);
  const rows = (target: string) => db().select().from(verificationCode).where(eq(verificationCode.target, target)).orderBy(desc(verificationCode.id));
  /** Pretend the last code to `target` was sent `seconds` ago. */
  const age = (target: string, seconds: number) =>
    db().update(verificationCode).set({ createdAt: sql`now() - make_interval(secs => ${seconds})` }).where(eq(verificationCode.target, target));

  it('sends a code by real SMTP in the request language, usable once', async () => {
    const address = email();
    expect(await sendEmail(address, 'user_register', { lang: 'zh-cn' })).toMatchObject({ code: 1, msg: '验证码已发送' });
    const lower = address.toLowerCase();
    const message = smtp.messages.at(-1)!;
    expect(message.to).toEqual([lower]);
    expect(message.raw).toMatch(/^From: Framecraft <noreply@shop\.test>/m);
    expect(message.raw).toMatch(/^Subject: =\?UTF-8\?/m); // Chinese subject, encoded
    const code = smtp.codeFor(lower)!;
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await rows(lower);
    expect(row).toMatchObject({ channel: 'email', event: 'user_register', status: 'sent' });
    expect(row!.codeHash).not.toContain(code);
    const expires = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000;
    expect(expires).toBeCloseTo(CODE_TTL_SECONDS, 0);

    const address2 = { channel: 'email' as const, target: lower, event: 'user_register' as const };
    await expect(useCode(db(), { ...address2, event: 'user_retrieve_pwd' }, code)).rejects.toMatchObject({ msgKey: 'verify.codeInvalid' });
    await useCode(db(), address2, code);
    await expect(useCode(db(), address2, code)).rejects.toMatchObject({ msgKey: 'verify.codeInvalid' });
  });

  it('an English mail says what the code is for', async () => {
    const address = email().toLowerCase();
    await sendEmail(address, 'user_register');
    const raw = smtp.messages.at(-1)!.raw.replace(/=\r?\n/g, '');
    expect(raw).toContain('Subject: Framecraft: your verification code');
    expect(raw).toContain('Your verification code for registration is:');
  });

  it('one send per 60 s per address, then a new code replaces the old one', async () => {
    const address = email().toLowerCase();
    expect(await sendEmail(address)).toMatchObject({ code: 1 });
    const first = smtp.codeFor(address)!;
    const again = await sendEmail(address);
    expect(again).toMatchObject({ code: 0, msg: expect.stringMatching(/^Please wait (59|60) seconds before requesting another code$/) });
    await age(address, 61);
    expect(await sendEmail(address)).toMatchObject({ code: 1 });
    const second = smtp.codeFor(address)!;
    const target = { channel: 'email' as const, target: address, event: 'user_register' as const };
    if (first !== second) await expect(checkCode(db(), target, first)).rejects.toMatchObject({ msgKey: 'verify.codeInvalid' });
    await useCode(db(), target, second);
  });

  it('daily caps per address and per IP', async () => {
    const address = email().toLowerCase();
    const past = (target: string, ip: string, n: number) =>
      db().insert(verificationCode).values(
        Array.from({ length: n }, () => ({ channel: 'email', target, event: 'user_register', codeHash: 'x', status: 'used', ip, expiresAt: new Date(), createdAt: new Date(Date.now() - 3_600_000) })),
      );
    await past(address, '10.0.0.9', DAILY_LIMIT_PER_TARGET);
    expect(await sendEmail(address)).toMatchObject({ code: 0, msg: 'Too many codes have been requested today, please try again tomorrow' });
    // Older than a day: no longer counted.
    await db().update(verificationCode).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(verificationCode.target, address));
    expect(await sendEmail(address)).toMatchObject({ code: 1 });

    const before = await db().select({ n: sql<number>`count(*)::int` }).from(verificationCode).where(and(eq(verificationCode.ip, '127.0.0.1'), sql`create_time > now() - interval '1 day'`));
    await past('someone-else@example.test', '127.0.0.1', Math.max(0, DAILY_LIMIT_PER_IP - before[0]!.n));
    expect(await sendEmail(email())).toMatchObject({ code: 0, msg: 'Too many codes have been requested today, please try again tomorrow' });
    await db().delete(verificationCode).where(eq(verificationCode.target, 'someone-else@example.test'));
  });

  it('a code expires, and wrong tries void it', async () => {
    const address = email().toLowerCase();
    await sendEmail(address);
    const code = smtp.codeFor(address)!;
    const target = { channel: 'email' as const, target: address, event: 'user_register' as const };
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_WRONG_TRIES; i++) await expect(checkCode(db(), target, wrong)).rejects.toMatchObject({ msgKey: 'verify.codeInvalid' });
    await expect(checkCode(db(), target, code)).rejects.toMatchObject({ msgKey: 'verify.codeInvalid' });
    expect((await rows(address))[0]).toMatchObject({ status: 'void', attempts: MAX_WRONG_TRIES });

    await age(address, 61);
    await sendEmail(address);
    const fresh = smtp.codeFor(address)!;
    await db().update(verificationCode).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(verificationCode.target, address));
    await expect(checkCode(db(), target, fresh)).rejects.toMatchObject({ msgKey: 'verify.codeInvalid' });
  });

  it('a failed delivery leaves nothing behind and says so clearly', async () => {
    const address = email().toLowerCase();
    smtp.state.refuse = true;
    expect(await sendEmail(address)).toMatchObject({ code: 0, msg: 'The e-mail could not be sent, please try again later' });
    expect(await rows(address)).toEqual([]);
    smtp.state.refuse = false;
    // No 60-s wait was started by the failure.
    expect(await sendEmail(address)).toMatchObject({ code: 1 });

    await ctx.app.siteConfig.set({ mailSmtpHost: '' });
    const other = email().toLowerCase();
    expect(await sendEmail(other, 'user_register', { lang: 'zh-cn' })).toMatchObject({ code: 0, msg: '尚未配置邮件发送，请联系网站管理员' });
    expect(await rows(other)).toEqual([]);
    await useSmtp(ctx, smtp.port);
  });

  it('requires a solved click captcha and valid input', async () => {
    expect(await sendEmail(email(), 'user_register', { captchaOk: false })).toMatchObject({ code: 0, msg: 'Please complete the click verification first' });
    expect(await sendEmail('not-an-address')).toMatchObject({ code: 0, msg: 'Please enter a correct e-mail address' });
    expect(await sendEmail(email(), 'user_login')).toMatchObject({ code: 0, msg: 'Unknown verification purpose' });
    expect(await sendSms('12345', 'user_register')).toMatchObject({ code: 0, msg: 'Please enter the correct mobile number' });
    expect(await sendSms(mobile(), 'user_change_email')).toMatchObject({ code: 0, msg: 'Unknown verification purpose' });
  });

  it('never tells whether an address has an account', async () => {
    const member = await createMember(db(), { email: email().toLowerCase(), mobile: mobile() });
    const unknown = email().toLowerCase();
    const sentBefore = smtp.messages.length;
    // Password reset for an unknown address and registration with a taken one: same answer, nothing sent.
    expect(await sendEmail(unknown, 'user_retrieve_pwd')).toMatchObject({ code: 1, msg: 'The verification code has been sent' });
    expect(await sendEmail(member.email!, 'user_register')).toMatchObject({ code: 1, msg: 'The verification code has been sent' });
    expect(smtp.messages.length).toBe(sentBefore);
    expect((await rows(unknown))[0]).toMatchObject({ status: 'void' });
    // ...and the 60-s rule applies all the same.
    expect(await sendEmail(unknown, 'user_retrieve_pwd')).toMatchObject({ code: 0, msg: expect.stringContaining('Please wait') });
    await age(member.email!, 61);
    expect(await sendEmail(member.email!, 'user_retrieve_pwd')).toMatchObject({ code: 1 });
    expect(smtp.codeFor(member.email!)).toMatch(/^\d{6}$/);
  });

  it('change and verification events need a logged-in member, verification only to their own address', async () => {
    const member = await createMember(db(), { email: email().toLowerCase(), mobile: mobile() });
    expect(await sendEmail(email(), 'user_change_email')).toMatchObject({ code: 303, data: { type: 'need login' } });
    const { token } = await ctx.app.tokens.issue('user', member.id);
    expect(await sendEmail(email(), 'user_email_verify', { token })).toMatchObject({ code: 0, msg: 'Codes for this purpose can only be sent to your own bound address' });
    expect(await sendEmail(member.email!, 'user_email_verify', { token })).toMatchObject({ code: 1 });
    expect(smtp.codeFor(member.email!)).toMatch(/^\d{6}$/);
    expect(await sendSms(member.mobile!, 'user_mobile_verify', { token })).toMatchObject({ code: 1 });
  });

  it('the log provider records the SMS instead of sending it (default outside production)', async () => {
    const number = mobile();
    expect(await sendSms(number, 'user_register', { lang: 'zh-cn' })).toMatchObject({ code: 1, msg: '验证码已发送' });
    const [log] = await db().select().from(smsLog).where(eq(smsLog.mobile, number));
    expect(log).toMatchObject({ provider: 'log', event: 'user_register', status: 'logged' });
    expect(log!.content).toMatch(/^【Framecraft】您正在注册账号，验证码为： \d{6}/);
    const code = /(\d{6})/.exec(log!.content)![1]!;
    await useCode(db(), { channel: 'mobile', target: number, event: 'user_register' }, code);
  });

  it('Aliyun: signed SendSms request, answer checked, code masked in the log; failures leave no code', async () => {
    const secret = 'test-secret-Ali';
    const aliyun = await startAliyunSmsServer(secret);
    try {
      await ctx.app.siteConfig.set({
        smsProvider: 'aliyun',
        smsAccessKeyId: 'LTAI-test',
        smsAccessKeySecret: secret,
        smsSignName: '框架商店',
        smsEndpoint: aliyun.url,
        smsTemplateRegister: 'SMS_154950909',
      });
      const number = mobile();
      expect(await sendSms(number)).toMatchObject({ code: 1 });
      expect(aliyun.received).toHaveLength(1);
      const query = aliyun.received[0]!.query;
      expect(query).toMatchObject({ PhoneNumbers: number, SignName: '框架商店', TemplateCode: 'SMS_154950909' });
      const code = JSON.parse(query.TemplateParam!).code as string;
      const [log] = await db().select().from(smsLog).where(eq(smsLog.mobile, number));
      expect(log).toMatchObject({ provider: 'aliyun', status: 'sent', content: '{"code":"******"}' });
      await useCode(db(), { channel: 'mobile', target: number, event: 'user_register' }, code);

      // The provider refuses (flow control): a clear error, no usable code, the failure logged.
      aliyun.state.answer = { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控Permits:1' };
      const refused = mobile();
      expect(await sendSms(refused, 'user_register', { lang: 'zh-cn' })).toMatchObject({ code: 0, msg: '短信发送失败，请稍后重试' });
      expect(await rows(refused)).toEqual([]);
      const [failed] = await db().select().from(smsLog).where(eq(smsLog.mobile, refused));
      expect(failed).toMatchObject({ status: 'failed', error: expect.stringContaining('isv.BUSINESS_LIMIT_CONTROL') });

      // A wrong secret: the signature does not match, and that is a failure too.
      aliyun.state.answer = { Code: 'OK', Message: 'OK' };
      await ctx.app.siteConfig.set({ smsAccessKeySecret: 'wrong' });
      const unsigned = mobile();
      expect(await sendSms(unsigned)).toMatchObject({ code: 0, msg: 'The SMS could not be sent, please try again later' });
      expect(await rows(unsigned)).toEqual([]);

      // Missing template for the event → not set up.
      const member = await createMember(db(), { mobile: mobile() });
      expect(await sendSms(member.mobile!, 'user_login')).toMatchObject({ code: 0, msg: 'SMS sending is not set up yet, please contact the website administrator' });
    } finally {
      await ctx.app.siteConfig.set({ smsProvider: '', smsAccessKeySecret: '', smsEndpoint: 'dysmsapi.aliyuncs.com' });
      await aliyun.close();
    }
  });
});
