import { describe, expect, it } from 'vitest';
import { greetingKey } from './greeting.ts';
import { translate } from './messages.ts';

describe('greetingKey (spec §2)', () => {
  it.each([
    [0, 'greeting.lateNight'],
    [4, 'greeting.lateNight'],
    [4.99, 'greeting.lateNight'],
    [5, 'greeting.goodMorning'],
    [8, 'greeting.goodMorning'],
    [9, 'greeting.morning'],
    [11, 'greeting.morning'],
    [12, 'greeting.noon'],
    [13, 'greeting.noon'],
    [14, 'greeting.afternoon'],
    [17, 'greeting.afternoon'],
    [18, 'greeting.evening'],
    [23, 'greeting.evening'],
    [23.5, 'greeting.evening'],
  ])('hour %s → %s', (hour, key) => {
    expect(greetingKey(hour)).toBe(key);
  });

  it('defaults to the current local hour', () => {
    expect(greetingKey()).toBe(greetingKey(new Date().getHours()));
  });

  it.each([-1, 24, Number.NaN, Number.POSITIVE_INFINITY])('rejects hour %s', (hour) => {
    expect(() => greetingKey(hour)).toThrow(RangeError);
  });

  it('is translated in both languages; Chinese has six distinct texts (English greets by morning, afternoon and evening only)', () => {
    const keys = [0, 5, 9, 12, 14, 18].map((hour) => greetingKey(hour));
    for (const lang of ['en', 'zh-cn'] as const) {
      const texts = keys.map((key) => translate(lang, key));
      expect(texts.every((text, i) => text !== keys[i])).toBe(true);
    }
    expect(new Set(keys.map((key) => translate('zh-cn', key))).size).toBe(6);
    expect(translate('zh-cn', 'greeting.lateNight')).toBe('夜深了');
    expect(translate('zh-cn', 'greeting.evening')).toBe('晚上好');
  });
  it('reads as an English greeting before a name at every hour ("Good morning, Ann")', () => {
    const english = Array.from({ length: 24 }, (_, hour) => translate('en', greetingKey(hour)));
    expect(english.slice(0, 5)).toEqual(Array(5).fill('Working late'));
    expect(english.slice(5, 12)).toEqual(Array(7).fill('Good morning'));
    expect(english.slice(12, 18)).toEqual(Array(6).fill('Good afternoon'));
    expect(english.slice(18)).toEqual(Array(6).fill('Good evening'));
  });
});
