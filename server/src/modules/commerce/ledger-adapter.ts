/**
 * Balance movements of commerce, written against ledger v2's signature
 * (`changeMoney(db, {userId, delta, kind, refType, refId, memo})`). Until ledger v2 lands only the
 * calls below change: they use today's `changeMoney(db, userId, delta, memo)`.
 */
import type { Db } from '../../db/client.ts';
import { changeMoney, LedgerError } from '../ledger/index.ts';

export { LedgerError };

export interface CommerceMoneyChange {
  userId: number;
  /** Cents; negative debits. */
  delta: number;
  kind: 'purchase' | 'refund';
  refType: 'order' | 'pay_log';
  refId: number;
  memo: string;
}

/** Debit or credit a member inside the caller's transaction; throws LedgerError('insufficient'). */
export async function moveMoney(db: Db, change: CommerceMoneyChange): Promise<void> {
  await changeMoney(db, change.userId, change.delta, change.memo);
}
