import { and, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createMember } from '../../../test/fixtures.ts';
import { changeMoney, changeScore, LedgerError, listLedger, type LedgerChange } from './index.ts';
import { userMoneyLog, userScoreLog } from './tables.ts';

let refs = 0;
/** A change with a fresh reference unless one is given. */
const event = (userId: number, delta: number, extra: Partial<LedgerChange> = {}): LedgerChange => ({
  userId,
  delta,
  kind: 'topup',
  refType: 'test',
  refId: `ref-${process.pid}-${++refs}`,
  ...extra,
});

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
  const moneyLogSum = async (id: number) => {
    const [row] = await ctx.database.db.select({ total: sum(userMoneyLog.money) }).from(userMoneyLog).where(eq(userMoneyLog.userId, id));
    return Number(row!.total ?? 0);
  };

  it('records kind, reference, before, after and memo, and refuses to go below zero', async () => {
    const db = ctx.database.db;
    const member = await createMember(db);
    const credit = await changeMoney(db, event(member.id, 1230, { memo: 'top-up', kind: 'topup', refType: 'payment', refId: 'p-1' }));
    expect(credit).toMatchObject({ userId: member.id, delta: 1230, before: 0, after: 1230, memo: 'top-up', kind: 'topup', refType: 'payment', refId: 'p-1', adminId: null });
    const debit = await changeMoney(db, event(member.id, -1230, { kind: 'purchase' }));
    expect(debit).toMatchObject({ before: 1230, after: 0 });
    await expect(changeMoney(db, event(member.id, -1, { kind: 'purchase' }))).rejects.toMatchObject({ reason: 'insufficient' });
    await expect(changeScore(db, event(member.id, 1.5))).rejects.toBeInstanceOf(LedgerError);
    await expect(changeScore(db, event(member.id, 0))).rejects.toMatchObject({ reason: 'invalidAmount' });
    await expect(changeScore(db, event(member.id, 1, { refId: '' }))).rejects.toMatchObject({ reason: 'invalidAmount' });
    await expect(changeScore(db, event(999_999, 1))).rejects.toMatchObject({ reason: 'unknownMember' });
    expect(await memberValue(member.id)).toEqual({ money: 0, score: 0 });
    // the failed overdraw left no log row
    expect(await db.select().from(userMoneyLog).where(eq(userMoneyLog.userId, member.id))).toHaveLength(2);
    // an admin correction may go below zero when asked to, and names the admin
    const correction = await changeMoney(db, event(member.id, -5, { kind: 'admin', adminId: 1, allowNegative: true }));
    expect(correction).toMatchObject({ after: -5, adminId: 1 });
  });

  it('applies a reference once: a replay changes nothing and reports the first entry', async () => {
    const db = ctx.database.db;
    const member = await createMember(db);
    const change = event(member.id, 500, { kind: 'refund', refType: 'order', refId: 'order-42' });
    const first = await changeMoney(db, change);
    const replay = await changeMoney(db, change).catch((e: unknown) => e);
    expect(replay).toBeInstanceOf(LedgerError);
    expect(replay).toMatchObject({ reason: 'duplicate', existing: { id: first.id, delta: 500, after: 500 } });
    // a different amount under the same reference is still the same event: nothing moves
    await expect(changeMoney(db, { ...change, delta: 900 })).rejects.toMatchObject({ reason: 'duplicate' });
    // the same reference of another kind, or in the points log, is another event
    await changeMoney(db, { ...change, kind: 'commission' });
    await changeScore(db, change);
    expect(await memberValue(member.id)).toEqual({ money: 1000, score: 500 });
    // another member cannot reuse the reference either
    const other = await createMember(db);
    await expect(changeMoney(db, { ...change, userId: other.id })).rejects.toMatchObject({ reason: 'duplicate', existing: { userId: member.id } });
    expect((await memberValue(other.id)).money).toBe(0);
  });

  it('a replay inside a caller transaction leaves that transaction usable', async () => {
    const db = ctx.database.db;
    const member = await createMember(db);
    const change = event(member.id, 300, { kind: 'vip', refType: 'vip_order', refId: 'v-7' });
    await changeMoney(db, change);
    const outcome = await db.transaction(async (tx) => {
      const replay = await changeMoney(tx, change).catch((e: unknown) => e);
      expect(replay).toMatchObject({ reason: 'duplicate' });
      // the transaction goes on: a later statement and change still work and commit
      return changeMoney(tx, event(member.id, 1));
    });
    expect(outcome.after).toBe(301);
    expect(await memberValue(member.id)).toMatchObject({ money: 301 });
  });

  it('joins a caller transaction: a rollback undoes both the value and the log', async () => {
    const db = ctx.database.db;
    const member = await createMember(db);
    await expect(
      db.transaction(async (tx) => {
        await changeScore(tx, event(member.id, 50, { kind: 'checkin' }));
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    expect((await memberValue(member.id)).score).toBe(0);
    expect(await db.select().from(userScoreLog).where(eq(userScoreLog.userId, member.id))).toHaveLength(0);
  });

  it('credits once under 50 concurrent replays of the same reference', async () => {
    const db = ctx.database.db;
    const member = await createMember(db);
    const change = event(member.id, 1990, { kind: 'topup', refType: 'payment', refId: 'concurrent-1' });
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => changeMoney(db, change)));
    const applied = outcomes.filter((o) => o.status === 'fulfilled');
    expect(applied).toHaveLength(1);
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toMatchObject({ reason: 'duplicate', existing: { delta: 1990 } });
    expect((await memberValue(member.id)).money).toBe(1990);
    expect(await moneyLogSum(member.id)).toBe(1990);
    const rows = await db.select().from(userMoneyLog).where(and(eq(userMoneyLog.kind, 'topup'), eq(userMoneyLog.refId, 'concurrent-1')));
    expect(rows).toHaveLength(1);
  });

  it('applies 50 concurrent different references, each once, never below zero', async () => {
    const db = ctx.database.db;
    const member = await createMember(db);
    await changeMoney(db, event(member.id, 1000));
    // 25 credits of 10 and 25 debits of 60: whatever the order, the balance never goes negative
    const changes = Array.from({ length: 50 }, (_, i) => (i % 2 ? event(member.id, -60, { kind: 'purchase' }) : event(member.id, 10)));
    const outcomes = await Promise.allSettled(changes.map((c) => changeMoney(db, c)));
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toMatchObject({ reason: 'insufficient' });
    const { money } = await memberValue(member.id);
    expect(money).toBeGreaterThanOrEqual(0);
    expect(money).toBe(await moneyLogSum(member.id));
    // every credit applied; only debits may be refused
    outcomes.forEach((o, i) => i % 2 === 0 && expect(o.status).toBe('fulfilled'));
    // each entry continues from the previous one: no lost update
    const { list } = await listLedger(db, 'money', member.id, 1, 100);
    const ascending = [...list].reverse();
    ascending.forEach((entry, i) => {
      expect(entry.after).toBe(entry.before + entry.delta);
      expect(entry.after).toBeGreaterThanOrEqual(0);
      if (i > 0) expect(entry.before).toBe(ascending[i - 1]!.after);
    });
  });

  it('keeps points equal to the sum of the log after 200 concurrent grants', async () => {
    const db = ctx.database.db;
    const member = await createMember(db);
    await Promise.all(Array.from({ length: 200 }, (_, i) => changeScore(db, event(member.id, (i % 7) + 1, { kind: 'checkin' }))));
    const expected = Array.from({ length: 200 }, (_, i) => (i % 7) + 1).reduce((a, b) => a + b, 0);
    const [logged] = await db.select({ total: sum(userScoreLog.score) }).from(userScoreLog).where(eq(userScoreLog.userId, member.id));
    expect((await memberValue(member.id)).score).toBe(expected);
    expect(Number(logged!.total)).toBe(expected);
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
    for (const memo of ['a', 'b', 'c']) await changeMoney(db, event(member.id, 100, { memo }));
    const page = await listLedger(db, 'money', member.id, 1, 2);
    expect(page.total).toBe(3);
    expect(page.list.map((e) => e.memo)).toEqual(['c', 'b']);
    expect((await listLedger(db, 'money', member.id, 2, 2)).list.map((e) => e.memo)).toEqual(['a']);
  });
});

describe('member ledger routes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('lists only the member own entries, newest first, amounts in integer cents with their kind', async () => {
    const db = ctx.database.db;
    const member = await createMember(db);
    const other = await createMember(db);
    await changeMoney(db, event(member.id, 1230, { memo: 'first' }));
    await changeMoney(db, event(member.id, -5, { memo: 'second', kind: 'purchase', refType: 'order', refId: 'o-1' }));
    await changeMoney(db, event(other.id, 100, { memo: 'not mine' }));
    const { token } = await ctx.app.tokens.issue('user', member.id);
    const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { server: 'true', 'think-lang': 'en', 'ba-user-token': token } });
    const balance = (await get('/api/account/balance?page=1&limit=10')).json();
    expect(balance.data.total).toBe(2);
    expect(balance.data.list.map((e: { memo: string; money: number; after: number; kind: string }) => [e.memo, e.kind, e.money, e.after])).toEqual([
      ['second', 'purchase', -5, 1225],
      ['first', 'topup', 1230, 1230],
    ]);
    expect(balance.data.list[0]).toMatchObject({ ref_type: 'order', ref_id: 'o-1', before: 1230 });
    expect((await get('/api/account/integral')).json().data).toEqual({ list: [], total: 0 });
    expect((await get('/api/account/balance?limit=101')).json().code).toBe(0);
  });
});
