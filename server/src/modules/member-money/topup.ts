/**
 * Top-up orders (decision 038): a preset or a custom amount within the settings' bounds, the
 * bonus of the highest preset reached fixed into the order when it is placed; paid with any
 * provider but the balance; the paid order credits the balance once (ledger `topup / order / id`)
 * and the bonus as its own line (`topup / order_bonus / id`).
 */
import type { Language } from '@framecraft/contracts/constants';
import { translate } from '@framecraft/contracts/messages';
import { currencyOf, formatPrice } from '@framecraft/contracts/money';
import { parseJsonSetting, topupBonusFor, topupPresetsSchema, type TopupOptions } from '@framecraft/contracts/member-money';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../shared/errors.ts';
import type { OrderKindHandler, OrderRow, SettingsReader } from '../commerce/index.ts';
import { changeMoney } from '../ledger/index.ts';

const DEFAULT_MIN = 100;
const DEFAULT_MAX = 5_000_000;

/** What the top-up page offers: presets (sorted by amount) and the custom amount's bounds. */
export async function topupOptions(settings: SettingsReader): Promise<TopupOptions> {
  const number = async (name: string, fallback: number) => {
    const value = Number(await settings.get(name));
    return Number.isSafeInteger(value) && value > 0 ? value : fallback;
  };
  const [presets, min, max, currency] = await Promise.all([
    settings.get('topupPresets').then((text) => parseJsonSetting(topupPresetsSchema, text, [])),
    number('topupMinAmount', DEFAULT_MIN),
    number('topupMaxAmount', DEFAULT_MAX),
    settings.get('currency').then(currencyOf),
  ]);
  return { presets: [...presets].sort((a, b) => a.amount - b.amount), min, max: Math.max(min, max), currency };
}

interface TopupPayload {
  amount: number;
  bonus: number;
  lang: Language;
}

/** The order kind `topup`; `settingsOf(db)` gives the settings of the app that owns `db`. */
export function topupKind(settingsOf: (db: Db) => SettingsReader): OrderKindHandler {
  return {
    async prepare(db, _member, input, lang) {
      const amount = (input as { amount: number }).amount;
      const options = await topupOptions(settingsOf(db));
      const presetAmount = options.presets.some((p) => p.amount === amount);
      // Presets are always allowed; a custom amount must lie within the bounds.
      if (!presetAmount && amount < options.min) {
        throw new ApiError('memberMoney.topupAmountTooSmall', { params: { min: formatPrice(options.min, currencyOf(options.currency)) } });
      }
      if (!presetAmount && amount > options.max) {
        throw new ApiError('memberMoney.topupAmountTooLarge', { params: { max: formatPrice(options.max, currencyOf(options.currency)) } });
      }
      const payload: TopupPayload = { amount, bonus: topupBonusFor(amount, options.presets), lang };
      const title = translate(lang, 'commerce.topupTitle', { amount: formatPrice(amount, currencyOf(options.currency)) });
      return { lines: [{ courseId: null, title, cover: '', listPrice: amount, price: amount, reason: 'list' }], payload: { ...payload } };
    },
    async fulfil(tx, order) {
      await creditTopup(tx, order);
    },
  };
}

/** Inside the payment's transaction: the paid amount, then the bonus, each at most once. */
export async function creditTopup(tx: Db, order: OrderRow): Promise<void> {
  const payload = order.payload as Partial<TopupPayload>;
  const lang: Language = payload.lang === 'en' ? 'en' : 'zh-cn';
  const refId = String(order.id);
  await changeMoney(tx, {
    userId: order.userId,
    delta: order.amount,
    kind: 'topup',
    refType: 'order',
    refId,
    memo: translate(lang, 'memberMoney.ledgerMemo.topup', { order_no: order.orderNo }),
  });
  const bonus = Number(payload.bonus ?? 0);
  if (Number.isSafeInteger(bonus) && bonus > 0) {
    await changeMoney(tx, {
      userId: order.userId,
      delta: bonus,
      kind: 'topup',
      refType: 'order_bonus',
      refId,
      memo: translate(lang, 'memberMoney.ledgerMemo.bonus', { order_no: order.orderNo }),
    });
  }
}
