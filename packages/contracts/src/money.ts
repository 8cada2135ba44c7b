/**
 * The one money module of both sides (decision 018). Amounts are integer cents (hundredths of the
 * shop currency) everywhere: in the database, on the wire and in the web's state. Text becomes
 * cents only through `parseMoney`, cents become text only through `formatMoney` / `formatPrice`,
 * and rates and percentages are applied only through `applyRate` / `applyPercentOff`, with one
 * rounding rule: **half up** (half away from zero, 四舍五入) to the cent, computed exactly on
 * integers (BigInt), never through floating point. A line (unit price × quantity) is rounded once;
 * an order's total is the sum of its rounded lines.
 */

/** Largest amount accepted from input: 1,000,000,000.00 (well inside 2^53 cents). */
export const MONEY_MAX_CENTS = 100_000_000_000;

/** Rates and percentages are exact decimals with at most 4 decimal places of the factor. */
export const RATE_SCALE = 10_000;

/** Currencies a shop can choose (ISO 4217). All have 2 minor units, as amounts are hundredths. */
export const CURRENCIES = {
  CNY: { symbol: '¥', minorUnits: 2 },
  USD: { symbol: '$', minorUnits: 2 },
  EUR: { symbol: '€', minorUnits: 2 },
  GBP: { symbol: '£', minorUnits: 2 },
  HKD: { symbol: 'HK$', minorUnits: 2 },
  MOP: { symbol: 'MOP$', minorUnits: 2 },
  TWD: { symbol: 'NT$', minorUnits: 2 },
  SGD: { symbol: 'S$', minorUnits: 2 },
  AUD: { symbol: 'A$', minorUnits: 2 },
  CAD: { symbol: 'C$', minorUnits: 2 },
} as const satisfies Record<string, { symbol: string; minorUnits: 2 }>;
export type CurrencyCode = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as CurrencyCode[];
export const DEFAULT_CURRENCY: CurrencyCode = 'CNY';

export const isCurrency = (value: unknown): value is CurrencyCode => typeof value === 'string' && Object.hasOwn(CURRENCIES, value);

/** The shop's currency from a setting value; anything unknown falls back to CNY. */
export const currencyOf = (value: unknown): CurrencyCode => (isCurrency(value) ? value : DEFAULT_CURRENCY);

/** Cents → "yuan.cents" (2 decimals) without the symbol, e.g. 4990 → "49.90", -5 → "-0.05". */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents with the currency symbol: 4990 → "¥49.90", -5 → "-¥0.05"; `signed` adds "+" to credits. */
export function formatPrice(cents: number, currency: CurrencyCode = DEFAULT_CURRENCY, options: { signed?: boolean } = {}): string {
  const sign = cents < 0 ? '-' : options.signed && cents > 0 ? '+' : '';
  return `${sign}${CURRENCIES[currency].symbol}${formatMoney(Math.abs(cents))}`;
}

/** Why a yuan input was refused: a key of the `validation` message namespace. */
export type MoneyParseError = 'validation.moneyFormat' | 'validation.moneyDecimals' | 'validation.moneyNegative' | 'validation.moneyZero' | 'validation.moneyTooLarge';

export interface ParseMoneyOptions {
  /** Accept a leading minus (adjustments); default false. */
  allowNegative?: boolean;
  /** Accept zero; default true. */
  allowZero?: boolean;
  /** Largest absolute value in cents; default MONEY_MAX_CENTS. */
  max?: number;
}

export type ParseMoneyResult = { ok: true; cents: number } | { ok: false; error: MoneyParseError };

const MONEY_PATTERN = /^([+-]?)(\d+)(?:\.(\d*))?$/;

/**
 * A yuan amount typed by a person ("12", "12.3", "-0.05", " 1.50 ") → integer cents, exactly:
 * the digits are read as text, never through a float. More than 2 decimals, a minus where none is
 * allowed, zero where none is allowed, or more than `max` are refused with a message key.
 */
export function parseMoney(input: string | number, options: ParseMoneyOptions = {}): ParseMoneyResult {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : String(input).trim();
  const match = MONEY_PATTERN.exec(text);
  if (!match) return { ok: false, error: 'validation.moneyFormat' };
  const [, sign, whole, fraction = ''] = match as unknown as [string, string, string, string | undefined];
  if (fraction.length > 2) return { ok: false, error: 'validation.moneyDecimals' };
  const max = options.max ?? MONEY_MAX_CENTS;
  // Compare as digits before any arithmetic: "99999999999999999999" must not wrap or round.
  const digits = (whole.replace(/^0+(?=\d)/, '') + fraction.padEnd(2, '0')).replace(/^0+(?=\d)/, '');
  if (digits.length > String(max).length || BigInt(digits) > BigInt(max)) return { ok: false, error: 'validation.moneyTooLarge' };
  const abs = Number(digits);
  if (abs === 0) return options.allowZero === false ? { ok: false, error: 'validation.moneyZero' } : { ok: true, cents: 0 };
  if (sign === '-') return options.allowNegative ? { ok: true, cents: -abs } : { ok: false, error: 'validation.moneyNegative' };
  return { ok: true, cents: abs };
}

/**
 * A rate or factor ("0.95", 0.95, "1.1") → parts of RATE_SCALE (9500), exactly. A number is read
 * through its shortest decimal text (0.95 → "0.95"), so no binary fraction leaks in. More than 4
 * decimals, negatives and non-numbers throw a RangeError: rates come from settings and code, and a
 * bad one is a bug, not user input.
 */
export function parseRate(rate: string | number): number {
  const text = typeof rate === 'number' ? String(rate) : rate.trim();
  const match = /^(\d+)(?:\.(\d{0,4}))?$/.exec(text);
  if (!match) throw new RangeError(`not a rate with at most 4 decimals: ${text}`);
  const value = Number(match[1]) * RATE_SCALE + Number((match[2] ?? '').padEnd(4, '0'));
  if (!Number.isSafeInteger(value)) throw new RangeError(`rate too large: ${text}`);
  return value;
}

/** Exact `value × numerator / denominator`, rounded half away from zero. */
function mulDivHalfUp(value: number, numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`amount must be integer cents: ${value}`);
  const product = BigInt(value) * BigInt(numerator);
  const d = BigInt(denominator);
  const negative = product < 0n;
  const abs = negative ? -product : product;
  const rounded = (abs * 2n + d) / (2n * d);
  return Number(negative ? -rounded : rounded);
}

/** Cents × a rate (loyalty `pay_rate` 0.95, a VIP factor …), rounded half up to the cent: applyRate(999, 0.95) → 949. */
export function applyRate(cents: number, rate: string | number): number {
  return mulDivHalfUp(cents, parseRate(rate), RATE_SCALE);
}

/** Cents less `percent` % (a coupon's "15% off", "12.5"), rounded half up: what is paid. The discount is the difference. */
export function applyPercentOff(cents: number, percent: string | number): number {
  const off = parseRate(percent); // percent × 10,000
  const hundred = 100 * RATE_SCALE;
  if (off > hundred) throw new RangeError(`percent above 100: ${percent}`);
  return mulDivHalfUp(cents, hundred - off, hundred);
}

/** One line: unit price × quantity, then the rate (default 1) — rounded once, on the line. */
export function lineTotal(unitCents: number, quantity: number, rate: string | number = 1): number {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`quantity must be a whole number: ${quantity}`);
  return applyRate(unitCents * quantity, rate);
}

/** An order's total: the sum of its already rounded lines (never a rounding of the sum). */
export const sumCents = (lines: readonly number[]): number => lines.reduce((total, line) => total + line, 0);
