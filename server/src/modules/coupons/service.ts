/**
 * Coupons for members (decision 039): claim by code, the member's list, the coupons measured
 * against an order, and the order adjustment commerce calls — reserve the chosen (or best) coupon
 * for an unpaid order with one guarded update, release it when the order closes, mark it used in
 * the payment's transaction. A reservation lapses with the order's expiry (`reserved_until`), so an
 * expired order never keeps a coupon even before the sweeper closes it.
 */
import type { CouponRefusal, MemberCoupon, MemberCouponState, MyCouponTab, OrderCouponOption } from '@framecraft/contracts/coupon-constants';
import { and, asc, count, desc, eq, gt, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../shared/errors.ts';
import type { AdjustableLine, AdjustmentChoice, OrderAdjustment } from '../commerce/index.ts';
import { coupon, memberCoupon } from './tables.ts';
import { discountFor, windowRefusal } from './terms.ts';

type CouponRow = typeof coupon.$inferSelect;
type MemberCouponRow = typeof memberCoupon.$inferSelect;
interface Held {
  held: MemberCouponRow;
  terms: CouponRow;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const refusal = (reason: CouponRefusal) => new ApiError(`coupon.${reason}`);

/** A reservation whose order has expired counts as released. */
const lapsed = (held: MemberCouponRow, now: Date) => held.state === 'reserved' && (held.reservedUntil === null || held.reservedUntil.getTime() <= now.getTime());
const stateNow = (held: MemberCouponRow, now = new Date()): MemberCouponState => (lapsed(held, now) ? 'available' : (held.state as MemberCouponState));

/** The guarded condition: free to take (available, a lapsed reservation, or already this order's). */
const takeable = (orderId: number) =>
  or(
    eq(memberCoupon.state, 'available'),
    and(eq(memberCoupon.state, 'reserved'), or(lte(memberCoupon.reservedUntil, sql`now()`), eq(memberCoupon.orderId, orderId))),
  );

export function toMemberCoupon({ held, terms }: Held, now = new Date()): MemberCoupon {
  const state = stateNow(held, now);
  return {
    id: held.id,
    coupon_id: terms.id,
    name: terms.name,
    kind: terms.kind as MemberCoupon['kind'],
    amount: terms.amount,
    percent: String(Number(terms.percent)),
    min_spend: terms.minSpend,
    scope: terms.scope as MemberCoupon['scope'],
    start_time: seconds(terms.startTime),
    end_time: seconds(terms.endTime),
    state,
    order_no: state === 'available' ? '' : held.orderNo,
    claim_time: seconds(held.claimTime),
    use_time: held.useTime ? seconds(held.useTime) : null,
    discount: held.discount,
  };
}

// ── Claiming ──────────────────────────────────────────────────────────────────────────────────

/**
 * One more of `couponId` for the member, inside `tx`: the quantity by one guarded update (which
 * also locks the coupon row, so the member's own concurrent claims queue behind it and then count
 * this one), then the per-member limit. A refusal rolls the whole claim back.
 */
async function takeOne(tx: Db, terms: CouponRow, userId: number, source: 'code' | 'issued', adminId: number | null): Promise<MemberCouponRow> {
  const [bumped] = await tx
    .update(coupon)
    .set({ claimed: sql`${coupon.claimed} + 1` })
    .where(and(eq(coupon.id, terms.id), eq(coupon.status, 1), sql`${coupon.claimed} < ${coupon.quantity}`))
    .returning({ id: coupon.id });
  if (!bumped) throw new ApiError('coupon.soldOut');
  const [held] = await tx
    .select({ n: count() })
    .from(memberCoupon)
    .where(and(eq(memberCoupon.couponId, terms.id), eq(memberCoupon.userId, userId)));
  if ((held?.n ?? 0) >= terms.perMember) throw new ApiError('coupon.limitReached');
  const [row] = await tx.insert(memberCoupon).values({ couponId: terms.id, userId, source, adminId }).returning();
  return row!;
}

/** A member claims a coupon by its code. */
export async function claimByCode(db: Db, userId: number, code: string): Promise<MemberCoupon> {
  const [terms] = await db.select().from(coupon).where(eq(coupon.code, code));
  if (!terms) throw new ApiError('coupon.codeInvalid');
  const refused = windowRefusal(terms);
  if (refused) throw refusal(refused);
  const held = await db.transaction((tx) => takeOne(tx, terms, userId, 'code', null));
  return toMemberCoupon({ held, terms });
}

/** An admin gives one to a member (refused like a claim: quantity, per-member limit, window end). */
export async function issueToMember(db: Db, couponId: number, userId: number, adminId: number): Promise<number> {
  const terms = await findCoupon(db, couponId);
  const refused = windowRefusal(terms);
  if (refused && refused !== 'notStarted') throw refusal(refused);
  await db.transaction((tx) => takeOne(tx, terms, userId, 'issued', adminId));
  return 1;
}

/**
 * An admin gives one to every member who holds fewer than the per-member limit, all or nothing:
 * the coupon row is locked, and refused when fewer are left than members to receive one.
 */
export async function issueToAll(db: Db, couponId: number, adminId: number, memberIds: () => Promise<number[]>): Promise<number> {
  const terms = await findCoupon(db, couponId);
  const refused = windowRefusal(terms);
  if (refused && refused !== 'notStarted') throw refusal(refused);
  const everyone = await memberIds();
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(coupon).where(eq(coupon.id, couponId)).for('update');
    const holding = await tx
      .select({ userId: memberCoupon.userId, n: count() })
      .from(memberCoupon)
      .where(eq(memberCoupon.couponId, couponId))
      .groupBy(memberCoupon.userId);
    const full = new Set(holding.filter((h) => h.n >= locked!.perMember).map((h) => h.userId));
    const receivers = everyone.filter((id) => !full.has(id));
    if (receivers.length === 0) throw new ApiError('coupon.issueNone');
    const left = locked!.quantity - locked!.claimed;
    if (receivers.length > left) throw new ApiError('coupon.issueNotEnough', { params: { left: Math.max(0, left) } });
    for (let i = 0; i < receivers.length; i += 500) {
      await tx.insert(memberCoupon).values(receivers.slice(i, i + 500).map((userId) => ({ couponId, userId, source: 'issued', adminId })));
    }
    await tx.update(coupon).set({ claimed: sql`${coupon.claimed} + ${receivers.length}` }).where(eq(coupon.id, couponId));
    return receivers.length;
  });
}

async function findCoupon(db: Db, couponId: number): Promise<CouponRow> {
  const [terms] = await db.select().from(coupon).where(eq(coupon.id, couponId));
  if (!terms) throw new ApiError('coupon.notFound');
  return terms;
}

// ── The member's coupons ──────────────────────────────────────────────────────────────────────

const notUsed = ne(memberCoupon.state, 'used');

export async function listMemberCoupons(db: Db, userId: number, tab: MyCouponTab, page: number, limit: number) {
  const now = new Date();
  const conditions: Record<MyCouponTab, SQL> = {
    usable: and(notUsed, gt(coupon.endTime, now))!,
    used: eq(memberCoupon.state, 'used'),
    expired: and(notUsed, lte(coupon.endTime, now))!,
  };
  const where = and(eq(memberCoupon.userId, userId), conditions[tab]);
  const [[counted], rows] = await Promise.all([
    db.select({ total: count() }).from(memberCoupon).innerJoin(coupon, eq(coupon.id, memberCoupon.couponId)).where(where),
    db
      .select({ held: memberCoupon, terms: coupon })
      .from(memberCoupon)
      .innerJoin(coupon, eq(coupon.id, memberCoupon.couponId))
      .where(where)
      .orderBy(tab === 'usable' ? asc(coupon.endTime) : desc(memberCoupon.id), desc(memberCoupon.id))
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  return { list: rows.map((r) => toMemberCoupon(r, now)), total: counted?.total ?? 0 };
}

/** The member's unused coupons within their window (candidates for an order). */
async function candidates(db: Db, userId: number, ids?: number[]): Promise<Held[]> {
  return db
    .select({ held: memberCoupon, terms: coupon })
    .from(memberCoupon)
    .innerJoin(coupon, eq(coupon.id, memberCoupon.couponId))
    .where(and(eq(memberCoupon.userId, userId), notUsed, ids ? inArray(memberCoupon.id, ids) : gt(coupon.endTime, sql`now()`)))
    .orderBy(asc(coupon.endTime), asc(memberCoupon.id));
}

/** Each coupon measured against the order's lines: what it takes off, or why not; best first. */
export function measure(rows: Held[], lines: AdjustableLine[], orderId: number, now = new Date()): OrderCouponOption[] {
  const options = rows.map((row): OrderCouponOption => {
    const base = toMemberCoupon(row, now);
    const heldElsewhere = base.state === 'reserved' && row.held.orderId !== orderId;
    const refused = base.state === 'used' ? 'used' : heldElsewhere ? 'inUse' : windowRefusal(row.terms, now);
    if (refused) return { ...base, order_discount: 0, refused };
    const outcome = discountFor(row.terms, lines);
    return { ...base, order_discount: outcome.discount, refused: outcome.refused };
  });
  // Best first: the largest discount, then the one that expires first (kept for later otherwise).
  return options.sort((a, b) => b.order_discount - a.order_discount || a.end_time - b.end_time || a.id - b.id);
}

export async function couponsForOrder(db: Db, userId: number, orderId: number, lines: AdjustableLine[], selected: number | null) {
  const list = measure(await candidates(db, userId), lines, orderId);
  const best = list.find((o) => o.refused === null)?.id ?? null;
  return { list, selected, best };
}

// ── The order adjustment (commerce calls it inside the order's transaction) ───────────────────

type OrderLike = { id: number; userId: number; orderNo: string; expireTime: Date };

/** Reserve the member's coupon for the order: one guarded update; false = taken meanwhile. */
async function reserve(tx: Db, held: MemberCouponRow, order: OrderLike): Promise<boolean> {
  const [row] = await tx
    .update(memberCoupon)
    .set({ state: 'reserved', orderId: order.id, orderNo: order.orderNo, reservedUntil: order.expireTime })
    .where(and(eq(memberCoupon.id, held.id), eq(memberCoupon.userId, order.userId), takeable(order.id)))
    .returning({ id: memberCoupon.id });
  return Boolean(row);
}

async function apply(tx: Db, order: OrderLike, lines: AdjustableLine[], choice: AdjustmentChoice): Promise<{ couponId: number | null; discount: number }> {
  const none = { couponId: null, discount: 0 };
  if (choice === 0) return none;
  if (choice !== undefined) {
    const [option] = measure(await candidates(tx, order.userId, [choice]), lines, order.id);
    if (!option) throw new ApiError('coupon.notFound');
    if (option.refused) throw refusal(option.refused);
    const [held] = await tx.select().from(memberCoupon).where(eq(memberCoupon.id, option.id));
    if (!(await reserve(tx, held!, order))) throw new ApiError('coupon.inUse');
    return { couponId: option.id, discount: option.order_discount };
  }
  // No choice: the best usable one; if another order takes it at the same moment, the next best.
  const rows = await candidates(tx, order.userId);
  for (const option of measure(rows, lines, order.id)) {
    if (option.refused) break;
    const held = rows.find((r) => r.held.id === option.id)!.held;
    if (await reserve(tx, held, order)) return { couponId: option.id, discount: option.order_discount };
  }
  return none;
}

/** Give back what these orders hold (closed, or changing their choice). */
export async function releaseFor(db: Db, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .update(memberCoupon)
    .set({ state: 'available', orderId: null, orderNo: '', reservedUntil: null })
    .where(and(inArray(memberCoupon.orderId, orderIds), eq(memberCoupon.state, 'reserved')));
}

/**
 * The order is being paid (inside its transaction): its coupon becomes used by it. A coupon
 * already used by another order refuses the payment — one coupon is never spent twice.
 */
export async function markUsed(tx: Db, order: { id: number; orderNo: string; couponId: number | null; discount: number }): Promise<void> {
  if (!order.couponId) return;
  const [used] = await tx
    .update(memberCoupon)
    .set({ state: 'used', orderId: order.id, orderNo: order.orderNo, reservedUntil: null, discount: order.discount, useTime: sql`now()` })
    .where(and(eq(memberCoupon.id, order.couponId), or(ne(memberCoupon.state, 'used'), eq(memberCoupon.orderId, order.id))))
    .returning({ id: memberCoupon.id });
  if (!used) throw new ApiError('coupon.used');
}

export const couponAdjustment: OrderAdjustment = {
  apply,
  release: (tx, order) => releaseFor(tx, [order.id]),
};
