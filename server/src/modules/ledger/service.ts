/**
 * The only way a member's balance (integer cents) or points change: the member row is locked,
 * the new value written and a log row with before/after inserted, all in one transaction.
 * Callers already inside a transaction pass it as `db` so the change joins their work.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema.ts';
import { userMoneyLog, userScoreLog } from './tables.ts';

export type LedgerKind = 'money' | 'score';

export interface LedgerEntry {
  id: number;
  userId: number;
  delta: number;
  before: number;
  after: number;
  memo: string;
  createdAt: Date;
}

export class LedgerError extends Error {
  constructor(
    readonly reason: 'insufficient' | 'unknownMember' | 'invalidAmount',
    message: string,
  ) {
    super(message);
  }
}

export interface ChangeOptions {
  /** Allow the result to go below zero (admin corrections); default false. */
  allowNegative?: boolean;
}

/** Add `delta` (cents or points, may be negative) to a member's balance or points; returns the log entry. */
export async function changeLedger(
  db: Db,
  kind: LedgerKind,
  userId: number,
  delta: number,
  memo: string,
  options: ChangeOptions = {},
): Promise<LedgerEntry> {
  if (!Number.isSafeInteger(delta) || delta === 0) {
    throw new LedgerError('invalidAmount', `ledger amount must be a non-zero integer, got ${delta}`);
  }
  return db.transaction(async (tx) => {
    const column = kind === 'money' ? user.money : user.score;
    const [row] = await tx
      .select({ value: column })
      .from(user)
      .where(eq(user.id, userId))
      .for('update');
    if (!row) throw new LedgerError('unknownMember', `member ${userId} not found`);
    const before = Number(row.value);
    const after = before + delta;
    if (after < 0 && !options.allowNegative) throw new LedgerError('insufficient', 'insufficient balance');
    await tx
      .update(user)
      .set(kind === 'money' ? { money: after, updatedAt: sql`now()` } : { score: after, updatedAt: sql`now()` })
      .where(eq(user.id, userId));
    const memoText = memo.slice(0, 255);
    if (kind === 'money') {
      const [log] = await tx.insert(userMoneyLog).values({ userId, money: delta, before, after, memo: memoText }).returning();
      return { ...log!, delta: log!.money };
    }
    const [log] = await tx.insert(userScoreLog).values({ userId, score: delta, before, after, memo: memoText }).returning();
    return { ...log!, delta: log!.score };
  });
}

export const changeMoney = (db: Db, userId: number, cents: number, memo: string, options?: ChangeOptions) =>
  changeLedger(db, 'money', userId, cents, memo, options);
export const changeScore = (db: Db, userId: number, points: number, memo: string, options?: ChangeOptions) =>
  changeLedger(db, 'score', userId, points, memo, options);

/** A member's log, newest first. */
export async function listLedger(
  db: Db,
  kind: LedgerKind,
  userId: number,
  page: number,
  limit: number,
): Promise<{ list: LedgerEntry[]; total: number }> {
  const table = kind === 'money' ? userMoneyLog : userScoreLog;
  const where = and(eq(table.userId, userId));
  const [{ total }] = (await db.select({ total: count() }).from(table).where(where)) as [{ total: number }];
  const rows = await db
    .select()
    .from(table)
    .where(where)
    .orderBy(desc(table.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const list = rows.map((r) => ({ ...r, delta: 'money' in r ? r.money : (r as typeof userScoreLog.$inferSelect).score }));
  return { list, total: Number(total) };
}

/** Cents → the 2-decimal string shown in the UI ("12.30", "-0.05"): the session module's formatter. */
export { formatMoney as centsToYuan } from '../session/member-info.ts';
