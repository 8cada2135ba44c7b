import type { MessageKey } from './messages.ts';

/** Hour boundaries of spec §2, in order: the first bound the hour is below wins. */
const GREETINGS: ReadonlyArray<readonly [below: number, key: MessageKey]> = [
  [5, 'greeting.lateNight'],
  [9, 'greeting.goodMorning'],
  [12, 'greeting.morning'],
  [14, 'greeting.noon'],
  [18, 'greeting.afternoon'],
  [24, 'greeting.evening'],
];

/**
 * The message key of the greeting for an hour of the day (0–23, local time by default).
 * Fractions are allowed (13.99 is still noon); anything outside 0 ≤ hour < 24 is a RangeError.
 */
export function greetingKey(hour: number = new Date().getHours()): MessageKey {
  if (!(hour >= 0 && hour < 24)) throw new RangeError(`hour must be within 0 and 24, got ${hour}`);
  return GREETINGS.find(([below]) => hour < below)![1];
}
