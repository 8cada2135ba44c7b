import { translate } from '@framecraft/contracts/client-messages';
import { formatMoney, parseMoney } from '@framecraft/contracts/money';
import dayjs, { type Dayjs } from 'dayjs';
import { getLanguage } from '../../../stores/language.ts';
import type { CrudField, Row } from './types.ts';

/**
 * Between the wire and the form: money is cents on the wire and yuan with two decimals in the
 * form (read back exactly with `parseMoney`, decision 018); dates are epoch seconds on the wire.
 */
export function toFormValues(fields: CrudField[], row: Row): Record<string, unknown> {
  const values: Record<string, unknown> = { ...row };
  for (const f of fields) {
    const value = row[f.name];
    if (f.type === 'money' && typeof value === 'number') values[f.name] = formatMoney(value);
    if (f.type === 'datetime') values[f.name] = typeof value === 'number' && value > 0 ? dayjs.unix(value) : undefined;
  }
  return values;
}

/** Form values → the body sent; money that does not parse becomes a field message instead. */
export function fromFormValues(fields: CrudField[], values: Record<string, unknown>): { body: Record<string, unknown>; errors: Record<string, string> } {
  const body: Record<string, unknown> = { ...values };
  const errors: Record<string, string> = {};
  for (const f of fields) {
    if (!(f.name in values)) continue;
    const value = values[f.name];
    if (f.type === 'money') {
      if (value === null || value === undefined || value === '') body[f.name] = null;
      else {
        const parsed = parseMoney(String(value));
        if (parsed.ok) body[f.name] = parsed.cents;
        else errors[f.name] = translate(getLanguage(), parsed.error);
      }
    }
    if (f.type === 'datetime') body[f.name] = value ? (value as Dayjs).unix() : null;
  }
  return { body, errors };
}
