import { HEADER } from '@framecraft/contracts/constants';
import { eq } from 'drizzle-orm';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createAdmin, createMember } from '../../../test/fixtures.ts';
import { multipart } from '../../../test/multipart.ts';
import { listAttachments, releaseAttachment } from './service.ts';
import { attachment } from './tables.ts';

// A 1×1 PNG; bytes appended after IEND keep it a valid PNG with a different sha1.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const png = (tag: string) => Buffer.concat([PNG, Buffer.from(tag)]);

describe('local upload', () => {
  let ctx: TestContext;
  let userToken: string;
  let adminToken: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    userToken = (await ctx.app.tokens.issue('user', (await createMember(ctx.database.db)).id)).token;
    adminToken = (await ctx.app.tokens.issue('admin', (await createAdmin(ctx.database.db)).id)).token;
  });
  afterAll(() => ctx.close());
  afterEach(() => ctx.app.siteConfig.set({ uploadMaxSize: 10 * 1024 * 1024, uploadAllowedMimeTypes: '' }));

  const upload = (
    files: { field?: string; name: string; content: Buffer }[],
    options: { url?: string; token?: Record<string, string>; lang?: string; fields?: Record<string, string>; query?: string } = {},
  ) => {
    const body = multipart(files, options.fields);
    return ctx.app.inject({
      method: 'POST',
      url: `${options.url ?? '/api/ajax/upload'}${options.query ?? ''}`,
      headers: {
        server: 'true',
        'content-type': body.contentType,
        [HEADER.lang]: options.lang ?? 'en',
        ...(options.token ?? { [HEADER.userToken]: userToken }),
      },
      payload: body.payload,
    });
  };
  const stored = (url: string) => join(ctx.env.dataDir, 'public', url);

  it('stores a member upload on disk and answers the file with dimensions and a full URL', async () => {
    const content = png('member');
    const response = await upload([{ name: 'My Photo.png', content }], { fields: { topic: 'avatar' } });
    const body = response.json();
    expect(body).toMatchObject({ code: 1, msg: 'Upload successful' });
    const file = body.data.file;
    expect(file).toMatchObject({ name: 'My Photo.png', size: content.length, mimetype: 'image/png', suffix: 'png', width: 1, height: 1, topic: 'avatar' });
    expect(file.url).toMatch(new RegExp(`^/storage/avatar/\\d{8}/MyPhoto${file.sha1}\\.png$`));
    expect(file.full_url).toBe(`http://localhost:80${file.url}`); // inject sends Host: localhost:80
    expect(readFileSync(stored(file.url)).equals(content)).toBe(true);
    const [row] = await ctx.database.db.select().from(attachment).where(eq(attachment.id, file.id));
    expect(row).toMatchObject({ quote: 1, storage: 'local', userId: expect.any(Number), adminId: 0 });
  });

  it('requires a member on /api and an admin on /admin', async () => {
    expect((await upload([{ name: 'a.png', content: png('x') }], { token: {} })).json()).toMatchObject({ code: 303 });
    const asMember = await upload([{ name: 'a.png', content: png('x') }], { url: '/admin/ajax/upload' });
    expect(asMember.json()).toMatchObject({ code: 303 });
    const asAdmin = await upload([{ name: 'a.png', content: png('admin') }], {
      url: '/admin/ajax/upload',
      token: { [HEADER.adminToken]: adminToken },
    });
    expect(asAdmin.json()).toMatchObject({ code: 1, data: { file: { topic: 'default' } } });
  });

  it('refuses files whose name or content is not on the allow-lists, in both languages', async () => {
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const jpegMagic = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    const attempts = [
      { name: 'x.php.jpg', content: Buffer.from('<?php system($_GET["c"]); ?>') },
      { name: 'shell.png', content: Buffer.from('<?php echo 1; ?>') },
      { name: 'page.png', content: html },
      { name: 'icon.svg', content: svg },
      { name: 'icon.png', content: svg },
      { name: 'real-png.jpg', content: png('mismatch') },
      { name: 'fake.png', content: jpegMagic },
      { name: 'page.html', content: html },
      { name: 'noextension', content: png('noext') },
      { name: 'x.png.php', content: png('php') },
    ];
    for (const attempt of attempts) {
      const answer = (await upload([attempt])).json();
      expect(answer, attempt.name).toMatchObject({ code: 0, msg: 'File type not allowed' });
    }
    expect((await upload([attempts[0]!], { lang: 'zh-cn' })).json().msg).toBe('不允许的文件类型');
    await ctx.app.siteConfig.set({ uploadAllowedMimeTypes: 'image/jpeg' });
    expect((await upload([{ name: 'ok.png', content: png('mime') }])).json().msg).toBe('File type not allowed');
    const rows = await ctx.database.db.select().from(attachment).where(eq(attachment.mimetype, ''));
    expect(rows).toHaveLength(0);
  });

  it('answers incomplete for a 0-byte file or a missing name, and too large above the configured size', async () => {
    expect((await upload([{ name: 'empty.png', content: Buffer.alloc(0) }])).json()).toMatchObject({
      code: 0,
      msg: 'The data of the uploaded file is incomplete!',
    });
    expect((await upload([{ name: '', content: png('noname') }])).json().msg).toBe('The data of the uploaded file is incomplete!');
    expect((await upload([{ field: 'other', name: 'a.png', content: png('field') }])).json().msg).toBe(
      'The data of the uploaded file is incomplete!',
    );
    await ctx.app.siteConfig.set({ uploadMaxSize: PNG.length + 10 });
    const big = await upload([{ name: 'big.png', content: png('x'.repeat(100)) }]);
    expect(big.json()).toMatchObject({ code: 0, msg: 'File size exceeds allowed range' });
    expect((await upload([{ name: 'big.png', content: png('y'.repeat(100)) }], { lang: 'zh-cn' })).json().msg).toBe(
      '文件大小超出允许范围',
    );
  });

  it('keeps hostile names and topics inside the storage folder', async () => {
    const viaName = (await upload([{ name: '../../../../evil.png', content: png('traversal') }])).json();
    expect(viaName.code).toBe(1);
    expect(viaName.data.file.url).toMatch(/^\/storage\/default\/\d{8}\/evil[0-9a-f]{40}\.png$/);
    expect(existsSync(join(ctx.env.dataDir, 'evil.png'))).toBe(false);
    for (const topic of ['../etc', 'a/b', '..', 'x'.repeat(21)]) {
      const answer = (await upload([{ name: 'a.png', content: png(`topic${topic}`) }], { fields: { topic } })).json();
      expect(answer.code, topic).toBe(0);
    }
  });

  it('normalises hostile names to a safe set: the saved URL always serves (issue 15 item 9)', async () => {
    const names = ['%2e%2e%2f%2e%2e%2fetc%2fpasswd.png', '<img src=x onerror=alert(1)>.png', 'invoice\u202Egnp.exe.png', 'tab\there 50%.png', '..hidden.png', '\u200Bzero\u2066width.png'];
    for (const [i, name] of names.entries()) {
      const answer = (await upload([{ name, content: png(`hostile${i}`) }])).json();
      expect(answer, name).toMatchObject({ code: 1 });
      const { url, name: shown } = answer.data.file;
      expect(url, name).toMatch(/^\/storage\/default\/\d{8}\/[\p{L}\p{N}._-]*[0-9a-f]{40}\.png$/u);
      expect(shown, name).not.toMatch(/[\u0000-\u001f\u202a-\u202e\u2066-\u2069\u200b]/);
      const served = await ctx.app.inject({ method: 'GET', url });
      expect(served.statusCode, `${name} → ${url}`).toBe(200);
      expect(served.rawPayload.equals(png(`hostile${i}`))).toBe(true);
    }
    const first = (await upload([{ name: names[0]!, content: png('hostile-again') }])).json();
    expect(first.data.file.url).toMatch(/\/2e2e2f2e2e2fetc[0-9a-f]{40}\.png$/);
  });

  it('stores concurrent identical uploads once and counts the references; release removes at zero', async () => {
    const content = png('concurrent');
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload([{ name: 'same.png', content }])));
    const files = answers.map((a) => a.json().data.file);
    expect(new Set(files.map((f) => f.id)).size).toBe(1);
    const [row] = await ctx.database.db.select().from(attachment).where(eq(attachment.id, files[0].id));
    expect(row!.quote).toBe(6);
    // Another topic is another attachment.
    const other = (await upload([{ name: 'same.png', content }], { query: '?topic=covers' })).json().data.file;
    expect(other.id).not.toBe(files[0].id);
    const { list } = await listAttachments(ctx.database.db, { topic: 'covers' });
    expect(list.map((r) => r.id)).toEqual([other.id]);

    const path = stored(row!.url);
    for (let i = 0; i < 5; i++) expect(await releaseAttachment(ctx.database.db, ctx.env.dataDir, row!.id)).toBe(false);
    expect(existsSync(path)).toBe(true);
    expect(await releaseAttachment(ctx.database.db, ctx.env.dataDir, row!.id)).toBe(true);
    expect(existsSync(path)).toBe(false);
    expect(await ctx.database.db.select().from(attachment).where(eq(attachment.id, row!.id))).toHaveLength(0);
  });
});
