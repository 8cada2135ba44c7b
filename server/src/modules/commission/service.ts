/**
 * Invite commission (decision 039): an invitee's paid item or VIP order earns the inviter the
 * configured percentage, credited through the ledger (kind `commission`, ref `order`/<id>: at most
 * once); refunds take back the same share of it, each through its own ledger line (ref
 * `order_refund`/<id>:<refunded so far>). Settled by a job queued in the payment's / refund's
 * transaction, so it is never lost and never runs twice for one event; settling is idempotent
 * anyway (it brings the record to what the order's state says).
 */
import { translate } from '@framecraft/contracts/messages';
import { applyPercentOff } from '@framecraft/contracts/money';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inviteeIds, inviterOf } from '../member-access/index.ts';
import { membersWhoBought, orderById } from '../commerce/index.ts';
import { changeMoney, LedgerError } from '../ledger/index.ts';
import { commission } from './tables.ts';

/** Kinds of order that earn commission: buying, not topping up a balance. */
const EARNING_KINDS = new Set(['course', 'vip']);
/** Memos are written in the shop's default language. */
const MEMO_LANG = 'zh-cn' as const;

/** The setting as a percent text the money module reads ("10", "12.5"); anything else = "0" (off). */
export function commissionPercent(value: unknown): string {
  const text = String(value ?? '').trim();
  return /^\d{1,2}(\.\d{1,2})?$/.test(text) && /[1-9]/.test(text) ? text : '0';
}

/** The inviter's commission on `amount` cents: what a `percent`-off coupon would take off it. */
export const commissionOn = (amount: number, percent: string) => (percent === '0' ? 0 : amount - applyPercentOff(amount, percent));

/** `total × part / whole`, half up, exactly (BigInt: the product may pass 2^53). */
function share(total: number, part: number, whole: number): number {
  const n = BigInt(total) * BigInt(part);
  const d = BigInt(whole);
  return Number((n * 2n + d) / (2n * d));
}

async function ignoreDuplicate(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (!(error instanceof LedgerError && error.reason === 'duplicate')) throw error;
  }
}

/** Bring the order's commission to what its state says: credit once when paid, reverse the refunded share. */
export async function settleCommission(db: Db, orderId: number, percentSetting: unknown): Promise<void> {
  const first = await orderById(db, orderId);
  if (!first || !EARNING_KINDS.has(first.kind) || first.amount <= 0) return;
  const inviterId = (await inviterOf(db, first.userId)) ?? null;
  // No inviter, or an invite of oneself: no commission.
  if (!inviterId || inviterId === first.userId) return;
  await db.transaction(async (tx) => {
    let [row] = await tx.select().from(commission).where(eq(commission.orderId, orderId)).for('update');
    const order = (await orderById(tx, orderId))!;
    if (!row) {
      // Only a paid order earns; one refunded in full before it was settled earns nothing.
      if (order.state !== 'paid') return;
      const percent = commissionPercent(percentSetting);
      const amount = commissionOn(order.amount, percent);
      if (amount <= 0) return;
      [row] = await tx
        .insert(commission)
        .values({ orderId, orderNo: order.orderNo, inviterId, inviteeId: order.userId, orderAmount: order.amount, percent, amount })
        .onConflictDoNothing()
        .returning();
      if (!row) return; // settled by another run meanwhile
      await ignoreDuplicate(
        changeMoney(tx, { userId: inviterId, delta: amount, kind: 'commission', refType: 'order', refId: String(orderId), memo: translate(MEMO_LANG, 'coupon.ledgerMemo.commission', { order_no: order.orderNo }) }),
      );
    }
    const target = order.state === 'refunded' ? row.amount : share(row.amount, order.refundedAmount, row.orderAmount);
    const back = target - row.reversed;
    if (back <= 0) return;
    await ignoreDuplicate(
      changeMoney(tx, {
        userId: row.inviterId,
        delta: -back,
        kind: 'commission',
        refType: 'order_refund',
        refId: `${orderId}:${order.refundedAmount}`,
        memo: translate(MEMO_LANG, 'coupon.ledgerMemo.reversal', { order_no: order.orderNo }),
        // The inviter may have spent it: the ledger records the debt rather than refusing the refund.
        allowNegative: true,
      }),
    );
    await tx.update(commission).set({ reversed: target, updatedAt: sql`now()` }).where(eq(commission.id, row.id));
  });
}

/** What /share states: commission earned less what refunds took back, invitees, those who bought. */
export async function inviteFigures(db: Db, inviterId: number) {
  const [[earned], invitees] = await Promise.all([
    db.select({ total: sql<string>`coalesce(sum(${commission.amount} - ${commission.reversed}), 0)` }).from(commission).where(eq(commission.inviterId, inviterId)),
    inviteeIds(db, inviterId),
  ]);
  const buyers = await membersWhoBought(db, invitees);
  return { earnings: Number(earned?.total ?? 0), invitees: invitees.length, buyers: buyers.size };
}
