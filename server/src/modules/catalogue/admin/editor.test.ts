import { HEADER } from '@framecraft/contracts/constants';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/app.ts';
import { multipart } from '../../../../test/multipart.ts';
import { serverRoot } from '../../../shared/paths.ts';
import { adminKit, qs } from '../../admin/test-kit.ts';
import { commerceKit } from '../../commerce/test-kit.ts';
import { course, courseTag, lesson } from '../tables.ts';

const DEMO_VIDEO = readFileSync(join(serverRoot, 'assets', 'demo', 'preview.mp4'));

describe('item editor (shop/course)', () => {
  let ctx: TestContext;
  let admins: ReturnType<typeof adminKit>;
  let shop: ReturnType<typeof commerceKit>;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    admins = adminKit(ctx);
    shop = commerceKit(ctx);
    token = (await admins.superAdmin()).token;
  });
  afterAll(() => ctx.close());

  async function upload(name: string, content: Buffer, isPrivate = true) {
    const { payload, contentType } = multipart([{ name, content }], isPrivate ? { topic: 'item', private: '1' } : { topic: 'item' });
    const answer = await ctx.app.inject({ method: 'POST', url: '/admin/ajax/upload', headers: { server: 'true', 'content-type': contentType, [HEADER.adminToken]: token }, payload });
    const body = answer.json();
    if (body.code !== 1) throw new Error(`upload ${name}: ${body.msg}`);
    return body.data.file as { id: number; url: string; storage: string };
  }

  const base = (over: Record<string, unknown> = {}) => ({ kind: 'course', type_id: 1, title_zh: '剪辑课', title_en: 'Editing course', price: '19.90', status: 'on_sale', ...over });
  const add = (body: unknown, lang = 'en') => admins.call('POST', '/admin/shop/course/add', token, body, lang);
  const edit = (body: unknown, lang = 'en') => admins.call('POST', '/admin/shop/course/edit', token, body, lang);
  const load = async (id: number) => (await admins.call('GET', `/admin/shop/course/edit?id=${id}`, token)).data.row;

  it('saves a course with chapters, lessons (private video, duration from the file), attachments and tags; the storefront shows it in both languages', async () => {
    const video = await upload('lesson-one.mp4', DEMO_VIDEO);
    expect(video.storage).toBe('local_private');
    const handout = await upload('handout.zip', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(40, 1)]));
    const saved = await add(
      base({
        description_zh: '<p>好课<script>alert(1)</script><img src="x" onerror="alert(1)"></p>',
        tags: ['剪辑', '新标签-' + Date.now()],
        chapters: [
          { title_zh: '第一章', title_en: 'Chapter one', lessons: [{ title_zh: '第一课', title_en: 'Lesson one', free_preview: true, video_attachment_id: video.id, attachments: [{ name: '讲义.zip', attachment_id: handout.id }] }, { title_zh: '第二课' }] },
          { title_zh: '第二章', lessons: [{ title_zh: '第三课', video_attachment_id: video.id }] },
        ],
      }),
    );
    expect(saved).toMatchObject({ code: 1, data: { version: 1 } });
    const row = await load(saved.data.id);
    expect(row).toMatchObject({ price: 1990, kind: 'course', chapters: [{ title_en: 'Chapter one', lessons: [{ duration: 8, free_preview: true, has_video: true, attachments: [{ name: '讲义.zip', format: 'zip' }] }, { has_video: false }] }, { lessons: [{ duration: 8 }] }] });
    expect(row.description_zh).not.toMatch(/script|onerror/);
    expect(row.tags).toHaveLength(2);
    const [stored] = await shop.db.select().from(lesson).where(eq(lesson.id, row.chapters[0].lessons[0].id));
    expect(stored).toMatchObject({ storage: 'local_private', objectKey: video.url.slice(1), video: '' });

    for (const [lang, title, chapter] of [['en', 'Editing course', 'Chapter one'], ['zh-cn', '剪辑课', '第一章']]) {
      const detail = await shop.call('GET', `/api/catalogue/detail?id=${saved.data.id}`, undefined, undefined, lang);
      expect(detail.msg).toBe('');
      expect(detail.data).toMatchObject({ title, price: 1990, chapters: [{ title: chapter }, {}] });
      const [free, locked] = detail.data.chapters[0].lessons;
      expect(free.video).toMatch(/^\/download\//);
      expect(locked.video).toBeNull();
      // A visitor plays the free lesson through its signed link.
      const played = await ctx.app.inject({ method: 'GET', url: free.video, headers: { range: 'bytes=0-15' } });
      expect(played.statusCode).toBe(206);
      expect(played.rawPayload.equals(DEMO_VIDEO.subarray(0, 16))).toBe(true);
    }
    // Nothing of it is under the public /storage/ folder.
    expect((await ctx.app.inject({ method: 'GET', url: `/storage${video.url}` })).rawPayload.includes(DEMO_VIDEO.subarray(0, 64))).toBe(false);
  });

  it('a price change is on the storefront at once (the cached list is cleared)', async () => {
    const saved = await add(base({ title_zh: '价格测试', title_en: 'Price check ' + Date.now() }));
    const keyword = `price check`;
    const before = await shop.call('GET', `/api/catalogue/list?${qs({ keyword })}`);
    expect(before.data.list.find((c: { id: number }) => c.id === saved.data.id).price).toBe(1990);
    const row = await load(saved.data.id);
    expect((await edit({ ...base({ title_zh: '价格测试', title_en: row.title_en }), id: row.id, version: row.version, price: '25.5' })).code).toBe(1);
    const after = await shop.call('GET', `/api/catalogue/list?${qs({ keyword })}`);
    expect(after.data.list.find((c: { id: number }) => c.id === saved.data.id).price).toBe(2550);
  });

  it('two admins editing the same item: the later save names an old version and is refused, nothing is overwritten', async () => {
    const saved = await add(base());
    const opened = await load(saved.data.id);
    const first = await edit({ ...base({ title_zh: '甲的标题' }), id: opened.id, version: opened.version });
    expect(first).toMatchObject({ code: 1, data: { version: 2 } });
    for (const lang of ['en', 'zh-cn']) {
      const second = await edit({ ...base({ title_zh: '乙的标题' }), id: opened.id, version: opened.version }, lang);
      expect(second.code).toBe(0);
      expect(second.msg).toBe(lang === 'en' ? 'Someone else saved this item after you opened it. Reload it to see their changes, then make yours again.' : '在您打开之后，其他人已保存过该商品。请重新加载查看对方的修改，然后再做您的修改。');
    }
    expect((await load(saved.data.id)).title_zh).toBe('甲的标题');
    // The conflict is what the later admin hears even when the earlier save removed rows it names.
    const withChapter = await add(base({ chapters: [{ title_zh: '章' }] }));
    const both = await load(withChapter.data.id);
    expect((await edit({ ...base(), id: both.id, version: both.version, chapters: [] })).code).toBe(1);
    const stale = await edit({ ...base(), id: both.id, version: both.version, chapters: [{ id: both.chapters[0].id, title_zh: '章' }] });
    expect(stale.msg).toBe('Someone else saved this item after you opened it. Reload it to see their changes, then make yours again.');
  });

  it('refuses bad input with a field message in both languages', async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ price: '1.999' }, 'price', 'An amount has at most 2 decimals', '金额'],
      [{ price: '-1' }, 'price', 'The amount cannot be negative', '金额'],
      [{ title_zh: 'x'.repeat(121) }, 'title_zh', '120', '120'],
      [{ cover: '/storage/item/a.zip' }, 'cover', 'The cover must be an image', '封面必须是图片'],
      [{ vip_rule: 'free', vip_free_level: 0 }, 'vip_free_level', 'Enter the VIP level', 'VIP 等级'],
    ];
    for (const [over, field, en, zh] of cases) {
      const answerEn = await add(base(over));
      expect(answerEn.code, field).toBe(0);
      expect(answerEn.data.errors[field], field).toContain(en);
      expect((await add(base(over), 'zh-cn')).data.errors[field], field).toContain(zh);
    }
    const audio = await upload('voice.mp3', Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00'), Buffer.from([0xff, 0xfb, 0x90, 0x00]), Buffer.alloc(400, 0)]));
    const wrongType = await add(base({ chapters: [{ title_zh: '章', lessons: [{ title_zh: '课', video_attachment_id: audio.id }] }] }));
    expect(wrongType.data.errors['chapters.0.lessons.0.video_attachment_id']).toBe('A lesson video must be an MP4 or MOV file');
    const zhType = await add(base({ chapters: [{ title_zh: '章', lessons: [{ title_zh: '课', video_attachment_id: audio.id }] }] }), 'zh-cn');
    expect(zhType.data.errors['chapters.0.lessons.0.video_attachment_id']).toBe('课时视频必须是 MP4 或 MOV 文件');
    const publicVideo = await upload('public.mp4', DEMO_VIDEO, false);
    const notPrivate = await add(base({ chapters: [{ title_zh: '章', lessons: [{ title_zh: '课', video_attachment_id: publicVideo.id }] }] }));
    expect(notPrivate.data.errors['chapters.0.lessons.0.video_attachment_id']).toBe('Lesson videos and files must be uploaded to private storage');

    // A chapter of another item cannot be moved under this one.
    const owner = await add(base({ chapters: [{ title_zh: '原章节', lessons: [] }] }));
    const otherChapter = (await load(owner.data.id)).chapters[0].id;
    const target = await add(base());
    const t = await load(target.data.id);
    for (const [lang, message] of [['en', 'This chapter belongs to another item'], ['zh-cn', '该章节属于其他商品']]) {
      const moved = await edit({ ...base(), id: t.id, version: t.version, chapters: [{ id: otherChapter, title_zh: '搬走' }] }, lang);
      expect(moved.data.errors['chapters.0.id']).toBe(message);
    }
    expect((await load(owner.data.id)).chapters).toHaveLength(1);
  });

  it('reorders lessons across chapters and removes what the editor left out', async () => {
    const saved = await add(base({ chapters: [{ title_zh: 'A', lessons: [{ title_zh: 'a1' }, { title_zh: 'a2' }] }, { title_zh: 'B', lessons: [{ title_zh: 'b1' }] }] }));
    const row = await load(saved.data.id);
    const [a, b] = row.chapters;
    const reordered = await edit({
      ...base(),
      id: row.id,
      version: row.version,
      chapters: [
        { id: b.id, title_zh: 'B', lessons: [{ id: a.lessons[1].id, title_zh: 'a2' }, { id: b.lessons[0].id, title_zh: 'b1' }] },
        { id: a.id, title_zh: 'A', lessons: [] },
      ],
    });
    expect(reordered.code).toBe(1);
    const after = await load(saved.data.id);
    expect(after.chapters.map((c: { title_zh: string; lessons: { title_zh: string }[] }) => [c.title_zh, c.lessons.map((l) => l.title_zh)])).toEqual([['B', ['a2', 'b1']], ['A', []]]);
    expect(await shop.db.select().from(lesson).where(eq(lesson.id, a.lessons[0].id))).toHaveLength(0);
  });

  it('a material pack keeps its file list: many files, renamed, reordered, removed', async () => {
    const files = await Promise.all(['a.zip', 'b.zip', 'c.zip'].map((name, i) => upload(name, Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(50 + i, i + 1)]))));
    const saved = await add(base({ kind: 'material', files: files.map((f, i) => ({ name: `文件${i + 1}.zip`, attachment_id: f.id })) }));
    const row = await load(saved.data.id);
    expect(row.files.map((f: { name: string; size: number }) => [f.name, f.size])).toEqual([['文件1.zip', 54], ['文件2.zip', 55], ['文件3.zip', 56]]);
    const [f1, , f3] = row.files;
    expect((await edit({ ...base({ kind: 'material' }), id: row.id, version: row.version, files: [{ id: f3.id, name: '改名.zip' }, { id: f1.id, name: f1.name }] })).code).toBe(1);
    expect((await load(saved.data.id)).files.map((f: { name: string }) => f.name)).toEqual(['改名.zip', '文件1.zip']);
  });

  it('deleting a sold item is a soft delete: off sale, out of the list, the buyer keeps access and downloads', async () => {
    const file = await upload('pack.zip', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(70, 9)]));
    const saved = await add(base({ kind: 'material', title_en: 'Sold pack', price: '5', files: [{ name: 'pack.zip', attachment_id: file.id }] }));
    const buyer = await shop.member(10_000);
    const no = (await shop.call('POST', '/api/order/create', buyer.token, { items: [saved.data.id] })).data.order_no;
    expect((await shop.call('POST', '/api/pay/submit', buyer.token, { order_no: no, method: 'balance' })).code).toBe(1);

    const removed = await admins.call('DELETE', `/admin/shop/course/del?${qs({ ids: [saved.data.id] })}`, token);
    expect(removed).toMatchObject({ code: 1, data: { count: 1 } });
    const [row] = await shop.db.select().from(course).where(eq(course.id, saved.data.id));
    expect(row).toMatchObject({ status: 'off_sale' });
    expect(row!.deletedAt).not.toBeNull();
    expect((await admins.call('GET', `/admin/shop/course/index?${qs({ quickSearch: 'Sold pack' })}`, token)).data.total).toBe(0);
    expect((await admins.call('GET', `/admin/shop/course/edit?id=${saved.data.id}`, token)).code).toBe(0);
    expect((await shop.call('GET', `/api/catalogue/detail?id=${saved.data.id}`)).code).toBe(0);

    const purchases = await shop.call('GET', '/api/purchase/list', buyer.token);
    const bought = purchases.data.list.find((p: { item: { id: number } }) => p.item.id === saved.data.id);
    expect(bought).toBeTruthy();
    const link = await shop.call('POST', '/api/purchase/link', buyer.token, { item_id: saved.data.id, file_id: bought.files[0].id });
    expect(link.code).toBe(1);
    expect((await ctx.app.inject({ method: 'GET', url: link.data.url })).statusCode).toBe(200);
    expect(await shop.db.select().from(courseTag).where(eq(courseTag.courseId, saved.data.id))).toHaveLength(0);
  });

  it('an item as loaded saves back unchanged (demo art covers, VIP price, tags)', async () => {
    const seeded = await shop.item({ cover: '/api/catalogue/art/5.svg', gallery: ['/api/catalogue/art/6.svg'], vipPrice: 990, kind: 'course' });
    const row = await load(seeded.id);
    const { update_time: _ignored, ...loaded } = row;
    const body = { ...loaded, vip_rule: 'price', price: '10.00', original_price: '15.00', vip_price: '9.90' };
    const saved = await edit(body);
    expect(saved, saved.msg).toMatchObject({ code: 1, data: { version: row.version + 1 } });
    const again = await load(seeded.id);
    expect(again).toMatchObject({ cover: '/api/catalogue/art/5.svg', price: 1000, original_price: 1500, vip_price: 990, vip_free_level: 0 });
  });

  it('guards the editor with the shop/course nodes', async () => {
    const viewer = await admins.adminWith(['shop/course/index']);
    expect((await admins.call('GET', '/admin/shop/course/index', viewer.token)).code).toBe(1);
    expect((await admins.call('POST', '/admin/shop/course/add', viewer.token, base())).code).toBe(401);
    expect((await admins.call('GET', '/admin/shop/course/edit?id=1', viewer.token)).code).toBe(401);
    expect((await admins.call('DELETE', '/admin/shop/course/del?ids=1', viewer.token)).code).toBe(401);
  });
});
