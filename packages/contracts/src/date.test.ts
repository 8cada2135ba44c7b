import { describe, expect, it } from 'vitest';
import { DEFAULT_DATE_FORMAT } from './constants.ts';
import { formatDate, toDate } from './date.ts';

// Built from local-time parts, so the expectations hold in any time zone.
const local = new Date(2024, 0, 2, 3, 4, 5);
const localText = '2024-01-02 03:04:05';
const ms = local.getTime();
const seconds = ms / 1000;

describe('formatDate', () => {
  it('uses yyyy-mm-dd hh:MM:ss by default', () => {
    expect(DEFAULT_DATE_FORMAT).toBe('yyyy-mm-dd hh:MM:ss');
    expect(formatDate(local)).toBe(localText);
  });

  it('tells mm (month) from MM (minutes) and pads every part', () => {
    const date = new Date(2031, 10, 9, 8, 7, 6);
    expect(formatDate(date, 'mm/MM')).toBe('11/07');
    expect(formatDate(date, 'dd.mm.yyyy hh:MM')).toBe('09.11.2031 08:07');
    expect(formatDate(date, 'hh:MM:ss')).toBe('08:07:06');
    expect(formatDate(new Date(999, 0, 1), 'yyyy')).toBe('0999');
  });

  it('shows hours 00–23', () => {
    expect(formatDate(new Date(2024, 5, 6, 0, 0, 0), 'hh')).toBe('00');
    expect(formatDate(new Date(2024, 5, 6, 23, 59, 59), 'hh:MM:ss')).toBe('23:59:59');
  });

  it('copies text that is not a token', () => {
    expect(formatDate(local, 'yyyy年mm月dd日')).toBe('2024年01月02日');
    expect(formatDate(local, 'at hh')).toBe('at 03');
  });

  it('treats 10-digit timestamps as seconds (number or string)', () => {
    expect(formatDate(seconds)).toBe(localText);
    expect(formatDate(String(seconds))).toBe(localText);
    expect(formatDate(seconds + 0.75)).toBe(localText);
  });

  it('treats other timestamps as milliseconds', () => {
    expect(formatDate(ms)).toBe(localText);
    expect(formatDate(String(ms))).toBe(localText);
    expect(formatDate(0, 'yyyy')).toBe(String(new Date(0).getFullYear()));
    // 9 digits: milliseconds, i.e. a few days after the epoch, not 1973.
    expect(toDate(123_456_789)!.getTime()).toBe(123_456_789);
  });

  it('reads ISO strings', () => {
    expect(formatDate('2024-01-02T03:04:05')).toBe(localText);
    const utc = '2024-01-02T03:04:05Z';
    expect(formatDate(utc)).toBe(formatDate(new Date(Date.UTC(2024, 0, 2, 3, 4, 5))));
  });

  it.each([null, undefined, '', '   ', 'not a date', '2024-13-45T99:00:00', Number.NaN, Number.POSITIVE_INFINITY, new Date('x')])(
    'gives an empty string for %s',
    (value) => {
      expect(formatDate(value)).toBe('');
      expect(toDate(value)).toBeUndefined();
    },
  );
});
