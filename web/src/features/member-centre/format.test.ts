import { describe, expect, it } from 'vitest';
import { amount, balanceText, maskAccount, signed, streakDays } from './format.ts';

describe('member-centre formatting', () => {
  it('shows amounts with two decimals', () => {
    expect(amount('12.3')).toBe('12.30');
    expect(amount(5)).toBe('5.00');
    expect(amount('')).toBe('0.00');
    expect(amount(undefined)).toBe('0.00');
    expect(balanceText('0')).toBe('¥0.00');
    expect(balanceText('1234.5')).toBe('¥1234.50');
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
