import { eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createMember } from '../../../test/fixtures.ts';
import { centsToYuan, changeMoney, changeScore, LedgerError, listLedger } from './index.ts';
import { userMoneyLog, userScoreLog } from './tables.ts';

describe('ledger', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const memberValue = async (id: number) => {
    const [row] = await ctx.database.db.select({ money: user.money, score: user.score }).from(user).where(eq(user.id, id));
    return row!;
  };

  it('records before, after and memo, and refuses to go below zero', async () => {
    const db = ctx.database.db;
    const member = await createMember(db);
    const credit = await changeMoney(db, member.id, 1230, 'top-up');
    expect(credit).toMatchObject({ userId: member.id, delta: 1230, before: 0, after: 1230, memo: 'top-up' });
    const debit = await changeMoney(db, member.id, -1230, 'purchase');
    expect(debit).toMatchObject({ before: 1230, after: 0 });
    await expect(changeMoney(db, member.id, -1, 'overdraw')).rejects.toMatchObject({ reason: 'insufficient' });
    await expect(changeScore(db, member.id, 1.5, 'bad')).rejects.toBeInstanceOf(LedgerError);
    await expect(changeScore(db, 999_999, 1, 'nobody')).rejects.toMatchObject({ reason: 'unknownMember' });
    expect(await memberValue(member.id)).toEqual({ money: 0, score: 0 });
    // the failed overdraw left no log row
    const rows = await db.select().from(userMoneyLog).where(eq(userMoneyLog.userId, member.id));
    expect(rows).toHaveLength(2);
  });

  it('joins a caller transaction: a rollback undoes both the value and the log', async () => {
    const db = ctx.database.db;
    const member = await createMember(db);
    await expect(
      db.transaction(async (tx) => {
        await changeScore(tx, member.id, 50, 'inside');
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    expect((await memberValue(member.id)).score).toBe(0);
    expect(await db.select().from(userScoreLog).where(eq(userScoreLog.userId, member.id))).toHaveLength(0);
  });

  it('keeps points equal to the sum of the log after 200 concurrent grants', async () => {
    const db = ctx.database.db;
    const member = await createMember(db);
    await Promise.all(Array.from({ length: 200 }, (_, i) => changeScore(db, member.id, (i % 7) + 1, `grant ${i}`)));
    const expected = Array.from({ length: 200 }, (_, i) => (i % 7) + 1).reduce((a, b) => a + b, 0);
    const [logged] = await db.select({ total: sum(userScoreLog.score) }).from(userScoreLog).where(eq(userScoreLog.userId, member.id));
    expect((await memberValue(member.id)).score).toBe(expected);
    expect(Number(logged!.total)).toBe(expected);
    // each entry continues from the previous one: no lost update
    const { list, total } = await listLedger(db, 'score', member.id, 1, 200);
    expect(total).toBe(200);
    const ascending = [...list].reverse();
    ascending.forEach((entry, i) => {
      expect(entry.after).toBe(entry.before + entry.delta);
      if (i > 0) expect(entry.before).toBe(ascending[i - 1]!.after);
    });
  });

  it('pages newest first', async () => {
    const db = ctx.database.db;
    const member = await createMember(db);
    for (const memo of ['a', 'b', 'c']) await changeMoney(db, member.id, 100, memo);
    const page = await listLedger(db, 'money', member.id, 1, 2);
    expect(page.total).toBe(3);
    expect(page.list.map((e) => e.memo)).toEqual(['c', 'b']);
    expect((await listLedger(db, 'money', member.id, 2, 2)).list.map((e) => e.memo)).toEqual(['a']);
  });

  it('formats cents as 2-decimal strings', () => {
    expect([centsToYuan(0), centsToYuan(5), centsToYuan(1230), centsToYuan(-5)]).toEqual(['0.00', '0.05', '12.30', '-0.05']);
  });
});

describe('member ledger routes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('lists only the member own entries, newest first, with cents as 2-decimal strings', async () => {
    const db = ctx.database.db;
    const member = await createMember(db);
    const other = await createMember(db);
    await changeMoney(db, member.id, 1230, 'first');
    await changeMoney(db, member.id, -5, 'second');
    await changeMoney(db, other.id, 100, 'not mine');
    const { token } = await ctx.app.tokens.issue('user', member.id);
    const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { server: 'true', 'think-lang': 'en', 'ba-user-token': token } });
    const balance = (await get('/api/account/balance?page=1&limit=10')).json();
    expect(balance.data.total).toBe(2);
    expect(balance.data.list.map((e: { memo: string; money: string; after: string }) => [e.memo, e.money, e.after])).toEqual([
      ['second', '-0.05', '12.25'],
      ['first', '12.30', '12.30'],
    ]);
    expect((await get('/api/account/integral')).json().data).toEqual({ list: [], total: 0 });
    expect((await get('/api/account/balance?limit=101')).json().code).toBe(0);
  });
});
