import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown.ts';

describe('formatCountdown', () => {
  it('shows minutes and seconds, hours only when needed, never below zero', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(1800)).toBe('30:00');
    expect(formatCountdown(3661)).toBe('1:01:01');
    expect(formatCountdown(-5)).toBe('0:00');
    expect(formatCountdown(9.9)).toBe('0:09');
  });
});
