import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createAdmin, createMember } from '../../../test/fixtures.ts';
import { currentAdmin, requireAdmin } from './guards.ts';

/** Issue 15 item 8: query-string tokens only where a route declares them; no token in any log line. */
describe('tokens in the query string and in logs', () => {
  let ctx: TestContext;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    ctx = await createTestApp({}, {
      logger: { level: 'debug', stream },
      beforeReady(app) {
        // A stream route as the terminal declares it, and a failing query to see the error log.
        app.get('/admin/test/stream', { config: { queryToken: true }, preHandler: requireAdmin }, async (request, reply) => reply.ok({ id: currentAdmin(request).id }));
        app.get('/admin/test/broken', async () => app.deps.db.execute(sql`select * from no_such_table where secret = ${'hunter2-param'}`));
      },
    });
  });
  afterAll(() => ctx.close());

  it('accepts ?batoken= only on routes that declare it; every other route wants the header', async () => {
    const staff = await createAdmin(ctx.database.db);
    const { token } = await ctx.app.tokens.issue('admin', staff.id);
    const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers: { server: 'true', ...headers } }).then((r) => r.json());
    expect(await get(`/admin/test/stream?batoken=${token}`)).toMatchObject({ code: 1, data: { id: staff.id } });
    expect(await get(`/admin/index/index?batoken=${token}`)).toMatchObject({ code: 303, data: { type: 'need login' } });
    expect(await get('/admin/index/index', { batoken: token })).toMatchObject({ code: 1 });
    // The spec's suffix icon is an <img> URL with batoken: declared, so it works.
    const icon = await ctx.app.inject({ method: 'GET', url: `/admin/ajax/buildSuffixSvg?suffix=zip&batoken=${token}&server=1` });
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    const member = await createMember(ctx.database.db);
    const { token: memberToken } = await ctx.app.tokens.issue('user', member.id);
    expect((await get(`/api/index/index?ba-user-token=${memberToken}`)).data.userInfo).toBeNull();
    expect((await get(`/api/account/overview?ba-user-token=${memberToken}`)).code).toBe(303);
  });

  it('writes no token (query or header) and no SQL parameter into any log line', async () => {
    const staff = await createAdmin(ctx.database.db);
    const { token } = await ctx.app.tokens.issue('admin', staff.id, { keep: true });
    lines.length = 0;
    await ctx.app.inject({ method: 'GET', url: `/admin/test/stream?batoken=${token}&x=1`, headers: { server: 'true', authorization: `Bearer ${token}`, cookie: `s=${token}` } });
    await ctx.app.inject({ method: 'GET', url: `/api/index/index?ba-user-token=${token}`, headers: { server: 'true', 'ba-user-token': token } });
    await ctx.app.inject({ method: 'GET', url: `/admin/index/index?BaToken=${token}`, headers: { server: 'true', batoken: token } });
    const broken = await ctx.app.inject({ method: 'GET', url: '/admin/test/broken', headers: { server: 'true' } });
    expect(broken.statusCode).toBe(500);
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(4);
    // Request lines name the path without its query (plugins/request-log.ts); other lines redact it.
    expect(log).toContain('"path":"/admin/test/stream"');
    expect(log).not.toContain(token);
    expect(log).toContain('no_such_table');
    expect(log).not.toContain('hunter2-param');
  });
});
