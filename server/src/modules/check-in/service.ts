import type { CheckInResult, CheckInStatus } from '@framecraft/contracts/member';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ApiError, isUniqueViolation } from '../../shared/errors.ts';
import { changeScore, LedgerError } from '../ledger/index.ts';
import { userCheckIn } from './tables.ts';

export const DEFAULT_CHECK_IN_SCORE = 5;

const today = () => new Date().toISOString().slice(0, 10);
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** Today's state: checked in already, and the current streak (0 when yesterday was missed). */
export async function checkInStatus(db: Db, userId: number, day = today()): Promise<CheckInStatus> {
  const [last] = await db.select().from(userCheckIn).where(eq(userCheckIn.userId, userId)).orderBy(desc(userCheckIn.day)).limit(1);
  const checked = last?.day === day;
  const streak = last && (checked || last.day === dayBefore(day)) ? last.streak : 0;
  return { checked, streak };
}

/**
 * Check in once per day (UTC day) and credit points through the ledger, in one transaction.
 * Two concurrent check-ins: the unique (member, day) index lets one insert win; the other rolls back.
 */
export async function checkIn(db: Db, userId: number, score: number, day = today()): Promise<CheckInResult> {
  try {
    return await db.transaction(async (tx) => {
      const [previous] = await tx
        .select({ streak: userCheckIn.streak })
        .from(userCheckIn)
        .where(and(eq(userCheckIn.userId, userId), eq(userCheckIn.day, dayBefore(day))));
      const streak = (previous?.streak ?? 0) + 1;
      await tx.insert(userCheckIn).values({ userId, day, streak, score });
      // The business event is the member's check-in of that day: replayed, it credits nothing more.
      if (score > 0) await changeScore(tx, { userId, delta: score, kind: 'checkin', refType: 'user_check_in', refId: `${userId}:${day}`, memo: day });
      return { streak, score };
    });
  } catch (error) {
    // The day's row exists, or (the row was removed) the day's points were already credited.
    if (isUniqueViolation(error) || (error instanceof LedgerError && error.reason === 'duplicate')) throw new ApiError('account.alreadyCheckedIn');
    throw error;
  }
}

