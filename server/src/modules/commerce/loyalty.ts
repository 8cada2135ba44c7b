/**
 * The loyalty rate (decision 038, `rateInfo`): what a member paid in the last 12 months — paid
 * orders (items and VIP; a top-up is not spending) less what was refunded of them, fully refunded
 * orders not at all — and the rate of the highest configured tier that sum reaches.
 */
import type { RateInfo } from '@framecraft/contracts/member';
import { parseJsonSetting, payRateFor, rateTiersSchema, type RateTier } from '@framecraft/contracts/member-money';
import { and, eq, gte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shopOrder } from './tables.ts';

/** Reads settings (the site-config service fits). */
export interface SettingsReader {
  get(name: string): Promise<unknown>;
}

/** Calendar months back, in UTC ("12 months ago" of 2026-02-28 is 2025-02-28; the 31st falls to the month's last day). */
export function monthsBefore(now: Date, months: number): Date {
  const back = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1, now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), now.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth() + 1, 0)).getUTCDate();
  back.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  return back;
}

/** Cents paid in the window [now − 12 months, now]: an order paid exactly 12 months ago still counts. */
export async function paidInLast12Months(db: Db, userId: number, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${shopOrder.amount} - ${shopOrder.refundedAmount}), 0)` })
    .from(shopOrder)
    .where(and(eq(shopOrder.userId, userId), eq(shopOrder.state, 'paid'), ne(shopOrder.kind, 'topup'), gte(shopOrder.payTime, monthsBefore(now, 12))));
  return Number(row?.total ?? 0);
}

export async function loyaltyTiers(settings: SettingsReader): Promise<RateTier[]> {
  const tiers = parseJsonSetting(rateTiersSchema, await settings.get('payRateTiers'), []);
  return [...tiers].sort((a, b) => a.min_amount - b.min_amount);
}

/** The member's `rateInfo` (spec §3): the 12-month sum, the rate reached (default 1) and the tiers. */
export async function memberRateInfo(db: Db, settings: SettingsReader, userId: number, now = new Date()): Promise<RateInfo> {
  const [sum, tiers] = await Promise.all([paidInLast12Months(db, userId, now), loyaltyTiers(settings)]);
  return { sum12monthpay: sum, pay_rate: payRateFor(sum, tiers), sale_list: tiers };
}
