import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { courseFile, lesson, chapter } from '../../db/schema.ts';
import { adminKit, qs } from '../admin/test-kit.ts';
import { ownership } from './tables.ts';
import { commerceKit } from './test-kit.ts';

describe('shop back office and delivery checks', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof commerceKit>;
  let admins: ReturnType<typeof adminKit>;
  beforeAll(async () => {
    ctx = await createTestApp();
    kit = commerceKit(ctx);
    admins = adminKit(ctx);
  });
  afterAll(() => ctx.close());

  async function paidOrder(price: number, money = 10_000) {
    const m = await kit.member(money);
    const item = await kit.item({ price });
    const no = (await kit.call('POST', '/api/order/create', m.token, { items: [item.id] })).data.order_no as string;
    expect((await kit.call('POST', '/api/pay/submit', m.token, { order_no: no, method: 'balance' })).code).toBe(1);
    return { m, item, no };
  }

  it('lists orders, pay log and carts; shows an order with lines and payments; nodes are enforced', async () => {
    const { m, no } = await paidOrder(1500);
    const { token } = await admins.superAdmin();
    const list = await admins.call('GET', `/admin/shop/order/index?${qs({ quickSearch: no })}`, token);
    expect(list).toMatchObject({ code: 1, data: { total: 1, list: [{ order_no: no, state: 'paid', amount: 1500, user: { username: m.row.username } }] } });
    expect(list.data.list[0].payload).toBeUndefined();
    const id = list.data.list[0].id;
    const detail = await admins.call('GET', `/admin/shop/order/detail?id=${id}`, token);
    expect(detail.data).toMatchObject({ id, order: { order_no: no, lines: [{ price: 1500 }] }, member: { id: m.id }, payments: [{ kind: 'payment', state: 'succeeded', amount: 1500 }] });
    expect((await admins.call('GET', `/admin/shop/payLog/index?${qs({ quickSearch: no })}`, token)).data.total).toBe(1);
    expect((await admins.call('GET', '/admin/shop/cart/index', token)).code).toBe(1);
    for (const [method, url] of [['POST', '/admin/shop/order/add'], ['POST', '/admin/shop/order/edit'], ['DELETE', '/admin/shop/order/del']] as const) {
      expect((await admins.call(method, url, token, {})).code, url).not.toBe(1);
    }
    const viewer = await admins.adminWith(['shop/order/index']);
    expect((await admins.call('GET', `/admin/shop/order/detail?id=${id}`, viewer.token)).code).toBe(1);
    expect((await admins.call('POST', '/admin/shop/order/refund', viewer.token, { id, amount: 100 })).code).toBe(401);
    expect((await admins.call('POST', '/admin/shop/order/close', viewer.token, { id })).code).toBe(401);
  });

  it('a refund request retried with its key (five times at once) refunds once', async () => {
    const { token } = await admins.superAdmin();
    const { m: buyer, no } = await paidOrder(3000);
    const id = (await admins.call('GET', `/admin/shop/order/index?${qs({ quickSearch: no })}`, token)).data.list[0].id;
    const before = await kit.balance(buyer.id);
    const request = { id, amount: 1000, idempotency_key: 'refund-retry-key-1' };
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => admins.call('POST', '/admin/shop/order/refund', token, request)));
    expect(answers.every((a) => a.code === 1)).toBe(true);
    expect(await kit.balance(buyer.id)).toBe(before + 1000);
    expect((await kit.ledgerHolds(buyer.id)).holds).toBe(true);
    expect((await admins.call('POST', '/admin/shop/order/refund', token, request)).data).toEqual({ state: 'paid', refunded_amount: 1000, full: false });
    expect((await admins.call('POST', '/admin/shop/order/refund', token, { ...request, idempotency_key: 'x' })).code).toBe(0);
  });

  it('closes an unpaid order only; refunds partially then fully to the balance through the ledger; a full refund revokes ownership', async () => {
    const { token } = await admins.superAdmin();
    const m = await kit.member();
    const unpaidNo = (await kit.call('POST', '/api/order/create', m.token, { items: [(await kit.item()).id] })).data.order_no;
    const unpaidId = (await admins.call('GET', `/admin/shop/order/index?${qs({ quickSearch: unpaidNo })}`, token)).data.list[0].id;
    expect((await admins.call('POST', '/admin/shop/order/refund', token, { id: unpaidId, amount: 100 })).msg).toBe('Only a paid order can be refunded');
    expect(await admins.call('POST', '/admin/shop/order/close', token, { id: unpaidId })).toMatchObject({ code: 1, msg: 'Order closed', data: { order: { state: 'closed' } } });
    expect((await admins.call('POST', '/admin/shop/order/close', token, { id: unpaidId })).msg).toBe('This order is closed: place a new order');

    const { m: buyer, item, no } = await paidOrder(3000);
    const id = (await admins.call('GET', `/admin/shop/order/index?${qs({ quickSearch: no })}`, token)).data.list[0].id;
    expect((await admins.call('POST', '/admin/shop/order/close', token, { id })).msg).toBe('This order has already been paid');
    for (const amount of [0, -1, 1.5, '100']) {
      expect((await admins.call('POST', '/admin/shop/order/refund', token, { id, amount })).code, String(amount)).toBe(0);
    }
    expect((await admins.call('POST', '/admin/shop/order/refund', token, { id, amount: 3001 })).msg).toBe('The refund is larger than what is left to refund');
    expect((await admins.call('POST', '/admin/shop/order/refund', token, { id, amount: 1000 })).data).toEqual({ state: 'paid', refunded_amount: 1000, full: false });
    expect(await kit.balance(buyer.id)).toBe(8000);
    expect((await kit.call('GET', `/api/catalogue/detail?id=${item.id}`, buyer.token)).data.access).toBe('owned');
    expect((await admins.call('POST', '/admin/shop/order/refund', token, { id, amount: 2001 })).msg).toBe('The refund is larger than what is left to refund');
    // Two refunds of the rest at once: one succeeds.
    const both = await Promise.all([1, 2].map(() => admins.call('POST', '/admin/shop/order/refund', token, { id, amount: 2000 })));
    expect(both.filter((a) => a.code === 1)).toHaveLength(1);
    expect(await kit.balance(buyer.id)).toBe(10_000);
    expect((await kit.ledgerHolds(buyer.id)).holds).toBe(true);
    expect((await kit.call('GET', `/api/order/detail?order_no=${no}`, buyer.token)).data).toMatchObject({ state: 'refunded', refunded_amount: 3000 });
    expect(await kit.db.select().from(ownership).where(eq(ownership.userId, buyer.id))).toHaveLength(0);
    expect((await kit.call('GET', `/api/catalogue/detail?id=${item.id}`, buyer.token)).data.access).toBe('none');
    expect((await admins.call('POST', '/admin/shop/order/refund', token, { id, amount: 1 })).msg).toBe('Only a paid order can be refunded');
    const payments = (await admins.call('GET', `/admin/shop/order/detail?id=${id}`, token)).data.payments;
    expect(payments.map((p: { kind: string; amount: number }) => `${p.kind}:${p.amount}`)).toEqual(['payment:3000', 'refund:1000', 'refund:2000']);
  });

  it('a purchase link is only for what the member can access: another member’s item, a file of another item, a paid lesson are refused', async () => {
    const { m: owner, item } = await paidOrder(2000);
    const [file] = await kit.db.insert(courseFile).values({ courseId: item.id, name: '素材包.zip', size: 10, format: 'zip', storage: 'local_private', objectKey: 'demo/sample.zip' }).returning();
    const [ch] = await kit.db.insert(chapter).values({ courseId: item.id, titleZh: '第一章' }).returning();
    const [paidLesson] = await kit.db.insert(lesson).values({ courseId: item.id, chapterId: ch!.id, titleZh: '第一课', storage: 'local_private', objectKey: 'demo/lesson.mp4' }).returning();
    const [preview] = await kit.db.insert(lesson).values({ courseId: item.id, chapterId: ch!.id, titleZh: '试看', video: '/storage/demo/preview.mp4', storage: 'local_private', objectKey: 'demo/lesson.mp4', freePreview: 1 }).returning();
    const other = await kit.member();
    const otherItem = await kit.item();
    const [otherFile] = await kit.db.insert(courseFile).values({ courseId: otherItem.id, name: 'x.zip', storage: 'local_private', objectKey: 'demo/sample.zip' }).returning();

    const link = (token: string, body: object) => kit.call('POST', '/api/purchase/link', token, body);
    expect(await link(other.token, { item_id: item.id, file_id: file!.id })).toMatchObject({ code: 0, msg: 'You do not have access to this item' });
    expect(await link(other.token, { item_id: item.id, lesson_id: paidLesson!.id })).toMatchObject({ code: 0, msg: 'You do not have access to this item' });
    expect(await link(owner.token, { item_id: item.id, file_id: otherFile!.id })).toMatchObject({ code: 0, msg: 'The file does not exist' });
    expect(await link(owner.token, { item_id: otherItem.id, file_id: otherFile!.id })).toMatchObject({ code: 0, msg: 'You do not have access to this item' });
    expect(await link(owner.token, { item_id: item.id })).toMatchObject({ code: 0, msg: 'Choose one file or one lesson' });
    expect(await link(owner.token, { item_id: item.id, file_id: file!.id, url: 'x' })).toMatchObject({ code: 0, msg: 'Unknown parameter' });
    // The owner gets short-lived signed links: a download with the original name, a lesson with ranges.
    const download = await link(owner.token, { item_id: item.id, file_id: file!.id });
    expect(download).toMatchObject({ code: 1, data: { url: expect.stringMatching(/^\/download\//) } });
    expect(download.data.expire_time).toBeGreaterThan(Date.now() / 1000);
    const fetched = await ctx.app.inject({ method: 'GET', url: download.data.url });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-disposition']).toContain('attachment');
    expect(fetched.headers['content-disposition']).toContain(encodeURIComponent('素材包.zip'));
    const watch = await link(owner.token, { item_id: item.id, lesson_id: paidLesson!.id });
    const ranged = await ctx.app.inject({ method: 'GET', url: watch.data.url, headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(100);
    // Anybody reaches a free-preview lesson; a tampered link answers an error, not the file.
    expect((await link(other.token, { item_id: item.id, lesson_id: preview!.id })).code).toBe(1);
    const tampered = await ctx.app.inject({ method: 'GET', url: download.data.url.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A')) });
    expect(tampered.statusCode).toBeGreaterThanOrEqual(400);

    const purchases = await kit.call('GET', '/api/purchase/list', owner.token);
    expect(purchases.data.list[0]).toMatchObject({ item: { id: item.id }, files: [{ id: file!.id, name: '素材包.zip' }], lessons: [{ id: paidLesson!.id, chapter: '第一章' }, { id: preview!.id }] });
    expect(JSON.stringify(purchases.data)).not.toContain('demo/');
    expect((await kit.call('GET', '/api/purchase/list', other.token)).data.total).toBe(0);

    // After a full refund the same member gets no new link.
    const { token } = await admins.superAdmin();
    const orderId = (await admins.call('GET', `/admin/shop/order/index?${qs({ quickSearch: purchases.data.list[0].order_no })}`, token)).data.list[0].id;
    expect((await admins.call('POST', '/admin/shop/order/refund', token, { id: orderId, amount: 2000 })).data.full).toBe(true);
    expect(await link(owner.token, { item_id: item.id, file_id: file!.id })).toMatchObject({ code: 0, msg: 'You do not have access to this item' });
    expect((await kit.call('GET', '/api/purchase/list', owner.token)).data.total).toBe(0);
  });
});
