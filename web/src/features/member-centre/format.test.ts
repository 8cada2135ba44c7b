import { describe, expect, it } from 'vitest';
import { applyRate, formatPrice, parseMoney } from '@framecraft/contracts/money';
import { maskAccount, signed, streakDays } from './format.ts';

describe('member-centre formatting', () => {
  // The web formats and rounds with the same contracts module as the server (decision 018).
  it.each([
    [1250, 'CNY', '¥12.50'],
    [5, 'CNY', '¥0.05'],
    [-5, 'USD', '-$0.05'],
    [100_000, 'HKD', 'HK$1000.00'],
  ] as const)('shows %i cents as %s in %s', (cents, currency, text) => {
    expect(formatPrice(cents, currency)).toBe(text);
  });

  it.each([
    // what a member pays at a loyalty rate, and after a coupon: half up, exact, per line
    [999, 0.95, 949],
    [990, 0.95, 941],
    [115, 0.7, 81],
  ] as const)('rounds %i cents × %s to %i like the server', (cents, rate, paid) => {
    expect(applyRate(cents, rate)).toBe(paid);
  });

  it('reads a typed amount exactly, as the admin dialog sends it', () => {
    expect(parseMoney('88.80')).toEqual({ ok: true, cents: 8880 });
    expect(parseMoney('0.29')).toEqual({ ok: true, cents: 29 });
    expect(parseMoney('1.234')).toEqual({ ok: false, error: 'validation.moneyDecimals' });
  });

  it('signs changes; money keeps two decimals, zero has no sign', () => {
    expect(signed(1050, true)).toBe('+10.50');
    expect(signed(-5, true)).toBe('-0.05');
    expect(signed(5, false)).toBe('+5');
    expect(signed(-3, false)).toBe('-3');
    expect(signed(0, false)).toBe('0');
  });

  it('lists the streak days ending today or yesterday', () => {
    const today = new Date('2026-11-23T08:00:00Z');
    expect([...streakDays(3, true, today)]).toEqual(['2026-11-23', '2026-11-22', '2026-11-21']);
    expect([...streakDays(2, false, today)]).toEqual(['2026-11-22', '2026-11-21']);
    expect(streakDays(0, false, today).size).toBe(0);
  });

  it('masks bound e-mail addresses and mobile numbers', () => {
    expect(maskAccount('ann@example.com')).toBe('an***@example.com');
    expect(maskAccount('13800138000')).toBe('138****8000');
    expect(maskAccount('')).toBe('');
  });
});
