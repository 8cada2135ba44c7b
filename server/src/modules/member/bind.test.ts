import { HEADER } from '@framecraft/contracts/constants';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createMember } from '../../../test/fixtures.ts';
import { token, user } from '../../db/schema.ts';
import { captchaKit } from '../captcha/test-kit.ts';
import { smsLog, verificationCode } from '../codes/tables.ts';
import { startSmtpReceiver, useSmtp } from '../codes/test-kit.ts';
import { userGroup, userRule } from '../member-access/tables.ts';

describe('changing the bound e-mail and mobile (verification, changeBind)', () => {
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
  const email = () => `bind.${Date.now().toString(36)}${++n}@example.test`;
  const mobile = () => `139${String(Date.now() * 10 + ++n).slice(-8)}`;
  const post = async (url: string, body: object, auth?: string, lang = 'en') =>
    (
      await ctx.app.inject({
        method: 'POST',
        url,
        headers: { server: 'true', [HEADER.lang]: lang, ...(auth ? { [HEADER.userToken]: auth } : {}) },
        payload: body,
      })
    ).json();
  async function member(values: Parameters<typeof createMember>[1] = {}) {
    const row = await createMember(db(), values);
    return { row, auth: (await ctx.app.tokens.issue('user', row.id)).token };
  }
  const sendEmailCode = async (auth: string, to: string, event: string) => post('/api/Ems/send', { email: to, event, ...(await captcha.solved()) }, auth);
  const sendSmsCode = async (auth: string, to: string, event: string) => post('/api/Sms/send', { mobile: to, template_code: event, ...(await captcha.solved()) }, auth);
  const smsCode = async (to: string) => {
    const [row] = await db().select().from(smsLog).where(eq(smsLog.mobile, to)).orderBy(desc(smsLog.id)).limit(1);
    return /(\d{6})/.exec(row?.content ?? '')?.[1];
  };
  const stored = async (id: number) => (await db().select().from(user).where(eq(user.id, id)))[0]!;

  it('binds a first e-mail address with a code sent to it; the code works once', async () => {
    const { row, auth } = await member();
    const address = email();
    expect(await sendEmailCode(auth, address, 'user_change_email')).toMatchObject({ code: 1 });
    const code = smtp.codeFor(address)!;
    expect(code).toMatch(/^\d{6}$/);
    const answer = await post('/api/account/changeBind', { type: 'email', email: address.toUpperCase(), captcha: code }, auth);
    expect(answer).toMatchObject({ code: 1, msg: 'The binding has been updated', data: { userInfo: { id: row.id, email: address } } });
    expect((await stored(row.id)).email).toBe(address);
    expect(await post('/api/account/changeBind', { type: 'email', email: address, captcha: code }, auth)).toMatchObject({ code: 0, msg: 'This is already your bound address' });
  });

  it('changes a bound mobile only after the current one is proven, and the proof works once', async () => {
    const old = mobile();
    const { row, auth } = await member({ mobile: old });
    const next = mobile();

    // Without a proof of the bound number.
    expect(await sendSmsCode(auth, next, 'user_change_mobile')).toMatchObject({ code: 1 });
    const nextCode = (await smsCode(next))!;
    expect(await post('/api/account/changeBind', { type: 'mobile', mobile: next, captcha: nextCode }, auth)).toMatchObject({ code: 0, msg: 'Please verify your current address first' });
    expect(await post('/api/account/changeBind', { type: 'mobile', mobile: next, captcha: nextCode, accountVerificationToken: 'forged' }, auth)).toMatchObject({
      code: 0,
      msg: 'Please verify your current address first',
    });
    // The code of the new number was not used up by the refused attempts.
    const [pending] = await db().select().from(verificationCode).where(and(eq(verificationCode.target, next), eq(verificationCode.event, 'user_change_mobile')));
    expect(pending!.status).toBe('sent');

    // Proving: the verify code goes only to the member's own number.
    expect(await sendSmsCode(auth, mobile(), 'user_mobile_verify')).toMatchObject({ code: 0, msg: 'Codes for this purpose can only be sent to your own bound address' });
    expect(await sendSmsCode(auth, old, 'user_mobile_verify')).toMatchObject({ code: 1 });
    expect(await post('/api/account/verification', { type: 'mobile', captcha: '000000' }, auth)).toMatchObject({ code: 0, msg: 'The verification code is incorrect or has expired' });
    const proof = await post('/api/account/verification', { type: 'mobile', captcha: await smsCode(old) }, auth);
    expect(proof).toMatchObject({ code: 1, data: { type: 'mobile', accountVerificationToken: expect.any(String) } });
    const proofToken = proof.data.accountVerificationToken as string;
    // Only its hash is stored.
    expect(await db().select().from(token).where(eq(token.tokenHash, proofToken))).toHaveLength(0);

    const done = await post('/api/account/changeBind', { type: 'mobile', mobile: next, captcha: nextCode, accountVerificationToken: proofToken }, auth, 'zh-cn');
    expect(done).toMatchObject({ code: 1, msg: '绑定已更新', data: { userInfo: { mobile: next } } });
    expect((await stored(row.id)).mobile).toBe(next);
    // The proof and the code are spent.
    await db().update(verificationCode).set({ createdAt: new Date(Date.now() - 120_000) });
    const third = mobile();
    expect(await sendSmsCode(auth, third, 'user_change_mobile')).toMatchObject({ code: 1 });
    expect(await post('/api/account/changeBind', { type: 'mobile', mobile: third, captcha: await smsCode(third), accountVerificationToken: proofToken }, auth)).toMatchObject({
      code: 0,
      msg: 'Please verify your current address first',
    });
  });

  it('refuses an expired proof', async () => {
    const address = email();
    const { row, auth } = await member({ email: address });
    expect(await sendEmailCode(auth, address, 'user_email_verify')).toMatchObject({ code: 1 });
    const proof = await post('/api/account/verification', { type: 'email', captcha: smtp.codeFor(address) }, auth);
    expect(proof.code).toBe(1);
    await db().update(token).set({ expiresAt: new Date(Date.now() - 1000) }).where(and(eq(token.ownerId, row.id), eq(token.type, 'bind-email')));
    const next = email();
    expect(await sendEmailCode(auth, next, 'user_change_email')).toMatchObject({ code: 1 });
    expect(await post('/api/account/changeBind', { type: 'email', email: next, captcha: smtp.codeFor(next), accountVerificationToken: proof.data.accountVerificationToken }, auth)).toMatchObject({
      code: 0,
      msg: 'Please verify your current address first',
    });
    expect((await stored(row.id)).email).toBe(address);
  });

  it('never binds an address another member holds, and a lost race leaves the code and proof unused', async () => {
    const taken = mobile();
    await createMember(db(), { mobile: taken });
    const { row, auth } = await member();
    // No code goes to a number that belongs to an account, so the change cannot be made.
    expect(await sendSmsCode(auth, taken, 'user_change_mobile')).toMatchObject({ code: 1 });
    expect(await smsCode(taken)).toBeUndefined();
    expect(await post('/api/account/changeBind', { type: 'mobile', mobile: taken, captcha: '123456' }, auth)).toMatchObject({ code: 0, msg: 'The verification code is incorrect or has expired' });

    // Someone else takes the number after the code was sent.
    const free = mobile();
    expect(await sendSmsCode(auth, free, 'user_change_mobile')).toMatchObject({ code: 1 });
    const code = (await smsCode(free))!;
    await createMember(db(), { mobile: free });
    expect(await post('/api/account/changeBind', { type: 'mobile', mobile: free, captcha: code }, auth)).toMatchObject({ code: 0, msg: 'This mobile number cannot be used, please choose another' });
    expect((await stored(row.id)).mobile).toBeNull();
    const [kept] = await db().select().from(verificationCode).where(and(eq(verificationCode.target, free), eq(verificationCode.event, 'user_change_mobile')));
    expect(kept!.status).toBe('sent');
  });

  it('validates the fields in the request language', async () => {
    const { auth } = await member();
    expect(await post('/api/account/verification', { type: 'email', captcha: '123456' }, auth)).toMatchObject({ code: 0, msg: 'There is no bound address to verify yet' });
    expect(await post('/api/account/verification', { type: 'fax', captcha: '123456' }, auth, 'zh-cn')).toMatchObject({ code: 0, msg: expect.stringContaining('必填') });
    expect(await post('/api/account/changeBind', { type: 'email', email: 'not-an-address', captcha: '123456' }, auth)).toMatchObject({
      code: 0,
      msg: 'Please enter a correct e-mail address',
    });
    expect(await post('/api/account/changeBind', { type: 'mobile', mobile: '12345', captcha: '123456' }, auth, 'zh-cn')).toMatchObject({ code: 0, msg: '请输入正确的手机号' });
    expect(await post('/api/account/changeBind', { type: 'mobile', mobile: mobile(), captcha: '12' }, auth)).toMatchObject({ code: 0, msg: 'The verification code is 6 digits' });
  });

  it('needs a logged-in member whose group has the security node', async () => {
    expect(await post('/api/account/verification', { type: 'email', captcha: '123456' })).toMatchObject({ code: 303, data: { type: 'need login' } });
    const [overview] = await db().select({ id: userRule.id }).from(userRule).where(eq(userRule.name, 'account/overview'));
    const [group] = await db().insert(userGroup).values({ name: 'No security', rules: String(overview!.id) }).returning();
    const { auth } = await member({ groupId: group!.id });
    expect((await post('/api/account/verification', { type: 'email', captcha: '123456' }, auth)).code).toBe(401);
    expect((await post('/api/account/changeBind', { type: 'email', email: email(), captcha: '123456' }, auth)).code).toBe(401);
  });
});
