import { formatMoney } from '@framecraft/contracts/money';

/**
 * A 2-decimal amount from the server's yuan string (or a stored number), '0.00' for anything
 * unreadable — through the one formatter of contracts (`formatMoney`, cents). When the wire carries
 * cents, only the conversion here goes.
 */
export function amount(value: string | number | null | undefined): string {
  const number = typeof value === 'number' ? value : Number.parseFloat(value ?? '');
  return formatMoney(Number.isFinite(number) ? Math.round(number * 100) : 0);
}

/** A balance as the member centre shows it everywhere: `¥` and two decimals. */
export const balanceText = (value: string | number | null | undefined) => `¥${amount(value)}`;

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
