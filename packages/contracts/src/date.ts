import { DEFAULT_DATE_FORMAT } from './constants.ts';

/** What `formatDate` accepts: a Date, an epoch timestamp (number or digit string) or a date string. */
export type DateInput = Date | number | string | null | undefined;

/**
 * Read a value as a Date; undefined when it is empty or not a date.
 * Timestamps with exactly 10 integer digits are epoch seconds (spec §9), other numbers epoch
 * milliseconds.
 * Other strings go through `Date` parsing: ISO 8601 with a zone is exact; an ISO date without a
 * time (`2024-05-01`) is UTC midnight, a date-time without a zone is local time (ECMAScript rules).
 */
export function toDate(value: DateInput): Date | undefined {
  if (value === null || value === undefined) return undefined;
  let date: Date;
  if (value instanceof Date) {
    date = value;
  } else if (typeof value === 'number' || /^\s*-?\d+(\.\d+)?\s*$/.test(value)) {
    const text = String(value).trim();
    const number = Number(text);
    if (text === '' || !Number.isFinite(number)) return undefined;
    date = new Date(/^\d{10}(\.\d+)?$/.test(text) ? number * 1000 : number);
  } else {
    if (value.trim() === '') return undefined;
    date = new Date(value);
  }
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * Format a date with the tokens `yyyy` (year), `mm` (month), `dd` (day), `hh` (hours 00–23),
 * `MM` (minutes), `ss` (seconds); everything else is copied. Times are the runtime's local time
 * (the browser's zone on the web, the server process's `TZ` on the server).
 * Empty or invalid input gives '' so that a table cell or template simply shows nothing.
 */
export function formatDate(value: DateInput, format: string = DEFAULT_DATE_FORMAT): string {
  const date = toDate(value);
  if (!date) return '';
  const parts: Record<string, string> = {
    yyyy: pad(date.getFullYear(), 4),
    mm: pad(date.getMonth() + 1),
    dd: pad(date.getDate()),
    hh: pad(date.getHours()),
    MM: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
  };
  return format.replace(/yyyy|mm|dd|hh|MM|ss/g, (token) => parts[token]!);
}
