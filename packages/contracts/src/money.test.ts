import { describe, expect, it } from 'vitest';
import { applyPercentOff, applyRate, currencyOf, formatMoney, formatPrice, lineTotal, MONEY_MAX_CENTS, parseMoney, parseRate, sumCents } from './money.ts';
import { moneyInputSchema } from './validation.ts';

describe('money: parse a yuan input exactly', () => {
  it.each([
    ['12', 1200],
    ['12.3', 1230],
    ['12.30', 1230],
    ['0.05', 5],
    [' 1.50 ', 150],
    ['0.29', 29], // 0.29 * 100 = 28.999999999999996 in floating point
    ['1.13', 113], // 1.13 * 100 = 112.99999999999999
    ['4.35', 435], // 4.35 * 100 = 434.99999999999994
    ['000012.00', 1200],
    ['+3', 300],
    ['1000000000', MONEY_MAX_CENTS],
    [12.3, 1230],
    [0.1, 10],
    ['0', 0],
  ] as const)('%j → %i cents', (input, cents) => {
    expect(parseMoney(input)).toEqual({ ok: true, cents });
  });

  it.each([
    ['', 'validation.moneyFormat'],
    ['abc', 'validation.moneyFormat'],
    ['1,000', 'validation.moneyFormat'],
    ['1e3', 'validation.moneyFormat'],
    ['.5', 'validation.moneyFormat'],
    ['12.345', 'validation.moneyDecimals'],
    ['1.000', 'validation.moneyDecimals'],
    ['-1', 'validation.moneyNegative'],
    ['1000000000.01', 'validation.moneyTooLarge'],
    ['99999999999999999999999', 'validation.moneyTooLarge'],
    [Number.NaN, 'validation.moneyFormat'],
    [Infinity, 'validation.moneyFormat'],
    [0.1 + 0.2, 'validation.moneyDecimals'],
  ] as const)('%j is refused with %s', (input, error) => {
    expect(parseMoney(input)).toEqual({ ok: false, error });
  });

  it('takes negatives and refuses zero when asked, and a smaller maximum', () => {
    expect(parseMoney('-2.3', { allowNegative: true })).toEqual({ ok: true, cents: -230 });
    expect(parseMoney('-0.00', { allowNegative: true, allowZero: false })).toEqual({ ok: false, error: 'validation.moneyZero' });
    expect(parseMoney('0', { allowZero: false })).toEqual({ ok: false, error: 'validation.moneyZero' });
    expect(parseMoney('100.01', { max: 10_000 })).toEqual({ ok: false, error: 'validation.moneyTooLarge' });
    expect(parseMoney('100', { max: 10_000 })).toEqual({ ok: true, cents: 10_000 });
  });

  it('is the zod schema forms and routes use, failing with the same keys', () => {
    const schema = moneyInputSchema({ allowNegative: true, allowZero: false });
    expect(schema.parse('12.30')).toBe(1230);
    expect(schema.parse(-0.05)).toBe(-5);
    expect(schema.safeParse('1.234').error?.issues[0]?.message).toBe('validation.moneyDecimals');
    expect(schema.safeParse('0').error?.issues[0]?.message).toBe('validation.moneyZero');
    expect(schema.safeParse(null).error?.issues[0]?.message).toBe('validation.moneyFormat');
  });
});

describe('money: format', () => {
  it.each([
    [0, '0.00', '¥0.00'],
    [5, '0.05', '¥0.05'],
    [1230, '12.30', '¥12.30'],
    [-5, '-0.05', '-¥0.05'],
    [123456789, '1234567.89', '¥1234567.89'],
  ])('%i cents → %s / %s', (cents, plain, priced) => {
    expect(formatMoney(cents)).toBe(plain);
    expect(formatPrice(cents)).toBe(priced);
  });

  it('uses the shop currency symbol and signs credits when asked', () => {
    expect(formatPrice(4990, 'USD')).toBe('$49.90');
    expect(formatPrice(4990, 'HKD')).toBe('HK$49.90');
    expect(formatPrice(8880, 'CNY', { signed: true })).toBe('+¥88.80');
    expect(formatPrice(-8880, 'EUR', { signed: true })).toBe('-€88.80');
    expect(formatPrice(0, 'CNY', { signed: true })).toBe('¥0.00');
    expect([currencyOf('USD'), currencyOf('XYZ'), currencyOf(undefined)]).toEqual(['USD', 'CNY', 'CNY']);
  });
});

describe('money: rates and percentages round half up, exactly', () => {
  it.each([
    // cents, rate, expected — what float arithmetic gets wrong is noted
    [1000, 0.95, 950],
    [999, 0.95, 949], // 949.05
    [990, 0.95, 941], // 940.5 → half up
    [10, 0.95, 10], // 9.5 → 10
    [1, 0.5, 1], // 0.5 → 1
    [3, 0.5, 2], // 1.5 → 2 (not banker's 2 … and 2.5 below → 3)
    [5, 0.5, 3], // 2.5 → 3
    [1005, '0.9', 905], // 904.5 → 905; 1005 * 0.9 = 904.5 exactly in float too
    [115, 0.7, 81], // 80.5 → 81; 115 * 0.7 = 80.49999999999999 in float
    [2345, '0.955', 2239], // 2239.475 → 2239
    [2350, 0.955, 2244], // 2244.25
    [-990, 0.95, -941], // refunds: half away from zero
    [0, 0.95, 0],
    [1000, 1, 1000],
    [1000, '1.1', 1100],
  ] as const)('%i × %s → %i', (cents, rate, expected) => {
    expect(applyRate(cents, rate)).toBe(expected);
  });

  it.each([
    [1000, 15, 850],
    [999, 10, 899], // 899.1
    [995, 10, 896], // 895.5 → 896 paid; the discount is 99
    [333, '12.5', 291], // 291.375
    [1000, 100, 0],
    [1000, 0, 1000],
    [1, 50, 1], // 0.5 → 1
  ] as const)('%i less %s%% → %i', (cents, percent, expected) => {
    expect(applyPercentOff(cents, percent)).toBe(expected);
  });

  it('reads rates as exact decimals and refuses what it cannot read exactly', () => {
    expect(parseRate(0.95)).toBe(9500);
    expect(parseRate('0.0001')).toBe(1);
    expect(() => parseRate('0.00001')).toThrow(RangeError);
    expect(() => parseRate(-0.5)).toThrow(RangeError);
    expect(() => parseRate('abc')).toThrow(RangeError);
    expect(() => applyPercentOff(100, 101)).toThrow(RangeError);
    expect(() => applyRate(1.5, 1)).toThrow(RangeError);
  });

  it('rounds per line, then sums the rounded lines', () => {
    // three lines of ¥0.10 at 0.95: each 9.5 → 10 cents; the total is 30, not round(28.5) = 29
    const lines = [lineTotal(10, 1, 0.95), lineTotal(10, 1, 0.95), lineTotal(10, 1, 0.95)];
    expect(lines).toEqual([10, 10, 10]);
    expect(sumCents(lines)).toBe(30);
    // a line of 3 × ¥0.10 is one line: rounded once, 28.5 → 29
    expect(lineTotal(10, 3, 0.95)).toBe(29);
    expect(lineTotal(1999, 2)).toBe(3998);
    expect(() => lineTotal(100, 1.5)).toThrow(RangeError);
  });
});
