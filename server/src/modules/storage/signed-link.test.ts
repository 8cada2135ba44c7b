import { HEADER } from '@framecraft/contracts/constants';
import { eq } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createAdmin, createMember } from '../../../test/fixtures.ts';
import { multipart } from '../../../test/multipart.ts';
import { courseFile, lesson } from '../catalogue/tables.ts';
import { createSignedLink, contentDisposition } from './index.ts';
import { parseRange } from './download.ts';
import { signLink } from './signed-link.ts';
import { signingKey } from './tables.ts';

const CONTENT = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
const KEY = 'storage/item/20261125/pack.zip';
const NAME = '调色预设 LUT 包（第 1 版）.zip';

describe('private storage and signed links', () => {
  let ctx: TestContext;
  let memberA: number;
  let memberB: number;
  let tokenA: string;
  let tokenB: string;
  const object = { storage: 'local_private' as const, key: KEY, name: NAME, mime: 'application/zip' };
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    ctx = await createTestApp();
    const folder = join(ctx.env.dataDir, 'private', 'storage', 'item', '20261125');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'pack.zip'), CONTENT);
    memberA = (await createMember(ctx.database.db)).id;
    memberB = (await createMember(ctx.database.db)).id;
    tokenA = (await ctx.app.tokens.issue('user', memberA)).token;
    tokenB = (await ctx.app.tokens.issue('user', memberB)).token;
  });
  afterAll(() => ctx.close());

  it('downloads a private file with the original (Chinese) name as an attachment', async () => {
    const link = await createSignedLink(ctx.app, { memberId: memberA, object, disposition: 'attachment', ttlSeconds: 300 });
    expect(link.url).toMatch(/^\/download\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(link.expire_time).toBeGreaterThan(Date.now() / 1000 + 290);
    // A browser navigation (new tab) gets the file, not the app shell.
    const response = await get(link.url, { accept: 'text/html,*/*' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(CONTENT)).toBe(true);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-length']).toBe(String(CONTENT.length));
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-security-policy']).toMatch(/^sandbox;/);
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toBe(`attachment; filename="${NAME.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(NAME).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`);
    // What a browser reads back from filename*.
    const star = /filename\*=UTF-8''(.+)$/.exec(disposition)![1]!;
    expect(decodeURIComponent(star)).toBe(NAME);
    expect(contentDisposition('attachment', 'a "b".zip')).toBe(`attachment; filename="a _b_.zip"; filename*=UTF-8''a%20%22b%22.zip`);
  });

  it('answers ranges (206), suffix ranges and unsatisfiable ones (416)', async () => {
    const { url } = await createSignedLink(ctx.app, { memberId: memberA, object, disposition: 'attachment' });
    const part = await get(url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${CONTENT.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(CONTENT.subarray(100, 200))).toBe(true);
    const open = await get(url, { range: 'bytes=990-' });
    expect(open.rawPayload.equals(CONTENT.subarray(990))).toBe(true);
    const tail = await get(url, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(CONTENT.subarray(-10))).toBe(true);
    const beyond = await get(url, { range: 'bytes=5000-', [HEADER.lang]: 'en' });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${CONTENT.length}`);
    const several = await get(url, { range: 'bytes=0-1,5-6' });
    expect(several.statusCode).toBe(200);
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRange('items=0-1', 10)).toBeUndefined();
  });

  it('plays a lesson inline; a non-media file is never inline', async () => {
    mkdirSync(join(ctx.env.dataDir, 'private', 'lessons'), { recursive: true });
    writeFileSync(join(ctx.env.dataDir, 'private', 'lessons', 'one.mp4'), CONTENT);
    const lessonLink = await createSignedLink(ctx.app, { memberId: memberA, object: { storage: 'local_private', key: 'lessons/one.mp4', name: '第一课.mp4' }, disposition: 'inline' });
    const video = await get(lessonLink.url, { range: 'bytes=0-9' });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(String(video.headers['content-disposition'])).toMatch(/^inline; /);
    // Lessons live longer than file links (the player keeps using the URL while watching).
    expect(lessonLink.expire_time).toBeGreaterThan(Date.now() / 1000 + 3600);
    const zipInline = await createSignedLink(ctx.app, { memberId: memberA, object, disposition: 'inline' });
    expect(String((await get(zipInline.url)).headers['content-disposition'])).toMatch(/^attachment; /);
  });

  it('refuses an expired link with a clear message in the member\'s language (410)', async () => {
    const expired = await signLink(ctx.app.storage.keys, { memberId: memberA, object, disposition: 'attachment', ttlSeconds: 60, lang: 'en' }, Date.now() - 120_000);
    const page = await get(expired.url, { accept: 'text/html' });
    expect(page.statusCode).toBe(410);
    expect(page.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(page.body).toBe('This download link has expired. Open the file again from My purchases to get a new one.');
    const api = await get(expired.url, { server: 'true' });
    expect(api.statusCode).toBe(410);
    expect(api.json()).toMatchObject({ code: 0, msg: 'This download link has expired. Open the file again from My purchases to get a new one.' });
    const zh = await signLink(ctx.app.storage.keys, { memberId: memberA, object, disposition: 'attachment', ttlSeconds: 1 }, Date.now() - 2000);
    expect((await get(zh.url)).body).toBe('下载链接已过期，请从“我的购买”重新打开文件以获取新链接。');
  });

  it('refuses a link with any single character of its token changed (403), never serving a byte', async () => {
    const { url } = await createSignedLink(ctx.app, { memberId: memberA, object, disposition: 'attachment' });
    const token = url.slice('/download/'.length);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    const statuses = new Set<number>();
    for (let i = 0; i < token.length; i++) {
      const replacement = alphabet[(alphabet.indexOf(token[i]!) + 1 + (i % 7)) % alphabet.length]!;
      const tampered = token.slice(0, i) + replacement + token.slice(i + 1);
      const answer = await get(`/download/${tampered}`, { [HEADER.lang]: 'en' });
      statuses.add(answer.statusCode);
      expect(answer.rawPayload.includes(CONTENT.subarray(0, 50)), `position ${i}`).toBe(false);
      if (answer.statusCode === 403) expect(answer.body).toBe('This download link is not valid. Open the file again from My purchases.');
    }
    // A changed `.` makes a path the route does not match (404); everything else is refused as invalid.
    expect([...statuses].every((s) => s === 403 || s === 404)).toBe(true);
    expect(statuses.has(403)).toBe(true);
    // A payload re-signed by anyone without the server's secret: refused.
    const body = token.split('.')[0]!;
    const forged = createHmac('sha256', 'guess').update(`download.v1.${body}`).digest('base64url');
    expect((await get(`/download/${body}.${forged}`)).statusCode).toBe(403);
    // Another member id in the payload with the original signature: refused.
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const swapped = Buffer.from(JSON.stringify({ ...payload, m: memberB })).toString('base64url');
    expect((await get(`/download/${swapped}.${token.split('.')[1]}`)).statusCode).toBe(403);
    for (const junk of ['x', 'a.b', `${'A'.repeat(5000)}.${'A'.repeat(43)}`, '%00.%00']) expect((await get(`/download/${junk}`)).statusCode).toBeGreaterThanOrEqual(400);
  });

  it("refuses another member's link when the request carries that member's token; the owner's token or none is fine", async () => {
    const { url } = await createSignedLink(ctx.app, { memberId: memberA, object, disposition: 'attachment', lang: 'en' });
    const other = await get(url, { [HEADER.userToken]: tokenB, server: 'true' });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 0, msg: 'This download link belongs to another account. Open the file from your own purchases.' });
    expect((await get(url, { [HEADER.userToken]: tokenA })).statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(200);
  });

  it('keeps links of a rotated key valid until they expire; a deleted key revokes its links', async () => {
    const before = await createSignedLink(ctx.app, { memberId: memberA, object, disposition: 'attachment' });
    const oldKey = Number(JSON.parse(Buffer.from(before.url.slice(10).split('.')[0]!, 'base64url').toString()).k);
    await ctx.app.storage.keys.rotate();
    const after = await createSignedLink(ctx.app, { memberId: memberA, object, disposition: 'attachment' });
    expect(Number(JSON.parse(Buffer.from(after.url.slice(10).split('.')[0]!, 'base64url').toString()).k)).not.toBe(oldKey);
    expect((await get(before.url)).statusCode).toBe(200);
    expect((await get(after.url)).statusCode).toBe(200);
    await ctx.database.db.delete(signingKey).where(eq(signingKey.id, oldKey));
    ctx.app.storage.keys.clear();
    expect((await get(before.url)).statusCode).toBe(403);
    expect((await get(after.url)).statusCode).toBe(200);
  });

  it('answers 404 with a message for a signed object that is gone', async () => {
    const { url } = await createSignedLink(ctx.app, { memberId: memberA, object: { ...object, key: 'storage/none.zip' }, disposition: 'attachment', lang: 'en' });
    const answer = await get(url);
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toBe('The file is no longer available. Please contact us.');
  });

  it('never serves the private root through /storage/*, whatever the path tricks', async () => {
    writeFileSync(join(ctx.env.dataDir, 'private', 'top.txt'), 'PRIVATE-ROOT-CONTENT');
    const paths = [
      `/${KEY}`,
      '/storage/../private/top.txt',
      '/storage/../../private/top.txt',
      '/storage/%2e%2e/%2e%2e/private/top.txt',
      '/storage/%2e%2e%2f%2e%2e%2fprivate%2ftop.txt',
      '/storage/..%2f..%2fprivate%2f' + KEY.replace(/\//g, '%2f'),
      '/storage/%252e%252e/%252e%252e/private/top.txt',
      '/storage/..\\..\\private\\top.txt',
      '/private/top.txt',
      '/private/' + KEY,
    ];
    for (const path of paths) {
      const response = await get(path, { server: 'true' });
      expect(response.body, path).not.toContain('PRIVATE-ROOT-CONTENT');
      expect(response.rawPayload.includes(CONTENT.subarray(0, 50)), path).toBe(false);
    }
  });

  it('stores an admin upload with private=1 in the private root: not under /storage/, reachable by a signed link', async () => {
    const staff = await createAdmin(ctx.database.db);
    const { token } = await ctx.app.tokens.issue('admin', staff.id);
    const content = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(60, 7)]);
    const { payload: body, contentType } = multipart([{ name: '素材.zip', content }], { topic: 'item', private: '1' });
    const answer = await ctx.app.inject({ method: 'POST', url: '/admin/ajax/upload', headers: { server: 'true', 'content-type': contentType, [HEADER.adminToken]: token }, payload: body });
    const file = answer.json().data.file;
    expect(file).toMatchObject({ storage: 'local_private', private: true, full_url: '', name: '素材.zip' });
    const key = String(file.url).slice(1);
    expect(readFileSync(join(ctx.env.dataDir, 'private', key)).equals(content)).toBe(true);
    expect((await get(file.url, { server: 'true' })).rawPayload.includes(content)).toBe(false);
    const link = await createSignedLink(ctx.app, { memberId: memberA, object: { storage: 'local_private', key, name: file.name }, disposition: 'attachment' });
    expect((await get(link.url)).rawPayload.equals(content)).toBe(true);
    // A member cannot target the private root: the flag is ignored.
    const member = multipart([{ name: 'x.zip', content: Buffer.concat([content, Buffer.from('m')]) }], { private: '1' });
    const mine = await ctx.app.inject({ method: 'POST', url: '/api/ajax/upload', headers: { server: 'true', 'content-type': member.contentType, [HEADER.userToken]: tokenA }, payload: member.payload });
    expect(mine.json().data.file).toMatchObject({ storage: 'local', private: false });
  });

  it('gives every demo file and lesson a real file in private storage, never shown in storefront answers', async () => {
    const files = await ctx.database.db.select().from(courseFile);
    expect(files.length).toBeGreaterThan(0);
    for (const row of files.slice(0, 40)) {
      expect(row.storage).toBe('local_private');
      const { url } = await createSignedLink(ctx.app, { memberId: memberA, object: { storage: 'local_private', key: row.objectKey, name: row.name }, disposition: 'attachment' });
      const response = await get(url);
      expect(response.statusCode, row.objectKey).toBe(200);
      expect(response.rawPayload.length, row.name).toBe(row.size);
      expect(response.rawPayload.length).toBeLessThan(300_000);
    }
    const byFormat = new Map(files.map((f) => [f.format, f]));
    const read = (format: string) => readFileSync(join(ctx.env.dataDir, 'private', byFormat.get(format)!.objectKey));
    expect(read('zip').subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    if (byFormat.has('cube')) expect(read('cube').toString()).toContain('LUT_3D_SIZE 2');
    if (byFormat.has('pdf')) expect(read('pdf').toString('latin1')).toMatch(/^%PDF-1\.4[\s\S]*%%EOF\n$/);
    if (byFormat.has('wav')) expect(read('wav').subarray(0, 4).toString()).toBe('RIFF');
    const [lessonRow] = await ctx.database.db.select().from(lesson).limit(1);
    expect(lessonRow).toMatchObject({ storage: 'local_private', objectKey: 'demo/lesson.mp4' });
    const video = await get((await createSignedLink(ctx.app, { memberId: memberA, object: { storage: 'local_private', key: lessonRow!.objectKey, name: 'lesson.mp4' }, disposition: 'inline' })).url, { range: 'bytes=4-7' });
    expect(video.rawPayload.toString('latin1')).toBe('ftyp');
    const detail = await get(`/api/catalogue/detail?id=${files[0]!.courseId}`, { server: 'true' });
    expect(detail.json().code).toBe(1);
    expect(detail.body).not.toContain('demo/sample');
    expect(detail.body).not.toContain('object_key');
    expect(detail.body).not.toContain('local_private');
  });
});
