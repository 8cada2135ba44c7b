/**
 * Stripe amounts are in the currency's smallest unit as Stripe defines it; ours are integer cents
 * (1/100 of the currency's main unit) everywhere (decision 018). Most currencies are the same
 * number; zero-decimal currencies (JPY, KRW, …) take whole units — so 1200 of our cents is ¥12 and
 * is sent as 12, and an amount with a fractional unit cannot be charged; three-decimal currencies
 * (KWD, BHD, …) take thousandths. The money module's currency list says how many decimals a
 * currency shows; Stripe's own list of zero/three-decimal currencies decides what Stripe expects.
 */
import { CURRENCIES } from '@framecraft/contracts/money';

/** https://docs.stripe.com/currencies#zero-decimal */
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
/** https://docs.stripe.com/currencies#three-decimal */
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** Decimals of Stripe's unit for `currency` (ISO code, any case). */
export function stripeDecimals(currency: string): 0 | 2 | 3 {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  const known = (CURRENCIES as Record<string, { minorUnits: number }>)[code];
  return known?.minorUnits === 0 ? 0 : 2;
}

/** Our cents → Stripe's unit; null when the amount cannot be expressed (a fraction of a yen). */
export function toStripeAmount(cents: number, currency: string): number | null {
  if (!Number.isSafeInteger(cents) || cents < 0) return null;
  const decimals = stripeDecimals(currency);
  if (decimals === 2) return cents;
  if (decimals === 3) return cents * 10;
  return cents % 100 === 0 ? cents / 100 : null;
}

/** Stripe's unit → our cents; null when it does not land on a whole cent (e.g. 1 fils of KWD). */
export function fromStripeAmount(amount: number, currency: string): number | null {
  if (!Number.isSafeInteger(amount) || amount < 0) return null;
  const decimals = stripeDecimals(currency);
  if (decimals === 2) return amount;
  if (decimals === 3) return amount % 10 === 0 ? amount / 10 : null;
  return amount * 100;
}
