import { formatPrice } from '@framecraft/contracts/money';
import { useCurrency } from '../../../stores/site-config.ts';

/** Integer cents shown in the shop currency ("¥12.30"; `signed`: "+¥12.30"), through the contracts money module. */
export function Money({ cents, signed = false }: { cents: number; signed?: boolean }) {
  const currency = useCurrency();
  return <span className="tabular-nums">{formatPrice(cents, currency, { signed })}</span>;
}
