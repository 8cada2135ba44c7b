import { HEADER } from '@framecraft/contracts/constants';
import { and, eq } from 'drizzle-orm';
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createMember } from '../../../test/fixtures.ts';
import { attachment } from './tables.ts';
import { FakeQiniu, qetag } from '../../../test/fake-qiniu.ts';

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

  it('issues a token for one file: the key from the save-name template, scope limited to it, allow-list and size enforced', async () => {
    const sha1 = 'a'.repeat(40);
    const query = `name=clip.mp4&size=1000&sha1=${sha1}&topic=video`;
    const answer = (await ctx.app.inject({ method: 'GET', url: `/api/Qiniu/getToken?${query}`, headers })).json();
    expect(answer.data.key).toMatch(new RegExp(`^storage/video/\\d{8}/clip${sha1}\\.mp4$`));
    expect(answer.data.region).toBe('z1');
    const policy = JSON.parse(Buffer.from(answer.data.token.split(':')[2], 'base64').toString());
    expect(policy.scope).toBe(`media:${answer.data.key}`);
    expect(policy.fsizeLimit).toBe(10 * 1024 * 1024);
    const php = await ctx.app.inject({ method: 'GET', url: `/api/Qiniu/getToken?name=x.php&size=10&sha1=${sha1}`, headers });
    expect(php.json()).toMatchObject({ code: 0, msg: 'File type not allowed' });
    const big = await ctx.app.inject({ method: 'GET', url: `/api/Qiniu/getToken?name=x.mp4&size=${20 * 1024 * 1024}&sha1=${sha1}`, headers });
    expect(big.json()).toMatchObject({ code: 0, msg: 'File size exceeds allowed range' });
  });

  describe('callback checked against the bucket (BucketManager.stat on a local Qiniu)', () => {
    const fake = new FakeQiniu('AK', 'SK');
    beforeAll(async () => {
      const [up, rs] = await fake.start(2);
      await ctx.app.siteConfig.set({ qiniuUpHost: up, qiniuRsHost: rs });
    });
    afterAll(() => fake.stop());

    const put = (key: string, data: Buffer) => {
      fake.objects.set(`media:${key}`, { bucket: 'media', key, data, mimeType: 'video/mp4', hash: qetag(data) });
    };
    const sha1Of = (data: Buffer) => createHash('sha1').update(data).digest('hex');
    const record = (data: Buffer, key: string) => ({ url: `https://cdn.example.com/${key}`, name: 'a.mp4', size: data.length, type: 'text/html', sha1: sha1Of(data) });

    it('records an object that is in the bucket with that size and hash, once per sha1 and topic', async () => {
      const data = Buffer.from('small video');
      put('storage/default/a.mp4', data);
      for (let i = 0; i < 2; i++) {
        const answer = (await ctx.app.inject({ method: 'POST', url: '/api/Qiniu/callback', headers, payload: record(data, 'storage/default/a.mp4') })).json();
        expect(answer.code).toBe(1);
        expect(answer.data.file).toMatchObject({ url: '/storage/default/a.mp4', full_url: 'https://cdn.example.com/storage/default/a.mp4' });
      }
      const rows = await ctx.database.db.select().from(attachment).where(and(eq(attachment.sha1, sha1Of(data)), eq(attachment.storage, 'qiniu')));
      expect(rows).toHaveLength(1);
      // The MIME type comes from the bucket, not from the client's claim.
      expect(rows[0]).toMatchObject({ url: '/storage/default/a.mp4', quote: 2, size: data.length, mimetype: 'video/mp4' });
      expect(fake.requests({ host: 1, method: 'GET', status: 200, pathIncludes: '/stat/' }).length).toBe(2);
    });

    it('only logs (code 1, nothing stored) a record of a missing object, a wrong size, a wrong hash or another domain', async () => {
      const data = Buffer.from('other video');
      put('storage/default/b.mp4', data);
      const cases = [
        record(Buffer.from('never uploaded'), 'storage/default/missing.mp4'),
        { ...record(data, 'storage/default/b.mp4'), size: data.length + 1 },
        { ...record(data, 'storage/default/b.mp4'), sha1: 'c'.repeat(40) },
        { ...record(data, 'storage/default/b.mp4'), url: 'https://evil.example.net/storage/default/b.mp4' },
      ];
      for (const payload of cases) {
        expect((await ctx.app.inject({ method: 'POST', url: '/api/Qiniu/callback', headers, payload })).json()).toMatchObject({ code: 1, data: null });
      }
      const stored = await ctx.database.db.select().from(attachment).where(eq(attachment.storage, 'qiniu'));
      expect(stored.map((r) => r.url)).not.toContain('/storage/default/b.mp4');
      expect(stored.map((r) => r.url)).not.toContain('/storage/default/missing.mp4');
      const noLogin = await ctx.app.inject({ method: 'POST', url: '/api/Qiniu/callback', headers: { server: 'true' }, payload: cases[0] });
      expect(noLogin.json().code).toBe(303);
    });

    it('refuses a stat signed with another secret (the fake checks the Qiniu signature)', async () => {
      const data = Buffer.from('third video');
      put('storage/default/c.mp4', data);
      await ctx.app.siteConfig.set({ qiniuSecretKey: 'wrong' });
      const answer = (await ctx.app.inject({ method: 'POST', url: '/api/Qiniu/callback', headers, payload: record(data, 'storage/default/c.mp4') })).json();
      expect(answer).toMatchObject({ code: 1, data: null });
      expect(fake.requests({ host: 1, status: 401 }).length).toBeGreaterThan(0);
      await ctx.app.siteConfig.set({ qiniuSecretKey: 'SK' });
    });
  });
});
