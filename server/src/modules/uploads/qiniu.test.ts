import { HEADER } from '@framecraft/contracts/constants';
import { and, eq } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createMember } from '../../../test/fixtures.ts';
import { attachment } from './tables.ts';

const toUrlSafe = (b64: string) => b64.replace(/\+/g, '-').replace(/\//g, '_');

describe('Qiniu token and callback', () => {
  let ctx: TestContext;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestApp();
    const { token } = await ctx.app.tokens.issue('user', (await createMember(ctx.database.db)).id);
    headers = { server: 'true', [HEADER.userToken]: token, [HEADER.lang]: 'en' };
  });
  afterAll(() => ctx.close());

  it('refuses a token while Qiniu is not configured', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/Qiniu/getToken', headers });
    expect(answer.json()).toMatchObject({ code: 0, msg: 'Failed to get upload token' });
  });

  it('issues an upload token in Qiniu\'s documented format (ak:sign:policy, HMAC-SHA1 of the encoded policy)', async () => {
    await ctx.app.siteConfig.set({ qiniuAccessKey: 'AK', qiniuSecretKey: 'SK', qiniuBucket: 'media', qiniuDomain: 'https://cdn.example.com' });
    const answer = (await ctx.app.inject({ method: 'GET', url: '/api/Qiniu/getToken', headers })).json();
    expect(answer.data.domain).toBe('https://cdn.example.com');
    const [ak, sign, encodedPolicy] = answer.data.token.split(':');
    expect(ak).toBe('AK');
    expect(sign).toBe(toUrlSafe(createHmac('sha1', 'SK').update(encodedPolicy).digest('base64')));
    const policy = JSON.parse(Buffer.from(encodedPolicy, 'base64').toString());
    expect(policy.scope).toBe('media');
    expect(policy.deadline).toBeGreaterThan(Date.now() / 1000);
  });

  it('records a direct upload once per sha1 and topic, and ignores records outside the domain', async () => {
    const record = { url: 'https://cdn.example.com/storage/default/a.mp4', name: 'a.mp4', size: 123, type: 'video/mp4', sha1: 'b'.repeat(40) };
    for (let i = 0; i < 2; i++) {
      const answer = await ctx.app.inject({ method: 'POST', url: '/api/Qiniu/callback', headers, payload: record });
      expect(answer.json().code).toBe(1);
    }
    const rows = await ctx.database.db.select().from(attachment).where(and(eq(attachment.sha1, 'b'.repeat(40)), eq(attachment.storage, 'qiniu')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ url: '/storage/default/a.mp4', quote: 2, size: 123, mimetype: 'video/mp4' });
    const elsewhere = { ...record, url: 'https://evil.example.net/x.mp4', sha1: 'c'.repeat(40) };
    expect((await ctx.app.inject({ method: 'POST', url: '/api/Qiniu/callback', headers, payload: elsewhere })).json().code).toBe(1);
    expect(await ctx.database.db.select().from(attachment).where(eq(attachment.sha1, 'c'.repeat(40)))).toHaveLength(0);
    const noLogin = await ctx.app.inject({ method: 'POST', url: '/api/Qiniu/callback', headers: { server: 'true' }, payload: record });
    expect(noLogin.json().code).toBe(303);
  });
});
