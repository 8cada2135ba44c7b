/** The member's cart, kept on the server: priced now by the one pricing function. */
import type { Language } from '@framecraft/contracts/constants';
import { CART_MAX_LINES, type CartLine, type CartList, type UnavailableReason } from '@framecraft/contracts/commerce';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ApiError, isUniqueViolation } from '../../shared/errors.ts';
import { accessMap, canAccess } from './access.ts';
import { itemSource } from './items.ts';
import type { CommerceMember } from './orders.ts';
import { priceFor, pricingContextOf } from './pricing.ts';
import { cart } from './tables.ts';

const pick = (lang: Language, zh: string, en: string) => (lang === 'en' && en ? en : zh);

export async function cartCount(db: Db, userId: number): Promise<number> {
  const [{ total }] = (await db.select({ total: count() }).from(cart).where(eq(cart.userId, userId))) as [{ total: number }];
  return Number(total);
}

export async function listCart(db: Db, member: CommerceMember, lang: Language): Promise<CartList> {
  const lines = await db.select().from(cart).where(eq(cart.userId, member.id)).orderBy(desc(cart.id));
  // The items in one lookup; a line whose item is gone is not listed.
  const items = await itemSource().items(db, lines.map((l) => l.courseId));
  const rows = lines.flatMap((line) => {
    const item = items.get(line.courseId);
    return item ? [{ line, item }] : [];
  });
  const access = await accessMap(db, member, rows.map((r) => r.item));
  const ctx = pricingContextOf(member);
  const list = rows.map(({ line, item }): CartLine => {
    const price = priceFor(item, ctx);
    const kind = access.get(item.id);
    const unavailable: UnavailableReason | null =
      item.status !== 'on_sale' ? 'off_sale' : kind === 'owned' ? 'owned' : kind === 'free' ? 'free' : kind === 'vip' ? 'vip_covered' : null;
    return {
      id: line.id,
      item_id: item.id,
      item: { id: item.id, kind: item.kind as 'material' | 'course', title: pick(lang, item.titleZh, item.titleEn), cover: item.cover },
      price: price.price,
      list_price: price.listPrice,
      reason: price.reason,
      unavailable,
      create_time: Math.floor(line.createdAt.getTime() / 1000),
    };
  });
  return { list, count: list.length, total: list.filter((l) => l.unavailable === null).reduce((sum, l) => sum + l.price, 0) };
}

/** Add an on-sale item the member can buy; already in the cart = fine (answered as such). */
export async function addToCart(db: Db, member: CommerceMember, itemId: number): Promise<{ added: boolean; count: number }> {
  const item = (await itemSource().items(db, [itemId])).get(itemId);
  if (!item || item.status !== 'on_sale') throw new ApiError('commerce.itemNotFound', { data: { item_id: itemId } });
  const access = await canAccess(db, member, item);
  if (access === 'owned') throw new ApiError('commerce.owned', { data: { item_id: itemId } });
  if (access === 'free') throw new ApiError('commerce.free', { data: { item_id: itemId } });
  if (access === 'vip') throw new ApiError('commerce.vipCovered', { data: { item_id: itemId } });
  const [existing] = await db.select({ id: cart.id }).from(cart).where(and(eq(cart.userId, member.id), eq(cart.courseId, itemId)));
  if (existing) return { added: false, count: await cartCount(db, member.id) };
  if ((await cartCount(db, member.id)) >= CART_MAX_LINES) throw new ApiError('commerce.cartFull');
  try {
    await db.insert(cart).values({ userId: member.id, courseId: itemId });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error; // added by a parallel request
  }
  return { added: true, count: await cartCount(db, member.id) };
}

/** Remove the member's lines among `ids` (others' ids are ignored). */
export async function removeFromCart(db: Db, userId: number, ids: number[]): Promise<number> {
  await db.delete(cart).where(and(eq(cart.userId, userId), inArray(cart.id, ids)));
  return cartCount(db, userId);
}
