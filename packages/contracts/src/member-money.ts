/**
 * Member money (issue 18): top-up amounts and bonuses, the loyalty rate tiers (`rateInfo`), VIP
 * tier editing. Shared by the server (settings, validation) and the web (the top-up page, the
 * back office). Amounts are integer cents (decision 018); rates have at most 4 decimals
 * (`parseRate` of the money module). Rules: decisions 037 (VIP) and 038 (loyalty rate, top-up).
 */
import { z } from './zod.ts';
import { MAX_ORDER_AMOUNT } from './commerce-constants.ts';
import { DEFAULT_PAY_RATE } from './constants.ts';
import { parseRate, RATE_SCALE } from './money.ts';

const cents = z.number().int().min(0).max(MAX_ORDER_AMOUNT);
const positiveCents = cents.min(1);
/** A rate above 0 and at most 1 with at most 4 decimals (0.95 = 5 % off). */
const rate = z.number().refine((value) => {
  try {
    const parts = parseRate(value);
    return parts > 0 && parts <= RATE_SCALE;
  } catch {
    return false;
  }
});

/** One preset top-up amount and what it adds on top (setting `topupPresets`). */
export interface TopupPreset {
  amount: number;
  bonus: number;
}
export const topupPresetsSchema = z.array(z.strictObject({ amount: positiveCents, bonus: cents })).max(12);

/** One loyalty tier (setting `payRateTiers`, the member's `rateInfo.sale_list`). */
export interface RateTier {
  min_amount: number;
  rate: number;
}
export const rateTiersSchema = z.array(z.strictObject({ min_amount: cents, rate })).max(20);

/** A JSON setting's text → its value, or `fallback` when it does not parse (a broken setting never breaks a page). */
export function parseJsonSetting<T>(schema: z.ZodType<T>, text: unknown, fallback: T): T {
  try {
    const parsed = schema.safeParse(typeof text === 'string' ? JSON.parse(text) : text);
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

/** Whether a JSON setting's text is valid (the settings editor refuses anything else). */
export const isValidJsonSetting = (schema: z.ZodType, text: unknown) => parseJsonSetting(schema, text, undefined) !== undefined;

/** The rate of the highest tier whose `min_amount` the member's 12-month sum reaches (≥); 1 without one. */
export function payRateFor(sum12monthpay: number, tiers: readonly RateTier[]): number {
  let best: RateTier | undefined;
  for (const tier of tiers) if (sum12monthpay >= tier.min_amount && (!best || tier.min_amount > best.min_amount)) best = tier;
  return best?.rate ?? DEFAULT_PAY_RATE;
}

/** The bonus of the highest preset the amount reaches (a custom amount between presets gets the lower one's). */
export function topupBonusFor(amount: number, presets: readonly TopupPreset[]): number {
  let best: TopupPreset | undefined;
  for (const preset of presets) if (amount >= preset.amount && (!best || preset.amount > best.amount)) best = preset;
  return best?.bonus ?? 0;
}

/** `GET /api/topup/options`: what the top-up page offers. */
export interface TopupOptions {
  presets: TopupPreset[];
  min: number;
  max: number;
  currency: string;
}

/** Back office `shop/vip`: a VIP tier (days 0 = lifetime; prices in cents; benefits one per line). */
const benefits = z.array(z.string().trim().min(1).max(100)).max(20);
export const vipTierInput = z.object({
  level: z.coerce.number().int().min(1).max(99),
  name_zh: z.string().trim().min(1).max(50),
  name_en: z.string().trim().max(50).default(''),
  days: z.coerce.number().int().min(0).max(36_500),
  price: z.coerce.number().int().min(0).max(MAX_ORDER_AMOUNT),
  list_price: z.coerce.number().int().min(0).max(MAX_ORDER_AMOUNT).default(0),
  benefits_zh: benefits.default([]),
  benefits_en: benefits.default([]),
  weigh: z.coerce.number().int().min(-1_000_000).max(1_000_000).default(0),
  status: z.coerce.number().int().min(0).max(1).default(1),
});
