/**
 * The only way a member's balance (integer cents) or points change (decision 019): the member row
 * is locked, the log entry inserted with its business reference, the new value written — all in
 * one transaction. Callers already inside a transaction pass it as `db`; the change then runs in a
 * savepoint of the caller's transaction and commits or rolls back with it.
 *
 * At most once: (kind, ref_type, ref_id) is unique. The entry is inserted with
 * `on conflict do nothing` before the balance moves, so a replay of the same reference finds the
 * first entry, changes nothing and fails with `LedgerError('duplicate')` carrying that entry —
 * without a unique violation, which on PostgreSQL would abort the caller's transaction.
 */
import type { LedgerAccount, LedgerKind } from '@framecraft/contracts/ledger';
import { LEDGER_REF_ID_MAX, LEDGER_REF_TYPE_MAX } from '@framecraft/contracts/ledger';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockMemberBalance, writeMemberBalance } from '../member-access/index.ts';
import { userMoneyLog, userScoreLog } from './tables.ts';

export type { LedgerAccount, LedgerKind };

export interface LedgerEntry {
  id: number;
  userId: number;
  /** Cents (money) or points (score); negative for a debit. */
  delta: number;
  before: number;
  after: number;
  memo: string;
  kind: LedgerKind;
  refType: string;
  refId: string;
  adminId: number | null;
  createdAt: Date;
}

/** One business event's change of a member's balance or points. */
export interface LedgerChange {
  userId: number;
  /** Cents or points, a non-zero safe integer; negative debits. */
  delta: number;
  kind: LedgerKind;
  /** What the reference points at (`order`, `user_check_in`, `admin_adjustment` …). */
  refType: string;
  refId: string;
  /** Display text, shown as written. */
  memo?: string;
  /** The acting admin, when there is one. */
  adminId?: number | null;
  /** Allow the result to go below zero (admin corrections); default false. */
  allowNegative?: boolean;
}

export type LedgerErrorReason = 'insufficient' | 'unknownMember' | 'invalidAmount' | 'duplicate';

export class LedgerError extends Error {
  override name = 'LedgerError';
  constructor(
    readonly reason: LedgerErrorReason,
    message: string,
    /** On `duplicate`: the entry the reference already produced. */
    readonly existing?: LedgerEntry,
  ) {
    super(message);
  }
}

type MoneyRow = typeof userMoneyLog.$inferSelect;
type ScoreRow = typeof userScoreLog.$inferSelect;

const entryOf = (row: MoneyRow | ScoreRow): LedgerEntry => {
  const { money, score, ...rest } = row as MoneyRow & ScoreRow;
  return { ...rest, kind: rest.kind as LedgerKind, delta: 'money' in row ? money : score };
};

const tableOf = (account: LedgerAccount) => (account === 'money' ? userMoneyLog : userScoreLog);

/** The entry a reference produced, if any. */
export async function findLedgerEntry(db: Db, account: LedgerAccount, kind: LedgerKind, refType: string, refId: string): Promise<LedgerEntry | null> {
  const table = tableOf(account);
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.kind, kind), eq(table.refType, refType), eq(table.refId, refId)))
    .limit(1);
  return row ? entryOf(row) : null;
}

function check(change: LedgerChange) {
  const { delta, refType, refId } = change;
  if (!Number.isSafeInteger(delta) || delta === 0) {
    throw new LedgerError('invalidAmount', `ledger amount must be a non-zero integer, got ${delta}`);
  }
  if (!refType || refType.length > LEDGER_REF_TYPE_MAX || !refId || refId.length > LEDGER_REF_ID_MAX) {
    throw new LedgerError('invalidAmount', `ledger reference must be 1-${LEDGER_REF_TYPE_MAX} / 1-${LEDGER_REF_ID_MAX} characters`);
  }
}

async function change(db: Db, account: LedgerAccount, input: LedgerChange): Promise<LedgerEntry> {
  check(input);
  const { userId, delta, kind, refType, refId } = input;
  const duplicate = (existing: LedgerEntry) =>
    new LedgerError('duplicate', `ledger reference ${kind}/${refType}/${refId} already applied`, existing);
  return db.transaction(async (tx) => {
    // The member row (member-access's) is locked until this transaction ends.
    const before = await lockMemberBalance(tx, userId, account);
    if (before === undefined) throw new LedgerError('unknownMember', `member ${userId} not found`);
    const after = before + delta;
    const values = { userId, before, after, memo: (input.memo ?? '').slice(0, 255), kind, refType, refId, adminId: input.adminId ?? null };
    // Insert first: a replay (this member's, serialised by the row lock, or another member's with
    // the same reference) inserts nothing and leaves the balance alone.
    const inserted =
      account === 'money'
        ? await tx.insert(userMoneyLog).values({ ...values, money: delta }).onConflictDoNothing().returning()
        : await tx.insert(userScoreLog).values({ ...values, score: delta }).onConflictDoNothing().returning();
    if (!inserted.length) {
      const existing = await findLedgerEntry(tx, account, kind, refType, refId);
      throw duplicate(existing!);
    }
    if (after < 0 && !input.allowNegative) throw new LedgerError('insufficient', 'insufficient balance');
    await writeMemberBalance(tx, userId, account, after);
    return entryOf(inserted[0]!);
  });
}

/** Add `delta` cents (negative debits) to a member's balance for one business event; returns the entry. */
export const changeMoney = (db: Db, input: LedgerChange) => change(db, 'money', input);
/** Add `delta` points (negative debits) to a member's points for one business event; returns the entry. */
export const changeScore = (db: Db, input: LedgerChange) => change(db, 'score', input);

/** A member's log, newest first. */
export async function listLedger(
  db: Db,
  account: LedgerAccount,
  userId: number,
  page: number,
  limit: number,
): Promise<{ list: LedgerEntry[]; total: number }> {
  const table = tableOf(account);
  const where = eq(table.userId, userId);
  const [{ total }] = (await db.select({ total: count() }).from(table).where(where)) as [{ total: number }];
  const rows = await db
    .select()
    .from(table)
    .where(where)
    .orderBy(desc(table.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { list: rows.map(entryOf), total: Number(total) };
}

/** Per UTC day of `days` (`yyyy-mm-dd`, oldest first): the sum of the member's changes of that account that day. */
export async function dailyChanges(db: Db, account: LedgerAccount, userId: number, days: string[]): Promise<number[]> {
  const table = account === 'money' ? userMoneyLog : userScoreLog;
  const amount = account === 'money' ? userMoneyLog.money : userScoreLog.score;
  const day = sql<string>`to_char(${table.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, total: sql<string>`sum(${amount})` })
    .from(table)
    .where(and(eq(table.userId, userId), gte(table.createdAt, new Date(`${days[0]}T00:00:00Z`))))
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.day, Number(r.total)]));
  return days.map((d) => byDay.get(d) ?? 0);
}
