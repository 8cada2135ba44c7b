import { HEADER } from '@framecraft/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createMember, FIXTURE_PASSWORD } from '../../../test/fixtures.ts';
import { user } from '../../db/schema.ts';
import { notice, vipTier } from '../catalogue/tables.ts';
import { changeMoney, changeScore } from '../ledger/index.ts';
import { userMoneyLog, userScoreLog } from '../ledger/tables.ts';
import { attachment } from '../uploads/tables.ts';
import { userGroup, userRule } from '../member-access/tables.ts';

describe('member centre calls', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  type Call = { method?: 'GET' | 'POST'; token?: string; body?: unknown; lang?: string };
  const call = async (url: string, { method = 'GET', token, body, lang = 'zh-cn' }: Call = {}) => {
    const headers: Record<string, string> = { server: 'true', [HEADER.lang]: lang };
    if (token) headers[HEADER.userToken] = token;
    return (await ctx.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) })).json();
  };
  async function member(values: Parameters<typeof createMember>[1] = {}) {
    const row = await createMember(db(), values);
    return { row, token: (await ctx.app.tokens.issue('user', row.id)).token };
  }
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

  describe('GET /api/account/overview', () => {
    it('answers the card, VIP level and expiry, check-in state, 7-day series and notices', async () => {
      await db().insert(vipTier).values({ level: 7, nameZh: '钻石会员', nameEn: 'Diamond', price: 100 });
      const vipDate = new Date(Date.now() + 30 * 86_400_000);
      const { row, token } = await member({ vipLevel: 7, vipDate });
      const ref = (refId: string) => ({ userId: row.id, refType: 'test', refId: `${row.id}:${refId}` });
      await changeScore(db(), { ...ref('a'), delta: 5, kind: 'checkin' });
      await changeScore(db(), { ...ref('b'), delta: 3, kind: 'admin', memo: 'bonus' });
      await changeMoney(db(), { ...ref('c'), delta: 1050, kind: 'topup' });
      const old = await changeScore(db(), { ...ref('d'), delta: 20, kind: 'admin', memo: 'old' });
      await db().update(userScoreLog).set({ createdAt: daysAgo(2) }).where(eq(userScoreLog.id, old.id));
      const older = await changeMoney(db(), { ...ref('e'), delta: 99, kind: 'admin', memo: 'too old' });
      await db().update(userMoneyLog).set({ createdAt: daysAgo(8) }).where(eq(userMoneyLog.id, older.id));
      await db().insert(notice).values({ titleZh: '会员中心上线', titleEn: 'Member centre is live', publishTime: new Date(Date.now() + 1000) });

      const { code, data } = await call('/api/account/overview', { token, lang: 'en' });
      expect(code).toBe(1);
      expect(data.userInfo).toMatchObject({ id: row.id, money: 1149, score: 28, vip_level: 7, vipLevelName: 'Diamond' });
      expect(data.vip).toEqual({ level: 7, name: 'Diamond', expire: Math.floor(vipDate.getTime() / 1000), active: true });
      expect(data.checkIn).toEqual({ checked: false, streak: 0 });
      expect(data.days).toHaveLength(7);
      expect(data.days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
      expect(data.score).toEqual([0, 0, 0, 0, 20, 0, 8]);
      expect(data.money).toEqual([0, 0, 0, 0, 0, 0, 1050]);
      expect(data.notices[0]).toMatchObject({ title: 'Member centre is live' });
      expect(data.notices.length).toBeLessThanOrEqual(5);
    });

    it('shows an expired VIP as inactive and a member without level as level 0', async () => {
      const expired = await member({ vipLevel: 7, vipDate: daysAgo(1) });
      expect((await call('/api/account/overview', { token: expired.token })).data.vip).toMatchObject({ level: 7, name: '钻石会员', active: false });
      const plain = await member();
      expect((await call('/api/account/overview', { token: plain.token })).data.vip).toEqual({ level: 0, name: '', expire: null, active: false });
    });

    it('asks a visitor to log in', async () => {
      expect(await call('/api/account/overview')).toMatchObject({ code: 303, data: { type: 'need login' } });
    });
  });

  describe('profile', () => {
    it('GET answers the member and the verification setting', async () => {
      const { row, token } = await member();
      const { data } = await call('/api/account/profile', { token });
      expect(data.userInfo).toMatchObject({ id: row.id, username: row.username });
      expect(Array.isArray(data.accountVerificationType)).toBe(true);
    });

    it('POST saves nickname, avatar (an uploaded image), gender, birthday and motto', async () => {
      const { row, token } = await member();
      await db().insert(attachment).values({ url: '/storage/avatar/20261123/me.png', mimetype: 'image/png', sha1: 'a'.repeat(40), topic: 'avatar' });
      const body = { nickname: '  小林  ', avatar: '/storage/avatar/20261123/me.png', gender: 2, birthday: '1995-06-01', motto: 'Frame by frame' };
      const answer = await call('/api/account/profile', { method: 'POST', token, body, lang: 'en' });
      expect(answer).toMatchObject({ code: 1, msg: 'Profile saved' });
      expect(answer.data.userInfo).toMatchObject({ nickname: '小林', avatar: body.avatar, gender: 2, birthday: '1995-06-01', motto: 'Frame by frame' });
      const [stored] = await db().select().from(user).where(eq(user.id, row.id));
      expect(stored).toMatchObject({ nickname: '小林', gender: 2, birthday: '1995-06-01' });

      // An empty birthday clears it; keeping the current avatar needs no new upload.
      const cleared = await call('/api/account/profile', { method: 'POST', token, body: { ...body, birthday: '' } });
      expect(cleared.data.userInfo.birthday).toBeNull();
    });

    it.each([
      [{ nickname: '' }, 'nickname', 'Required'],
      [{ nickname: '   ' }, 'nickname', 'Required'],
      [{ nickname: 'x'.repeat(51) }, 'nickname', 'Must be at most 50 characters'],
      [{ nickname: 'ok', gender: 3 }, 'gender', 'Please choose a gender'],
      [{ nickname: 'ok', gender: 'male' }, 'gender', 'Please choose a gender'],
      [{ nickname: 'ok', birthday: '2001-02-29' }, 'birthday', 'Please enter a correct birthday'],
      [{ nickname: 'ok', birthday: '1899-12-31' }, 'birthday', 'Please enter a correct birthday'],
      [{ nickname: 'ok', birthday: '2999-01-01' }, 'birthday', 'Please enter a correct birthday'],
      [{ nickname: 'ok', birthday: '01/02/2000' }, 'birthday', 'Please enter a correct birthday'],
      [{ nickname: 'ok', motto: 'm'.repeat(121) }, 'motto', 'Must be at most 120 characters'],
      [{ nickname: 'ok', avatar: '/storage/not-uploaded.png' }, 'avatar', 'The avatar is not an uploaded image, please upload it again'],
    ])('POST refuses %j with a translated field message', async (body, field, message) => {
      const { row, token } = await member();
      const answer = await call('/api/account/profile', { method: 'POST', token, body, lang: 'en' });
      expect(answer).toMatchObject({ code: 0, msg: message, data: { errors: { [field]: message } } });
      const [stored] = await db().select().from(user).where(eq(user.id, row.id));
      expect(stored!.nickname).toBe(row.nickname);
    });

    it('refuses an uploaded file that is not an image as avatar, in Chinese by default', async () => {
      await db().insert(attachment).values({ url: '/storage/default/x.zip', mimetype: 'application/zip', sha1: 'b'.repeat(40) });
      const { token } = await member();
      const answer = await call('/api/account/profile', { method: 'POST', token, body: { nickname: 'ok', avatar: '/storage/default/x.zip' } });
      expect(answer).toMatchObject({ code: 0, msg: '头像不是已上传的图片，请重新上传' });
    });

    it('POST /api/user/updateNickname changes nickname, avatar and gender only', async () => {
      const { row, token } = await member({ birthday: '1990-01-01', motto: 'keep' });
      const answer = await call('/api/user/updateNickname', { method: 'POST', token, body: { nickname: 'New name', avatar: '', gender: 1, motto: 'ignored' } });
      expect(answer).toMatchObject({ code: 1, msg: '资料已保存', data: { userInfo: { nickname: 'New name', gender: 1, birthday: '1990-01-01', motto: 'keep' } } });
      const [stored] = await db().select().from(user).where(eq(user.id, row.id));
      expect(stored).toMatchObject({ nickname: 'New name', motto: 'keep' });
    });

    it('refuses the profile calls to a group without the profile node', async () => {
      const [overviewOnly] = await db().select({ id: userRule.id }).from(userRule).where(eq(userRule.name, 'account/overview'));
      const [group] = await db().insert(userGroup).values({ name: 'Overview only', rules: String(overviewOnly!.id) }).returning();
      const { token } = await member({ groupId: group!.id });
      expect((await call('/api/account/overview', { token })).code).toBe(1);
      expect((await call('/api/account/profile', { token })).code).toBe(401);
      expect((await call('/api/user/updateNickname', { method: 'POST', token, body: { nickname: 'x' } })).code).toBe(401);
      expect((await call('/api/account/changePassword', { method: 'POST', token, body: {} })).code).toBe(401);
    });
  });

  describe('POST /api/account/changePassword', () => {
    const login = (username: string, password: string) =>
      call('/api/user/checkIn', { method: 'POST', body: { tab: 'login', username, password, keep: true } });

    it('checks the old password, stores the new one and ends every session of the member', async () => {
      const { row, token } = await member();
      const other = await ctx.app.tokens.issue('user', row.id, { keep: true });
      const bystander = await member();
      const answer = await call('/api/account/changePassword', { method: 'POST', token, body: { oldPassword: FIXTURE_PASSWORD, newPassword: 'n3w-pass!' }, lang: 'en' });
      expect(answer).toMatchObject({ code: 1, msg: 'Password changed, please log in again' });

      for (const old of [token, other.token]) {
        expect(await call('/api/account/overview', { token: old })).toMatchObject({ code: 303, data: { type: 'need login' } });
      }
      expect((await call('/api/common/refreshToken', { method: 'POST', body: { refreshToken: other.refreshToken } })).code).toBe(0);
      // Another member's session is untouched.
      expect((await call('/api/account/overview', { token: bystander.token })).code).toBe(1);

      expect((await login(row.username, FIXTURE_PASSWORD)).code).toBe(0);
      const again = await login(row.username, 'n3w-pass!');
      expect(again.code).toBe(1);
      expect((await call('/api/account/overview', { token: again.data.userInfo.token })).code).toBe(1);
    });

    it.each([
      [{ oldPassword: 'wrong-one', newPassword: 'n3w-pass!' }, 'oldPassword', 'The old password is incorrect'],
      [{ oldPassword: '', newPassword: 'n3w-pass!' }, 'oldPassword', 'Required'],
      [{ oldPassword: FIXTURE_PASSWORD, newPassword: FIXTURE_PASSWORD }, 'newPassword', 'The new password must be different from the old one'],
      [{ oldPassword: FIXTURE_PASSWORD, newPassword: 'short' }, 'newPassword', `Please enter the correct password: 6 to 32 characters, without & < > " '`],
      [{ oldPassword: FIXTURE_PASSWORD, newPassword: 'has&amp' }, 'newPassword', `Please enter the correct password: 6 to 32 characters, without & < > " '`],
      [{ oldPassword: FIXTURE_PASSWORD, newPassword: 'x'.repeat(33) }, 'newPassword', `Please enter the correct password: 6 to 32 characters, without & < > " '`],
    ])('refuses %j and keeps password and sessions', async (body, field, message) => {
      const { row, token } = await member();
      const answer = await call('/api/account/changePassword', { method: 'POST', token, body, lang: 'en' });
      expect(answer).toMatchObject({ code: 0, msg: message, data: { errors: { [field]: message } } });
      expect((await call('/api/account/overview', { token })).code).toBe(1);
      expect((await login(row.username, FIXTURE_PASSWORD)).code).toBe(1);
    });
  });
});
