/** Money is integer cents everywhere (product brief "Money"); these turn it into text. */

/** Cents → "yuan.cents" (2 decimals) without floating-point rounding, e.g. 4990 → "49.90". */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
