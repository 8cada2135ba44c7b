import { HEADER } from '@framecraft/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { token, user } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createAdmin, createMember } from '../../../test/fixtures.ts';
import { hashToken } from './service.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('session tokens', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());
  afterEach(() => ctx.app.siteConfig.set({ tokenKeepTime: 259_200, refreshTokenKeepTime: 2_592_000 }));

  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, body?: object) =>
    ctx.app.inject({ method, url, headers: { server: 'true', ...headers }, ...(body ? { payload: body } : {}) });
  const indexAs = (userToken: string) => call('GET', '/api/index/index', { [HEADER.userToken]: userToken });
  const refresh = (refreshToken: unknown, lang = 'en') =>
    call('POST', '/api/common/refreshToken', { [HEADER.lang]: lang }, { refreshToken });
  const userLogout = (userToken: string, refreshToken = '') =>
    call('POST', '/api/user/logout', { [HEADER.userToken]: userToken }, { refreshToken });
  const adminLogout = (adminToken: string, refreshToken = '') =>
    call('POST', '/admin/index/logout', { [HEADER.adminToken]: adminToken }, { refreshToken });

  it('stores only the SHA-256 of issued tokens, and a refresh token only when asked to keep the login', async () => {
    const member = await createMember(ctx.database.db);
    const short = await ctx.app.tokens.issue('user', member.id);
    expect(short.refreshToken).toBe('');
    const kept = await ctx.app.tokens.issue('user', member.id, { keep: true });
    expect(kept.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await ctx.database.db.select().from(token).where(eq(token.ownerId, member.id));
    expect(rows.map((r) => r.type).sort()).toEqual(['user', 'user', 'user-refresh']);
    const hashes = rows.map((r) => r.tokenHash);
    expect(hashes).not.toContain(kept.token);
    expect(hashes).toContain(hashToken(kept.token));
    expect(hashes).toContain(hashToken(kept.refreshToken));
  });

  it('reads tokens from the header; the query parameter only on routes that declare it (query-token.test.ts)', async () => {
    const member = await createMember(ctx.database.db);
    const { token: raw } = await ctx.app.tokens.issue('user', member.id);
    expect((await indexAs(raw)).json().data.userInfo).toMatchObject({ id: member.id, username: member.username });
    const viaQuery = await call('GET', `/api/index/index?${HEADER.userToken}=${encodeURIComponent(raw)}`);
    expect(viaQuery.json().data.userInfo).toBeNull();
    const staff = await createAdmin(ctx.database.db);
    const { token: adminToken } = await ctx.app.tokens.issue('admin', staff.id);
    const adminViaQuery = await call('POST', `/admin/index/logout?${HEADER.adminToken}=${encodeURIComponent(adminToken)}`);
    expect(adminViaQuery.json()).toMatchObject({ code: 303 });
    expect((await ctx.app.tokens.resolve('admin', adminToken)).state).toBe('valid');
  });

  it('answers 409 for an expired token and 303 need login for a missing or unknown one', async () => {
    await ctx.app.siteConfig.set({ tokenKeepTime: 1 });
    const member = await createMember(ctx.database.db);
    const { token: raw } = await ctx.app.tokens.issue('user', member.id);
    const staff = await createAdmin(ctx.database.db);
    const { token: adminToken } = await ctx.app.tokens.issue('admin', staff.id);
    expect((await indexAs(raw)).json()).toMatchObject({ code: 1, data: { userInfo: { id: member.id } } });
    await sleep(1_100);
    expect((await adminLogout(adminToken)).json()).toMatchObject({ code: 409, data: null });
    const expired = await indexAs(raw);
    expect(expired.statusCode).toBe(200);
    expect(expired.json()).toMatchObject({ code: 409, msg: '令牌已过期', data: null });
    expect((await userLogout(raw)).json().code).toBe(409);

    for (const response of [await userLogout('no-such-token'), await call('POST', '/api/user/logout', {}, {})]) {
      expect(response.json()).toMatchObject({ code: 303, msg: '请先登录', data: { type: 'need login' } });
    }
    // On the init call an unknown token is simply a visitor.
    expect((await indexAs('no-such-token')).json()).toMatchObject({ code: 1, data: { userInfo: null } });
  });

  it('treats a disabled account as unknown', async () => {
    const member = await createMember(ctx.database.db, { status: 'disable' });
    const tokens = await ctx.app.tokens.issue('user', member.id, { keep: true });
    expect((await userLogout(tokens.token)).json()).toMatchObject({ code: 303, data: { type: 'need login' } });
    expect((await refresh(tokens.refreshToken)).json().code).toBe(0);
    const staff = await createAdmin(ctx.database.db, { status: 'disable' });
    expect((await adminLogout((await ctx.app.tokens.issue('admin', staff.id)).token)).json().code).toBe(303);
  });

  it('keeps the admin and member contexts apart', async () => {
    // The same id in both tables: only the token type may tell the contexts apart.
    const member = await createMember(ctx.database.db, { id: 1_000_001 });
    const staff = await createAdmin(ctx.database.db, { id: 1_000_001 });
    const memberToken = (await ctx.app.tokens.issue('user', member.id)).token;
    const adminToken = (await ctx.app.tokens.issue('admin', staff.id)).token;
    expect((await adminLogout(memberToken)).json().code).toBe(303);
    expect((await userLogout(adminToken)).json().code).toBe(303);
    expect((await indexAs(adminToken)).json().data.userInfo).toBeNull();
    // A member token sent in the admin header is ignored by the member side.
    const crossed = await call('GET', '/api/index/index', { [HEADER.adminToken]: memberToken });
    expect(crossed.json().data.userInfo).toBeNull();
  });

  it('refreshes a member token into a working access token of the member context', async () => {
    const member = await createMember(ctx.database.db);
    const issued = await ctx.app.tokens.issue('user', member.id, { keep: true });
    const answer = (await refresh(issued.refreshToken)).json();
    expect(answer).toMatchObject({ code: 1, data: { type: 'user-refresh' } });
    expect(answer.data.token).not.toBe(issued.token);
    expect((await indexAs(answer.data.token)).json().data.userInfo).toMatchObject({ id: member.id });
  });

  it('rotates refresh tokens on use; a reused old one ends the whole session family (decision 028)', async () => {
    const member = await createMember(ctx.database.db);
    const issued = await ctx.app.tokens.issue('user', member.id, { keep: true });
    const other = await ctx.app.tokens.issue('user', member.id, { keep: true }); // another login of the same member
    const first = (await refresh(issued.refreshToken)).json();
    expect(first).toMatchObject({ code: 1, data: { type: 'user-refresh', token: expect.any(String), refresh_token: expect.any(String) } });
    expect(first.data.refresh_token).not.toBe(issued.refreshToken);
    // The rotated token works once more, and so on down the chain.
    const second = (await refresh(first.data.refresh_token)).json();
    expect(second).toMatchObject({ code: 1 });
    expect((await indexAs(second.data.token)).json().data.userInfo).toMatchObject({ id: member.id });
    // Someone replays the first (copied) refresh token: refused, and the family ends — the thief's
    // and the owner's tokens of that login alike. The member's other login is untouched.
    expect((await refresh(issued.refreshToken)).json()).toMatchObject({ code: 0, msg: 'The login has expired, please log in again' });
    expect((await indexAs(second.data.token)).json().data.userInfo).toBeNull();
    expect((await refresh(second.data.refresh_token)).json().code).toBe(0);
    expect((await indexAs(issued.token)).json().data.userInfo).toBeNull();
    expect((await indexAs(other.token)).json().data.userInfo).toMatchObject({ id: member.id });
    expect((await refresh(other.refreshToken)).json().code).toBe(1);
    // Parallel exchanges of one token: one wins, the rest count as reuse.
    const third = await ctx.app.tokens.issue('user', member.id, { keep: true });
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(third.refreshToken).then((r) => r.json())));
    expect(answers.filter((a) => a.code === 1).length).toBeLessThanOrEqual(1);
  });

  it('a rotated refresh token keeps the expiry of the login it came from', async () => {
    const member = await createMember(ctx.database.db);
    const issued = await ctx.app.tokens.issue('user', member.id, { keep: true });
    const [before] = await ctx.database.db.select().from(token).where(eq(token.tokenHash, hashToken(issued.refreshToken)));
    const rotated = (await refresh(issued.refreshToken)).json().data.refresh_token;
    const [after] = await ctx.database.db.select().from(token).where(eq(token.tokenHash, hashToken(rotated)));
    expect(after!.expiresAt.getTime()).toBe(before!.expiresAt.getTime());
    expect(after!.family).toBe(before!.family);
  });

  it('logout ends the refresh token from the access token alone', async () => {
    const member = await createMember(ctx.database.db);
    const issued = await ctx.app.tokens.issue('user', member.id, { keep: true });
    expect((await userLogout(issued.token)).json().code).toBe(1);
    expect((await refresh(issued.refreshToken)).json().code).toBe(0);
    const staff = await createAdmin(ctx.database.db);
    const kept = await ctx.app.tokens.issue('admin', staff.id, { keep: true });
    const refreshed = (await refresh(kept.refreshToken)).json().data;
    expect((await adminLogout(refreshed.token)).json().code).toBe(1);
    expect((await refresh(refreshed.refresh_token)).json().code).toBe(0);
  });

  it('refreshes an admin token into a working access token of the admin context', async () => {
    const staff = await createAdmin(ctx.database.db);
    const issued = await ctx.app.tokens.issue('admin', staff.id, { keep: true });
    const answer = (await refresh(issued.refreshToken)).json();
    expect(answer).toMatchObject({ code: 1, data: { type: 'admin-refresh' } });
    expect((await indexAs(answer.data.token)).json().data.userInfo).toBeNull();
    expect((await adminLogout(answer.data.token)).json().code).toBe(1);
  });

  it('refuses expired, unknown, access and missing refresh tokens with a translated failure', async () => {
    await ctx.app.siteConfig.set({ refreshTokenKeepTime: 1 });
    const member = await createMember(ctx.database.db);
    const issued = await ctx.app.tokens.issue('user', member.id, { keep: true });
    await sleep(1_100);
    const expired = await refresh(issued.refreshToken);
    expect(expired.json()).toMatchObject({ code: 0, msg: 'The login has expired, please log in again', data: null });
    expect((await refresh(issued.refreshToken, 'zh-cn')).json().msg).toBe('登录已失效，请重新登录');
    expect((await refresh('no-such-token')).json().code).toBe(0);

    await ctx.app.siteConfig.set({ refreshTokenKeepTime: 60 });
    const fresh = await ctx.app.tokens.issue('user', member.id, { keep: true });
    expect((await refresh(fresh.token)).json()).toMatchObject({ code: 0, msg: 'The login has expired, please log in again' });

    const missing = (await refresh(undefined)).json();
    expect(missing).toMatchObject({ code: 0, msg: 'Required', data: { errors: { refreshToken: 'Required' } } });
    expect((await refresh(42)).json().code).toBe(0);
  });

  it('logs out by revoking the presented access token and its refresh token', async () => {
    const member = await createMember(ctx.database.db);
    const issued = await ctx.app.tokens.issue('user', member.id, { keep: true });
    expect((await userLogout(issued.token, issued.refreshToken)).json()).toMatchObject({ code: 1, data: null });
    expect((await userLogout(issued.token)).json().code).toBe(303);
    expect((await refresh(issued.refreshToken)).json().code).toBe(0);
    expect(await ctx.database.db.select().from(token).where(eq(token.ownerId, member.id))).toEqual([]);

    const staff = await createAdmin(ctx.database.db);
    const adminTokens = await ctx.app.tokens.issue('admin', staff.id, { keep: true });
    expect((await adminLogout(adminTokens.token, adminTokens.refreshToken)).json().code).toBe(1);
    expect((await adminLogout(adminTokens.token)).json().code).toBe(303);
    expect((await refresh(adminTokens.refreshToken)).json().code).toBe(0);
  });

  it("does not revoke another member's refresh token on logout", async () => {
    const [alice, bob] = [await createMember(ctx.database.db), await createMember(ctx.database.db)];
    const aliceTokens = await ctx.app.tokens.issue('user', alice.id);
    const bobTokens = await ctx.app.tokens.issue('user', bob.id, { keep: true });
    expect((await userLogout(aliceTokens.token, bobTokens.refreshToken)).json().code).toBe(1);
    expect((await refresh(bobTokens.refreshToken)).json().code).toBe(1);
  });

  it('revokes all tokens of an owner in one context', async () => {
    const member = await createMember(ctx.database.db, { id: 1_000_002 });
    const staff = await createAdmin(ctx.database.db, { id: 1_000_002 });
    const a = await ctx.app.tokens.issue('user', member.id, { keep: true });
    const b = await ctx.app.tokens.issue('user', member.id);
    const adminToken = await ctx.app.tokens.issue('admin', staff.id);
    await ctx.app.tokens.revokeAll('user', member.id);
    expect((await ctx.app.tokens.resolve('user', a.token)).state).toBe('unknown');
    expect((await ctx.app.tokens.resolve('user', b.token)).state).toBe('unknown');
    expect((await refresh(a.refreshToken)).json().code).toBe(0);
    expect((await ctx.app.tokens.resolve('admin', adminToken.token)).state).toBe('valid');
  });

  it('purges expired tokens, keeping an expired access token while it can still be refreshed', async () => {
    await ctx.app.siteConfig.set({ tokenKeepTime: 1, refreshTokenKeepTime: 60 });
    const member = await createMember(ctx.database.db);
    const lingering = await ctx.app.tokens.issue('user', member.id);
    await sleep(1_100);
    await ctx.app.tokens.purgeExpired();
    // Still known, so the client is told to refresh rather than to log in again.
    expect((await indexAs(lingering.token)).json().code).toBe(409);

    await ctx.app.siteConfig.set({ tokenKeepTime: 1, refreshTokenKeepTime: 1 });
    const other = await createMember(ctx.database.db);
    const expiring = await ctx.app.tokens.issue('user', other.id, { keep: true });
    await ctx.app.siteConfig.set({ tokenKeepTime: 3600, refreshTokenKeepTime: 3600 });
    const lasting = await ctx.app.tokens.issue('user', other.id, { keep: true });
    await ctx.app.siteConfig.set({ refreshTokenKeepTime: 1 });
    await sleep(2_300);
    expect(await ctx.app.tokens.purgeExpired()).toBeGreaterThanOrEqual(3);
    const left = await ctx.database.db.select().from(token).where(eq(token.ownerId, other.id));
    expect(left.map((r) => r.tokenHash).sort()).toEqual([hashToken(lasting.token), hashToken(lasting.refreshToken)].sort());
    expect((await indexAs(expiring.token)).json().data.userInfo).toBeNull();
    expect((await indexAs(lingering.token)).json().data.userInfo).toBeNull();
  });

  it('purges expired tokens at the first tick of the job runner (a periodic job, once across instances)', async () => {
    const member = await createMember(ctx.database.db);
    await ctx.database.db.insert(token).values({
      tokenHash: hashToken('long-gone'),
      type: 'user-refresh',
      ownerId: member.id,
      expiresAt: new Date(Date.now() - 60_000),
    });
    const second = await createTestApp({}, { shareWith: ctx });
    try {
      await second.app.jobs.runDue();
      expect(await ctx.database.db.select().from(token).where(eq(token.ownerId, member.id))).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('logs out a member whose account is disabled after login', async () => {
    const member = await createMember(ctx.database.db);
    const { token: raw } = await ctx.app.tokens.issue('user', member.id);
    await ctx.database.db.update(user).set({ status: 'disable' }).where(eq(user.id, member.id));
    expect((await indexAs(raw)).json().data.userInfo).toBeNull();
    expect((await userLogout(raw)).json().code).toBe(303);
  });
});
