import { verify } from '@node-rs/argon2';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { user } from './tables.ts';
import { userMoneyLog, userScoreLog } from '../ledger/index.ts';
import { adminLog } from '../admin/tables.ts';
import { adminKit, qs } from '../admin/test-kit.ts';

const key = () => randomUUID();

describe('member back office: members, groups, rules, balance and points adjustments', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof adminKit>;
  let superToken: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    kit = adminKit(ctx);
    superToken = (await kit.superAdmin()).token;
  });
  afterAll(() => ctx.close());

  const addMember = (body: Record<string, unknown>) =>
    kit.call('POST', '/admin/user/user/add', superToken, { nickname: 'Nick', group_id: 1, password: 'secret123', ...body });

  it('adds a member with a hashed password and an invite code, and refuses taken names, e-mails and mobiles', async () => {
    const added = await addMember({ username: 'backoffice1', email: 'bo1@example.com', mobile: '13800138001' });
    expect(added).toMatchObject({ code: 1 });
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, added.data.id));
    expect(await verify(row!.password, 'secret123')).toBe(true);
    expect(row!.inviteCode).toMatch(/^[A-Z0-9]{6,16}$/);
    expect(row!.money).toBe(0);

    expect((await addMember({ username: 'BackOffice1' })).msg).toBe('This username is already used by another member');
    expect((await addMember({ username: 'backoffice2', email: 'BO1@example.com' })).msg).toBe('This e-mail address is already used by another member');
    expect((await addMember({ username: 'backoffice3', mobile: '13800138001' })).msg).toBe('This mobile number is already used by another member');
    expect((await addMember({ username: '1bad' })).code).toBe(0);

    // The list never shows the password; money and points cannot be written through the form.
    const list = await kit.call('GET', `/admin/user/user/index?${qs({ quickSearch: 'backoffice1' })}`, superToken);
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).not.toHaveProperty('password');
    expect(list.data.list[0].group.name).toBeTruthy();
    const edited = await kit.call('POST', '/admin/user/user/edit', superToken, { id: added.data.id, username: 'backoffice1', nickname: 'Renamed', group_id: 1, money: 999999, score: 5 });
    expect(edited.code).toBe(1);
    const [after] = await ctx.database.db.select().from(user).where(eq(user.id, added.data.id));
    expect(after).toMatchObject({ nickname: 'Renamed', money: 0, score: 0 });
    expect(after!.password).toBe(row!.password);
  });

  it('adjusts balance and points only through the ledger: logged with before/after, never below zero', async () => {
    const member = (await addMember({ username: 'ledgered' })).data.id as number;
    const credit = await kit.call('POST', '/admin/user/moneyLog/add', superToken, { idempotency_key: key(), user_id: member, money: '12.30', memo: 'Goodwill' });
    expect(credit).toMatchObject({ code: 1 });
    const debit = await kit.call('POST', '/admin/user/moneyLog/add', superToken, { idempotency_key: key(), user_id: member, money: '-2.3', memo: 'Correction' });
    expect(debit.code).toBe(1);
    expect((await kit.call('POST', '/admin/user/moneyLog/add', superToken, { idempotency_key: key(), user_id: member, money: '-10.01', memo: 'Too much' })).msg).toBe('The balance cannot go below zero');
    for (const money of ['0', '0.00', '1.234', 'abc', '']) {
      expect((await kit.call('POST', '/admin/user/moneyLog/add', superToken, { user_id: member, money, memo: 'x' })).code).toBe(0);
    }
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, member));
    expect(row!.money).toBe(1000);
    const [{ sum }] = (await ctx.database.db.select({ sum: sql<number>`sum(${userMoneyLog.money})::int` }).from(userMoneyLog).where(eq(userMoneyLog.userId, member))) as [{ sum: number }];
    expect(sum).toBe(row!.money);
    const logs = await kit.call('GET', `/admin/user/moneyLog/index?${qs({ search: [{ field: 'user_id', val: member, operator: '=' }] })}`, superToken);
    expect(logs.data.list.map((l: { money: number; before: number; after: number }) => [l.money, l.before, l.after])).toEqual([
      [-230, 1230, 1000],
      [1230, 0, 1230],
    ]);
    expect(logs.data.list[0].user.username).toBe('ledgered');

    expect((await kit.call('POST', '/admin/user/scoreLog/add', superToken, { idempotency_key: key(), user_id: member, score: 50, memo: 'Event' })).code).toBe(1);
    expect((await kit.call('POST', '/admin/user/scoreLog/add', superToken, { idempotency_key: key(), user_id: member, score: -51, memo: 'x' })).msg).toBe('The points cannot go below zero');
    const [scored] = await ctx.database.db.select().from(userScoreLog).where(eq(userScoreLog.userId, member));
    expect(scored).toMatchObject({ score: 50, before: 0, after: 50, memo: 'Event' });
    expect((await kit.call('POST', '/admin/user/moneyLog/add', superToken, { idempotency_key: key(), user_id: 99999999, money: '1', memo: 'x' })).code).toBe(0);
  });

  it('credits a retried adjustment once: same key, same entry, one admin log row written with it', async () => {
    const member = (await addMember({ username: 'retried' })).data.id as number;
    const body = { idempotency_key: key(), user_id: member, money: '5.00', memo: 'Retry me' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => kit.call('POST', '/admin/user/moneyLog/add', superToken, body)));
    expect(answers.map((a) => a.code)).toEqual([1, 1, 1, 1, 1]);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    const again = await kit.call('POST', '/admin/user/moneyLog/add', superToken, body);
    expect(again.data.id).toBe(answers[0]!.data.id);
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, member));
    expect(row!.money).toBe(500);
    const [entry] = await ctx.database.db.select().from(userMoneyLog).where(eq(userMoneyLog.userId, member));
    expect(entry).toMatchObject({ kind: 'admin', refType: 'admin_adjustment', refId: body.idempotency_key, memo: 'Retry me', adminId: expect.any(Number) });
    // one admin log row for the adjustment, however often it was sent
    const logged = await ctx.database.db.select().from(adminLog).where(and(eq(adminLog.url, '/admin/user/moneyLog/add'), sql`${adminLog.data}->>'idempotency_key' = ${body.idempotency_key}`));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.adminId).toBe(entry!.adminId);
    // the key cannot be reused for another amount or member
    expect((await kit.call('POST', '/admin/user/moneyLog/add', superToken, { ...body, money: '6.00' })).code).toBe(0);
    // points: the same rule
    const points = { idempotency_key: key(), user_id: member, score: 7, memo: 'Points retry' };
    await kit.call('POST', '/admin/user/scoreLog/add', superToken, points);
    await kit.call('POST', '/admin/user/scoreLog/add', superToken, points);
    const [scored] = await ctx.database.db.select().from(user).where(eq(user.id, member));
    expect(scored!.score).toBe(7);
  });

  it('writes the admin log of a refused adjustment too (outside the rolled-back transaction)', async () => {
    const member = (await addMember({ username: 'refused' })).data.id as number;
    const body = { idempotency_key: key(), user_id: member, money: '-1', memo: 'Too early' };
    expect((await kit.call('POST', '/admin/user/moneyLog/add', superToken, body)).code).toBe(0);
    const logged = await ctx.database.db.select().from(adminLog).where(sql`${adminLog.data}->>'idempotency_key' = ${body.idempotency_key}`);
    expect(logged).toHaveLength(1);
  });

  it('needs the node for every action: a viewer of the logs cannot adjust them', async () => {
    const viewer = await kit.adminWith(['user', 'user/moneyLog', 'user/moneyLog/index']);
    expect((await kit.call('GET', '/admin/user/moneyLog/index', viewer.token)).code).toBe(1);
    expect((await kit.call('POST', '/admin/user/moneyLog/add', viewer.token, { idempotency_key: key(), user_id: 1, money: '1', memo: 'x' })).code).toBe(401);
    expect((await kit.call('GET', '/admin/user/user/index', viewer.token)).code).toBe(401);
  });

  it('keeps groups that members belong to, and edits the member rule tree', async () => {
    const group = await kit.call('POST', '/admin/user/group/add', superToken, { name: 'Partners', rules: '*', status: 1 });
    expect(group.code).toBe(1);
    const member = (await addMember({ username: 'partner1', group_id: group.data.id })).data.id as number;
    expect((await kit.call('DELETE', `/admin/user/group/del?${qs({ ids: [group.data.id] })}`, superToken)).msg).toBe(
      'Members still belong to this group; move them to another group first',
    );
    await kit.call('DELETE', `/admin/user/user/del?${qs({ ids: [member] })}`, superToken);
    expect((await kit.call('DELETE', `/admin/user/group/del?${qs({ ids: [group.data.id] })}`, superToken)).code).toBe(1);
    expect((await kit.call('POST', '/admin/user/group/add', superToken, { name: 'Bad', rules: 'all of them' })).code).toBe(0);

    const rules = await kit.call('GET', '/admin/user/rule/index', superToken);
    expect(rules.code).toBe(1);
    expect(rules.data.list.length).toBeGreaterThan(0);
    const rule = await kit.call('POST', '/admin/user/rule/add', superToken, { pid: 0, type: 'menu', title: 'Downloads', name: 'account/downloads', path: '/user/downloads' });
    expect(rule.code).toBe(1);
  });
});
