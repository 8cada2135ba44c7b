/**
 * Balance movements of commerce through ledger v2: each names its business event (`purchase` of an
 * order, `refund` referencing its pay log row), so a replayed event debits or credits at most once
 * (LedgerError 'duplicate').
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
  await changeMoney(db, { ...change, refId: String(change.refId) });
}
