import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/app.ts';
import { department, job, securityDataRecycleLog, securitySensitiveDataLog } from '../tables.ts';
import { adminKit, qs } from '../test-kit.ts';

describe('generic CRUD (departments and jobs)', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof adminKit>;
  let token: string;
  const base = '/admin/organization/department';
  const list = async (params: Record<string, unknown>, lang = 'en') => kit.call('GET', `${base}/index?${qs(params)}`, token, undefined, lang);
  const names = (answer: { data: { list: { name: string }[] } }) => answer.data.list.map((r) => r.name);

  beforeAll(async () => {
    ctx = await createTestApp();
    kit = adminKit(ctx);
    token = (await kit.superAdmin()).token;
    const db = ctx.database.db;
    const rows = [
      { name: 'Sales', responsible: 'Ann', phone: '010-1000', email: 'sales@example.com', status: 1, weigh: 50, createtime: new Date('2024-01-01T00:00:00Z') },
      { name: 'Support', responsible: 'Bob', phone: '010-2000', email: 'help@example.com', status: 1, weigh: 40, createtime: new Date('2024-02-01T00:00:00Z') },
      { name: 'Studio', responsible: 'Cai', phone: '', email: '', status: 0, weigh: 40, createtime: new Date('2024-03-01T00:00:00Z') },
      { name: 'Finance_100%', responsible: '', phone: '', email: '', status: 1, weigh: 10, createtime: new Date('2024-04-01T00:00:00Z') },
    ];
    const inserted = await db.insert(department).values(rows).returning();
    await db.insert(department).values({ pid: inserted[0]!.id, name: 'Sales East', weigh: 5 });
  });
  afterAll(() => ctx.close());

  it('lists with paging, total, default order and the primary key as tie-breaker', async () => {
    const flat = [{ field: 'weigh', operator: '>=', val: '0' }];
    const page1 = await list({ limit: 2, page: 1, order: 'weigh,desc', search: flat });
    expect(page1).toMatchObject({ code: 1, data: { total: 5, remark: '' } });
    // Same weight (40): the higher id first when descending …
    expect(names(page1)).toEqual(['Sales', 'Studio']);
    const page2 = await list({ limit: 2, page: 2, order: 'weigh,desc', search: flat });
    expect(names(page2)).toEqual(['Support', 'Finance_100%']);
    // … and the lower id first when ascending.
    const asc = await list({ limit: 10, order: 'weigh,asc', search: flat });
    expect(names(asc)).toEqual(['Sales East', 'Finance_100%', 'Support', 'Studio', 'Sales']);
    expect(names(await list({ limit: 10, quickSearch: 'HELP@' }))).toEqual(['Support']);
  });

  it('returns the whole tree when unfiltered, with the parent relation attached', async () => {
    const tree = await list({});
    expect(names(tree)).toEqual(['Sales', 'Studio', 'Support', 'Finance_100%']);
    const sales = tree.data.list[0];
    expect(sales.children.map((c: { name: string }) => c.name)).toEqual(['Sales East']);
    expect(sales.children[0].parent).toEqual({ id: sales.id, name: 'Sales' });
    expect(sales.createtime).toBe(Date.parse('2024-01-01T00:00:00Z') / 1000);
  });

  it('applies every conventions operator', async () => {
    const search = async (field: string, operator: string, val: string) =>
      names(await list({ limit: 50, order: 'id,asc', search: [{ field, operator, val }] }));
    expect(await search('name', '=', 'Sales')).toEqual(['Sales']);
    expect(await search('status', '<>', '1')).toEqual(['Studio']);
    expect(await search('name', 'LIKE', 'sal')).toEqual(['Sales', 'Sales East']);
    expect(await search('name', 'LIKE', '_100%')).toEqual(['Finance_100%']); // wildcards are literal
    expect(await search('name', 'NOT LIKE', 's')).toEqual(['Finance_100%']);
    expect(await search('weigh', '>', '40')).toEqual(['Sales']);
    expect(await search('weigh', '>=', '40')).toEqual(['Sales', 'Support', 'Studio']);
    expect(await search('weigh', '<', '10')).toEqual(['Sales East']);
    expect(await search('weigh', '<=', '10')).toEqual(['Finance_100%', 'Sales East']);
    expect(await search('phone', 'FIND_IN_SET', '010-2000')).toEqual(['Support']);
    expect(await search('responsible', 'IN', 'Ann,Cai')).toEqual(['Sales', 'Studio']);
    expect(await search('responsible', 'NOT IN', 'Ann,Cai,')).toEqual(['Support', 'Finance_100%', 'Sales East']);
    expect(await search('weigh', 'RANGE', '10,40')).toEqual(['Support', 'Studio', 'Finance_100%']);
    expect(await search('weigh', 'RANGE', '41,')).toEqual(['Sales']);
    expect(await search('weigh', 'NOT RANGE', ',40')).toEqual(['Sales']);
    expect(await search('createtime', 'RANGE', '2024-01-15 00:00:00,2024-03-15 00:00:00')).toEqual(['Support', 'Studio']);
    expect(await search('createtime', '<', String(Date.parse('2024-01-15T00:00:00Z') / 1000))).toEqual(['Sales']);
    const db = ctx.database.db;
    await db.update(department).set({ email: '' }).where(eq(department.name, 'Sales East'));
    expect(await search('email', '=', '')).toEqual(['Studio', 'Finance_100%', 'Sales East']);
    expect(await search('pid', 'NOT NULL', '')).toHaveLength(5);
    expect(await search('pid', 'NULL', '')).toEqual([]);
  });

  it('rejects undeclared fields, unknown operators and bad values with translated messages', async () => {
    expect(await list({ search: [{ field: 'password', operator: '=', val: 'x' }] })).toMatchObject({
      code: 0,
      msg: 'This field cannot be filtered: password',
    });
    expect((await list({ search: [{ field: 'name', operator: 'REGEXP', val: 'x' }] }, 'zh-cn')).msg).toBe('未知的筛选操作符：REGEXP');
    expect((await list({ order: 'phone;drop table job,asc' })).msg).toBe('This field cannot be sorted: phone;drop table job');
    expect((await list({ search: [{ field: 'weigh', operator: '>', val: 'abc' }] })).msg).toBe('Must be a number');
    expect((await list({ search: [{ field: 'weigh', operator: 'RANGE', val: '1' }] })).msg).toBe('A range needs two values separated by a comma');
  });

  it('preloads remote-select values with initKey/initValue and serves select lookups', async () => {
    const all = await list({ limit: 50, order: 'id,asc', search: [{ field: 'name', operator: 'LIKE', val: 'S' }] });
    const [a, b] = all.data.list;
    const init = await list({ initKey: 'id', initValue: `${a.id},${b.id}`, select: 'true' });
    expect(init.data.list.map((r: { id: number }) => r.id).sort()).toEqual([a.id, b.id].sort());
    const lookup = await list({ select: 'true', quickSearch: 'east' });
    expect(names(lookup)).toEqual(['Sales East']);
  });

  it('adds and edits with translated field messages; unknown fields are ignored', async () => {
    const bad = await kit.call('POST', `${base}/add`, token, { name: '', email: 'nope', phone: 'x' }, 'zh-cn');
    expect(bad.code).toBe(0);
    expect(Object.keys(bad.data.errors).sort()).toEqual(['email', 'name', 'phone']);
    expect(bad.data.errors.name).toBe('必填项');
    const added = await kit.call('POST', `${base}/add`, token, { name: 'Legal', responsible: 'Dee', id: 999_999, createtime: 1, bogus: 'x' });
    expect(added).toMatchObject({ code: 1, msg: 'Added successfully' });
    const id = added.data.id as number;
    expect(id).not.toBe(999_999);
    const got = await kit.call('GET', `${base}/edit?id=${id}`, token);
    expect(got.data.row).toMatchObject({ id, name: 'Legal', responsible: 'Dee', status: 1, weigh: id });
    expect(got.data.row.createtime).toBeGreaterThan(1_700_000_000);
    const edited = await kit.call('POST', `${base}/edit`, token, { id, name: 'Legal & Compliance', responsible: 'Eve' });
    expect(edited).toMatchObject({ code: 1, msg: 'Updated successfully' });
    expect((await kit.call('GET', `${base}/edit?id=${id}`, token)).data.row.name).toBe('Legal & Compliance');
    expect(await kit.call('POST', `${base}/edit`, token, { id, pid: id, name: 'Loop' })).toMatchObject({ code: 0, msg: 'A record cannot be its own parent' });
    expect(await kit.call('GET', `${base}/edit?id=123456789`, token)).toMatchObject({ code: 0, msg: 'Record not found' });
  });

  it('logs sensitive edits with before/after and rolls them back', async () => {
    const [row] = await ctx.database.db.insert(department).values({ name: 'Audit', phone: '111' }).returning();
    await kit.call('POST', `${base}/edit`, token, { id: row!.id, name: 'Audit', phone: '222' });
    const [log] = await ctx.database.db.select().from(securitySensitiveDataLog).where(eq(securitySensitiveDataLog.idValue, row!.id));
    expect(log).toMatchObject({ dataField: 'phone', before: '111', after: '222', dataTable: 'department' });
    const listed = await kit.call('GET', `/admin/security/sensitiveDataLog/index?${qs({ search: [{ field: 'id_value', operator: '=', val: row!.id }] })}`, token);
    expect(listed.data.total).toBe(1);
    const rolled = await kit.call('POST', '/admin/security/sensitiveDataLog/rollback', token, { ids: [log!.id] });
    expect(rolled).toMatchObject({ code: 1, msg: 'Rolled back successfully' });
    expect((await kit.call('GET', `${base}/edit?id=${row!.id}`, token)).data.row.phone).toBe('111');
  });

  it('deletes in one transaction with a recycle copy, refuses parents, and restores', async () => {
    const all = await list({ limit: 50, order: 'id,asc', search: [{ field: 'name', operator: 'IN', val: 'Sales,Support,Studio' }] });
    const [sales, support, studio] = all.data.list as { id: number; name: string }[];
    // Sales still has a child that is not deleted with it: nothing is deleted.
    const refused = await kit.call('DELETE', `${base}/del?${qs({ ids: [support!.id, sales!.id] })}`, token);
    expect(refused).toMatchObject({ code: 0, msg: 'This record still has child records; delete them first' });
    expect(await list({ limit: 50, search: [{ field: 'id', operator: '=', val: support!.id }] })).toMatchObject({ data: { total: 1 } });

    const deleted = await kit.call('DELETE', `${base}/del?${qs({ ids: [support!.id, studio!.id] })}`, token);
    expect(deleted).toMatchObject({ code: 1, msg: 'Deleted successfully', data: { count: 2 } });
    const bin = await ctx.database.db.select().from(securityDataRecycleLog).where(eq(securityDataRecycleLog.dataTable, 'department'));
    expect(bin.map((b) => b.data.name).sort()).toEqual(['Studio', 'Support']);
    expect(await kit.call('DELETE', `${base}/del?${qs({ ids: [support!.id] })}`, token)).toMatchObject({ code: 0, msg: 'No records were deleted' });

    const supportLog = bin.find((b) => b.data.name === 'Support')!;
    expect(await kit.call('POST', '/admin/security/dataRecycleLog/restore', token, { ids: [supportLog.id] })).toMatchObject({ code: 1, msg: 'Restored successfully' });
    const back = await kit.call('GET', `${base}/edit?id=${support!.id}`, token);
    expect(back.data.row).toMatchObject({ id: support!.id, name: 'Support', responsible: 'Bob', createtime: Date.parse('2024-02-01T00:00:00Z') / 1000 });
    // Restoring a row whose id is taken again is refused, and the log entry stays.
    const studioLog = bin.find((b) => b.data.name === 'Studio')!;
    await ctx.database.db.insert(department).values({ id: studio!.id, name: 'Squatter' });
    expect(await kit.call('POST', '/admin/security/dataRecycleLog/restore', token, { ids: [studioLog.id] })).toMatchObject({
      code: 0,
      msg: 'A record with the same id already exists, so it cannot be restored',
    });
    expect(await ctx.database.db.select().from(securityDataRecycleLog).where(eq(securityDataRecycleLog.id, studioLog.id))).toHaveLength(1);
  });

  it('drag-sorts by re-weighting, and unique codes answer "already exists"', async () => {
    const jobs = '/admin/organization/job';
    const ids: number[] = [];
    for (const code of ['A', 'B', 'C', 'D']) ids.push((await kit.call('POST', `${jobs}/add`, token, { name: `Job ${code}`, code })).data.id);
    const order = async () => (await kit.call('GET', `${jobs}/index?limit=10`, token)).data.list.map((r: { code: string }) => r.code);
    expect(await order()).toEqual(['D', 'C', 'B', 'A']);
    expect(await kit.call('POST', `${jobs}/sortable`, token, { id: ids[0], targetId: ids[3] })).toMatchObject({ code: 1 });
    expect(await order()).toEqual(['A', 'D', 'C', 'B']);
    await kit.call('POST', `${jobs}/sortable`, token, { id: ids[3], targetId: ids[1] });
    expect(await order()).toEqual(['A', 'C', 'B', 'D']);
    const weights = (await ctx.database.db.select({ w: job.weigh }).from(job)).map((r) => r.w).sort();
    expect(new Set(weights).size).toBe(4);
    expect(await kit.call('POST', `${jobs}/add`, token, { name: 'Dup', code: 'A' })).toMatchObject({ code: 0, msg: 'The same data already exists in the system!' });
  });
});
