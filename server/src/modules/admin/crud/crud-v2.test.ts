import { HEADER } from '@framecraft/contracts/constants';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/app.ts';
import { rowsOf } from '../../../db/client.ts';
import { notice } from '../../catalogue/tables.ts';
import { smsLog, smsTemplate } from '../../codes/tables.ts';
import { adminKit } from '../test-kit.ts';

/** CRUD v2 (decision 040): exports as jobs, quick search on an index, the SMS template table. */
describe('generic CRUD v2', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof adminKit>;
  let token: string;
  const db = () => ctx.database.db;
  const ROWS = 4321;

  beforeAll(async () => {
    ctx = await createTestApp();
    kit = adminKit(ctx);
    token = (await kit.superAdmin()).token;
    await db().delete(notice);
    // Many notices: every third switched off, names with a comma, a quote and a formula start.
    await db().execute(sql`
      insert into ${notice} (title_zh, title_en, status, weigh, create_time)
      select '公告 ' || n, case when n = 7 then '=cmd|x, "quoted"' else 'Notice ' || n end, case when n % 3 = 0 then 0 else 1 end, n,
             timestamptz '2026-01-02 03:04:05+00' + (n || ' seconds')::interval
      from generate_series(1, ${ROWS}) as n`);
  });
  afterAll(() => ctx.close());

  const columns = [
    { name: 'id', title: 'ID' },
    { name: 'title_en', title: 'Title (English)' },
    { name: 'status', title: 'Status', format: 'switch', labels: { '1': 'On', '0': 'Off' } },
    { name: 'create_time', title: 'Created', format: 'datetime' },
  ];

  async function exportFile(format: 'csv' | 'xlsx', body: object, as = token) {
    const queued = await kit.call('POST', '/admin/shop/notice/export', as, { format, columns, tz_offset: -480, ...body });
    expect(queued).toMatchObject({ code: 1, data: { id: expect.any(Number) } });
    const id = queued.data.id as number;
    // Queued, not built in the request: the job runner builds it.
    expect((await kit.call('GET', `/admin/crud/export/status?id=${id}`, as)).data.state).toBe('queued');
    while ((await ctx.app.jobs.runDue()) > 0);
    const status = await kit.call('GET', `/admin/crud/export/status?id=${id}`, as);
    const file = await ctx.app.inject({ method: 'GET', url: `/admin/crud/export/file?id=${id}`, headers: { server: 'true', [HEADER.adminToken]: as } });
    return { id, status, file };
  }

  it('exports the filtered list as a streamed CSV file through a job, with a download for its admin only', async () => {
    const { id, status, file } = await exportFile('csv', { search: [{ field: 'status', operator: '=', val: '1' }], order: 'id,asc' });
    const expected = ROWS - Math.floor(ROWS / 3);
    expect(status.data).toMatchObject({ state: 'done', rows: expected, file_name: expect.stringMatching(/^shop-notice-\d{14}\.csv$/) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename=/);
    const text = file.body;
    expect(text.startsWith('\uFEFFID,Title (English),Status,Created\r\n')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(expected + 1);
    // Rows in the list's order; dates in the admin's zone (UTC+8); switch labels as sent.
    const first = lines[1]!.split(',');
    expect(first.slice(1)).toEqual(['Notice 1', 'On', '2026-01-02 11:04:06']);
    // Quotes and commas escaped, a formula neutralised.
    expect(lines.find((l) => l.includes('cmd'))).toMatch(/^\d+,"'=cmd\|x, ""quoted""",On,/);

    // Another admin (even a super admin) can neither see its status nor download it.
    const other = (await kit.superAdmin()).token;
    expect(await kit.call('GET', `/admin/crud/export/status?id=${id}`, other)).toMatchObject({ code: 0, msg: 'Record not found' });
    const stolen = await ctx.app.inject({ method: 'GET', url: `/admin/crud/export/file?id=${id}`, headers: { server: 'true', [HEADER.adminToken]: other } });
    expect(stolen.json()).toMatchObject({ code: 0 });
  });

  it('exports XLSX with the streaming workbook writer', async () => {
    const { status, file } = await exportFile('xlsx', { quickSearch: 'Notice 12', order: 'id,asc' });
    // "Notice 12", "Notice 120" … "Notice 1299": 1 + 10 + 100 (quick search on the trigram-indexed titles).
    expect(status.data).toMatchObject({ state: 'done', rows: 111 });
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(112);
    expect(sheet.getRow(1).values).toEqual([undefined, 'ID', 'Title (English)', 'Status', 'Created']);
    expect((sheet.getRow(2).values as unknown[]).slice(2)).toEqual(['Notice 12', 'Off', '2026-01-02 11:04:17']);
  });

  it('refuses unknown export columns and bad filters before queueing', async () => {
    // A hidden column (the order's raw payload) is never exported; an odd name is refused.
    const hidden = await kit.call('POST', '/admin/shop/order/export', token, { format: 'csv', columns: [{ name: 'payload', title: 'x' }] });
    expect(hidden).toMatchObject({ code: 0, msg: 'This field cannot be filtered: payload' });
    expect((await kit.call('POST', '/admin/shop/notice/export', token, { format: 'csv', columns: [{ name: 'a;b', title: 'x' }] })).code).toBe(0);
    const badFilter = await kit.call('POST', '/admin/shop/notice/export', token, { format: 'csv', columns, search: [{ field: 'content_zh', operator: '=', val: 'x' }] });
    expect(badFilter).toMatchObject({ code: 0, msg: 'This field cannot be filtered: content_zh' });
    const badFormat = await kit.call('POST', '/admin/shop/notice/export', token, { format: 'pdf', columns });
    expect(badFormat.code).toBe(0);
    // A v1 table exports too: the member's name through its relation.
    const members = await kit.call('POST', '/admin/shop/cart/export', token, { format: 'csv', columns: [{ name: 'id', title: 'ID' }, { name: 'user.username', title: 'Member' }] });
    expect(members.code).toBe(1);
  });

  it('filters orders by the member\'s username through the relation, and by an amount in cents', async () => {
    const { createMember } = await import('../../../../test/fixtures.ts');
    const { shopOrder } = await import('../../commerce/tables.ts');
    const carol = await createMember(db(), { username: 'carol_orders' });
    const dave = await createMember(db(), { username: 'dave_orders' });
    const expireTime = new Date(Date.now() + 3600_000);
    await db().insert(shopOrder).values([
      { orderNo: 'T0001', userId: carol.id, kind: 'course', amount: 1990, expireTime },
      { orderNo: 'T0002', userId: carol.id, kind: 'course', amount: 5000, expireTime },
      { orderNo: 'T0003', userId: dave.id, kind: 'vip', amount: 1990, expireTime },
    ]);
    const list = (params: string) => kit.call('GET', `/admin/shop/order/index?${params}`, token);
    const byName = await list('search[0][field]=user.username&search[0][operator]=%3D&search[0][val]=carol_orders');
    expect(byName.data.list.map((o: { order_no: string }) => o.order_no)).toEqual(['T0002', 'T0001']);
    expect(byName.data.list[0].user).toMatchObject({ username: 'carol_orders' });
    const likeName = await list('search[0][field]=user.username&search[0][operator]=LIKE&search[0][val]=_orders');
    expect(likeName.data.total).toBe(3);
    const cheap = await list('search[0][field]=amount&search[0][operator]=RANGE&search[0][val]=1000,2000&order=id,asc');
    expect(cheap.data.list.map((o: { order_no: string }) => o.order_no)).toEqual(['T0001', 'T0003']);
    // The quick search reaches the order number (trigram index).
    expect((await list('quickSearch=T000')).data.total).toBe(3);
    // An export of the same filter writes money as yuan and the member's name.
    const queued = await kit.call('POST', '/admin/shop/order/export', token, {
      format: 'csv',
      search: [{ field: 'user.username', operator: '=', val: 'carol_orders' }],
      order: 'id,asc',
      columns: [{ name: 'order_no', title: 'No.' }, { name: 'user.username', title: 'Member' }, { name: 'amount', title: 'Amount' }],
    });
    while ((await ctx.app.jobs.runDue()) > 0);
    const file = await ctx.app.inject({ method: 'GET', url: `/admin/crud/export/file?id=${queued.data.id}`, headers: { server: 'true', [HEADER.adminToken]: token } });
    expect(file.body).toBe('\uFEFFNo.,Member,Amount\r\nT0001,carol_orders,19.90\r\nT0002,carol_orders,50.00\r\n');
  });

  it('every back-office table is on CRUD v2 (decision 050: no v1 declaration left)', () => {
    const tables = [...ctx.app.crudRegistry.values()];
    expect(tables.filter((c) => !c.contract).map((c) => c.controller)).toEqual([]);
    for (const controller of ['shop/topup', 'shop/vip', 'shop/coupon', 'shop/couponClaim', 'user/commission']) expect(ctx.app.crudRegistry.get(controller)?.contract.controller).toBe(controller);
  });

  it('every quick-search field of a v2 table has a trigram index', async () => {
    const indexes = await rowsOf<{ tablename: string; indexdef: string }>(db().execute(sql`select tablename, indexdef from pg_indexes where indexdef like '%gin_trgm_ops%'`));
    const missing: string[] = [];
    for (const crud of ctx.app.crudRegistry.values()) {
      for (const field of crud.quickSearch) {
        if (!indexes.some((i) => i.tablename === crud.tableName && i.indexdef.includes(`(${field} gin_trgm_ops)`))) missing.push(`${crud.controller}.${field}`);
      }
    }
    expect(missing).toEqual([]);
    expect(ctx.app.crudRegistry.size).toBeGreaterThanOrEqual(30);
  });

  it('SMS templates: one per event and provider; the log provider sends with the template text', async () => {
    const add = (body: object) => kit.call('POST', '/admin/shop/smsTemplate/add', token, body);
    expect(await add({ event: 'user_register', provider: 'log', template_code: 'SMS_1', content: '【店】注册验证码 ${code}', status: 1 })).toMatchObject({ code: 1 });
    expect(await add({ event: 'user_register', provider: 'log', content: 'again' })).toMatchObject({ code: 0, msg: 'The same data already exists in the system!' });
    const bad = await add({ event: 'user_nothing', provider: 'carrier-pigeon' });
    expect(bad.data.errors).toMatchObject({ event: expect.stringMatching(/^Must be one of/), provider: 'Must be one of: aliyun, log' });
    const listed = await kit.call('GET', '/admin/shop/smsTemplate/index?quickSearch=SMS_', token);
    expect(listed.data.list).toEqual([expect.objectContaining({ event: 'user_register', provider: 'log', template_code: 'SMS_1' })]);

    const { captchaKit } = await import('../../captcha/test-kit.ts');
    const mobile = `139${String(Date.now()).slice(-8)}`;
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/Sms/send',
      headers: { server: 'true', [HEADER.lang]: 'zh-cn' },
      payload: { mobile, template_code: 'user_register', ...(await captchaKit(ctx).solved()) },
    });
    expect(sent.json()).toMatchObject({ code: 1 });
    const [log] = await rowsOf<{ content: string }>(db().execute(sql`select content from ${smsLog} where mobile = ${mobile}`));
    expect(log!.content).toMatch(/^【店】注册验证码 \d{6}$/);
    expect((await db().select().from(smsTemplate)).length).toBe(1);
  });
});
