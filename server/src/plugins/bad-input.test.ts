import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { createMember } from '../../test/fixtures.ts';
import { adminKit } from '../modules/admin/test-kit.ts';

/**
 * Issue 15 item 6: every registered route, called by a logged-in member and a super admin with ids
 * out of the integer column range, negative, huge, fractional, and strings with a NUL byte, answers
 * an envelope — never HTTP 500.
 */
describe('bad input never answers 500', () => {
  let ctx: TestContext;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    ctx = await createTestApp({ RATE_LIMIT_MAX: '1000000' }, { logger: { level: 'info', stream } });
  });
  afterAll(() => ctx.close());

  const ID_FIELDS = ['id', 'ids', 'user_id', 'group_id', 'pid', 'item_id', 'type_id', 'targetId', 'admin_id', 'province', 'city', 'tier_id', 'page', 'limit', 'group_arr', 'rules'];
  const TEXT_FIELDS = ['nickname', 'username', 'name', 'title', 'motto', 'email', 'mobile', 'password', 'keywords', 'quickSearch', 'suffix', 'remark', 'memo', 'topic', 'content', 'value'];
  const variants: { label: string; ids: unknown; text: string }[] = [
    { label: '2147483648', ids: 2147483648, text: 'ok' },
    { label: '-1', ids: -1, text: 'ok' },
    { label: '1e99', ids: '1e99', text: 'ok' },
    { label: '"1.5"', ids: '1.5', text: 'ok' },
    { label: 'NUL', ids: 2147483647, text: 'a\u0000b' }, // an id no row has: the sweep must not change real rows
  ];
  const payload = (v: (typeof variants)[number]) => {
    const body: Record<string, unknown> = {};
    for (const f of ID_FIELDS) body[f] = f === 'ids' || f === 'group_arr' || f === 'rules' ? [v.ids] : v.ids;
    for (const f of TEXT_FIELDS) body[f] = v.text;
    return body;
  };
  const query = (body: Record<string, unknown>) =>
    Object.entries(body)
      .map(([k, val]) => (Array.isArray(val) ? val.map((x) => `${k}[]=${encodeURIComponent(String(x))}`).join('&') : `${k}=${encodeURIComponent(String(val))}`))
      .join('&');
  const fillParams = (url: string, v: (typeof variants)[number]) => url.replace(/:[A-Za-z_]+(\([^)]*\))?/g, encodeURIComponent(String(v.text === 'ok' ? v.ids : v.text)));

  it('sweeps the route table', async () => {
    const routes = ctx.app.routeTable.filter((r) => !r.url.startsWith('/__') && !r.url.includes('*') && r.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThan(60);
    const failures: string[] = [];
    const { row: superRow } = await adminKit(ctx).superAdmin();
    const member = await createMember(ctx.database.db);
    for (const route of routes) {
      for (const v of variants) {
        // Fresh tokens each call: a logout or password change in the sweep must not end the next call's session.
        const headers = {
          server: 'true',
          'think-lang': 'en',
          batoken: (await ctx.app.tokens.issue('admin', superRow.id)).token,
          'ba-user-token': (await ctx.app.tokens.issue('user', member.id)).token,
        };
        const full = payload(v);
        // Strict schemas refuse unknown fields, so each value is also sent alone.
        const shapes = [full, { id: full.id }, { ids: full.ids }, { nickname: full.nickname }, { province: full.province, city: full.city }];
        const url = fillParams(route.url, v);
        for (const body of shapes) {
          const res =
            route.method === 'GET' || route.method === 'DELETE'
              ? await ctx.app.inject({ method: route.method, url: `${url}?${query(body)}`, headers })
              : await ctx.app.inject({ method: route.method as 'POST', url, headers, payload: body });
          const label = `${route.method} ${route.url} ${v.label} ${Object.keys(body).length > 2 ? 'all' : Object.keys(body)}`;
          if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode}`);
          // The schemas catch it first: the database's own refusal (the safety net in core.ts) is not needed.
          if (lines.some((l) => l.includes('bad input refused by the database'))) failures.push(`${label}: reached the database`);
          lines.length = 0;
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers field messages in the request language', async () => {
    const { token } = await adminKit(ctx).superAdmin();
    const get = (url: string, lang = 'en') => ctx.app.inject({ method: 'GET', url, headers: { server: 'true', 'think-lang': lang, batoken: token } }).then((r) => r.json());
    expect(await get('/api/catalogue/detail?id=2147483648')).toMatchObject({ code: 0, msg: 'Please give a valid ID', data: { errors: { id: 'Please give a valid ID' } } });
    expect(await get('/admin/auth/admin/edit?id=2147483648', 'zh-cn')).toMatchObject({ code: 0, msg: '请提供有效的 ID', data: { errors: { id: '请提供有效的 ID' } } });
    expect(await get('/admin/user/user/index?search[0][field]=id&search[0][val]=2147483648&search[0][operator]=%3D')).toMatchObject({ code: 0, data: { errors: { id: 'Invalid value' } } });
    const member = await createMember(ctx.database.db);
    const { token: memberToken } = await ctx.app.tokens.issue('user', member.id);
    const nickname = await ctx.app.inject({ method: 'POST', url: '/api/user/updateNickname', headers: { server: 'true', 'think-lang': 'en', 'ba-user-token': memberToken }, payload: { nickname: 'a\u0000b' } });
    expect(nickname.json()).toMatchObject({ code: 0, msg: 'Contains a character that is not allowed', data: { errors: { nickname: 'Contains a character that is not allowed' } } });
  });
});
