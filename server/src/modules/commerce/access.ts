/**
 * Ownership (decision 031): a member owns an item after a paid order, has access while their VIP
 * level covers it, and everybody reaches a free item. `canAccess` is the one answer every caller
 * (catalogue detail, cart, orders, delivery) asks.
 */
import type { AccessKind } from '@framecraft/contracts/commerce';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { currentVipLevel, isVipFree, type PricedItem } from './pricing.ts';
import { ownership } from './tables.ts';

export interface AccessMember {
  id: number;
  vipLevel: number;
  vipDate: Date | null;
}
export type AccessItem = PricedItem & { id: number };

/** How the member reaches each item: owned > free > vip > none (visitors: free or none). */
export async function accessMap(db: Db, member: AccessMember | undefined, items: readonly AccessItem[], now = new Date()): Promise<Map<number, AccessKind>> {
  const owned = new Set<number>();
  if (member && items.length > 0) {
    const rows = await db
      .select({ courseId: ownership.courseId })
      .from(ownership)
      .where(and(eq(ownership.userId, member.id), inArray(ownership.courseId, items.map((i) => i.id))));
    for (const row of rows) owned.add(row.courseId);
  }
  const vipLevel = currentVipLevel(member, now);
  return new Map(
    items.map((item): [number, AccessKind] => [
      item.id,
      owned.has(item.id) ? 'owned' : item.price <= 0 ? 'free' : isVipFree(item, { vipLevel }) ? 'vip' : 'none',
    ]),
  );
}

/** The one access check: how `member` may reach `item` ('none' = they must buy it). */
export async function canAccess(db: Db, member: AccessMember | undefined, item: AccessItem, now = new Date()): Promise<AccessKind> {
  return (await accessMap(db, member, [item], now)).get(item.id)!;
}
