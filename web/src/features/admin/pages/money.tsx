import { formatPrice } from '@framecraft/contracts/money';
import { useSiteConfig } from '../../../stores/site-config.ts';

/**
 * Integer cents as text in the shop currency ("¥12.30"; `signed`: "+¥12.30"), through the contracts
 * money module. Plain text, so table cells and CSV/Excel exports show the same thing.
 */
export const moneyText = (cents: number, signed = false) => formatPrice(cents, useSiteConfig.getState().currency, { signed });
