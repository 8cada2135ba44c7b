import { translate } from '@framecraft/contracts/client-messages';
import { formatMoney, parseMoney } from '@framecraft/contracts/money';
import { getLanguage } from '../../../../../stores/language.ts';

/** An antd form rule for typed yuan: the money module's exact parser, its message in the page language. */
export const moneyRule = (required: boolean) => ({
  validator: async (_: unknown, value: unknown) => {
    if (value === undefined || value === null || value === '') {
      if (required) throw new Error(translate(getLanguage(), 'validation.required'));
      return;
    }
    const parsed = parseMoney(String(value));
    if (!parsed.ok) throw new Error(translate(getLanguage(), parsed.error));
  },
});

/** Cents → the text the price field shows ("19.90"). */
export const yuanText = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : formatMoney(cents));
