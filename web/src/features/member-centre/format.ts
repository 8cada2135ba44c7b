import { formatMoney } from '@framecraft/contracts/money';

/** A change with its sign: `+5` points, `-0.50` from -50 cents; zero has no sign. */
export function signed(value: number, money: boolean): string {
  const text = money ? formatMoney(value) : String(value);
  return value <= 0 ? text : `+${text}`;
}

/** Days in a check-in streak ending today (checked in) or yesterday (not yet), as `yyyy-mm-dd`. */
export function streakDays(streak: number, checkedToday: boolean, today: Date = new Date()): Set<string> {
  const days = new Set<string>();
  const last = checkedToday ? 0 : 1;
  for (let i = last; i < last + streak; i++) days.add(new Date(today.getTime() - i * 86_400_000).toISOString().slice(0, 10));
  return days;
}

/** `a***@example.com`, `138****8000`: a bound account shown without giving it away. */
export function maskAccount(value: string): string {
  if (!value) return '';
  const at = value.indexOf('@');
  if (at > 0) return `${value.slice(0, Math.min(2, at))}***${value.slice(at)}`;
  return value.length > 7 ? `${value.slice(0, 3)}****${value.slice(-4)}` : value;
}
