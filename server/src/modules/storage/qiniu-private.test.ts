import { HEADER } from '@framecraft/contracts/constants';
import { and, eq } from 'drizzle-orm';
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { FakeQiniu, qetag } from '../../../test/fake-qiniu.ts';
import { createAdmin, createMember } from '../../../test/fixtures.ts';
import { attachment } from '../uploads/tables.ts';
import { createSignedLink } from './index.ts';

/** Qiniu's private bucket (decision 024) against a local Qiniu that checks private download URLs. */
describe('Qiniu private bucket', () => {
  let ctx: TestContext;
  let memberId: number;
  let adminHeaders: Record<string, string>;
  const fake = new FakeQiniu('AK', 'SK');
  let download: string;
  const data = Buffer.from('paid LUT pack bytes');
  const key = 'storage/item/20261125/pack.zip';

  beforeAll(async () => {
    ctx = await createTestApp();
    const [up, rs, dl] = await fake.start(3);
    download = dl!;
    fake.privateBuckets.add('paid');
    fake.objects.set(`paid:${key}`, { bucket: 'paid', key, data, mimeType: 'application/zip', hash: qetag(data) });
    await ctx.app.siteConfig.set({
      qiniuAccessKey: 'AK',
      qiniuSecretKey: 'SK',
      qiniuBucket: 'media',
      qiniuDomain: 'https://cdn.example.com',
      qiniuPrivateBucket: 'paid',
      qiniuPrivateDomain: download,
      qiniuUpHost: up!,
      qiniuRsHost: rs!,
    });
    memberId = (await createMember(ctx.database.db)).id;
    const staff = await createAdmin(ctx.database.db);
    adminHeaders = { server: 'true', [HEADER.adminToken]: (await ctx.app.tokens.issue('admin', staff.id)).token };
  });
  afterAll(async () => {
    await fake.stop();
    await ctx.close();
  });

  it('redirects a verified link to the private download URL (e, token, attname signed), which the bucket host serves until the deadline', async () => {
    const name = '调色包.zip';
    const link = await createSignedLink(ctx.app, { memberId, object: { storage: 'qiniu_private', key, name }, disposition: 'attachment', ttlSeconds: 120 });
    const answer = await ctx.app.inject({ method: 'GET', url: link.url });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers['cache-control']).toBe('no-store');
    const location = String(answer.headers.location);
    const at = location.lastIndexOf('&token=');
    const signed = location.slice(0, at);
    expect(signed).toBe(`${download}/${key}?attname=${encodeURIComponent(name)}&e=${link.expire_time}`);
    // Qiniu's documented scheme: token = AK:urlsafe_base64(hmac_sha1(SK, url up to &token)).
    expect(location.slice(at + 7)).toBe(`AK:${createHmac('sha1', 'SK').update(signed).digest('base64').replace(/\+/g, '-').replace(/\//g, '_')}`);
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(data)).toBe(true);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(fetched.headers.get('content-disposition') ?? '')![1]!)).toBe(name);
    // Without the token, or with the deadline changed, the bucket refuses.
    expect((await fetch(`${download}/${key}`)).status).toBe(401);
    expect((await fetch(location.replace(`e=${link.expire_time}`, `e=${link.expire_time + 3600}`))).status).toBe(401);
  });

  it('issues admin upload tokens for the private bucket and records the upload as qiniu_private after stat on that bucket', async () => {
    const sha1 = createHash('sha1').update(data).digest('hex');
    const token = (await ctx.app.inject({ method: 'GET', url: `/admin/Qiniu/getToken?name=pack.zip&size=${data.length}&sha1=${sha1}&topic=item&private=1`, headers: adminHeaders })).json();
    expect(token.data.domain).toBe(download);
    const policy = JSON.parse(Buffer.from(token.data.token.split(':')[2], 'base64').toString());
    expect(policy.scope).toBe(`paid:${token.data.key}`);
    // Members cannot: the flag is ignored and the public bucket is used.
    const member = (await ctx.app.tokens.issue('user', memberId)).token;
    const theirs = (await ctx.app.inject({ method: 'GET', url: `/api/Qiniu/getToken?name=pack.zip&size=${data.length}&sha1=${sha1}&private=1`, headers: { server: 'true', [HEADER.userToken]: member } })).json();
    expect(JSON.parse(Buffer.from(theirs.data.token.split(':')[2], 'base64').toString()).scope).toMatch(/^media:/);

    const record = { url: `${download}/${key}`, name: 'pack.zip', size: data.length, sha1, topic: 'item', private: '1' };
    const answer = (await ctx.app.inject({ method: 'POST', url: '/admin/Qiniu/callback', headers: adminHeaders, payload: record })).json();
    expect(answer.data.file).toMatchObject({ storage: 'qiniu_private', private: true, full_url: '', url: `/${key}` });
    const rows = await ctx.database.db.select().from(attachment).where(and(eq(attachment.sha1, sha1), eq(attachment.storage, 'qiniu_private')));
    expect(rows).toHaveLength(1);
  });
});
