import adminEn from '../locales/admin/en.json' with { type: 'json' };
import adminZhCn from '../locales/admin/zh-cn.json' with { type: 'json' };
import catalogueEn from '../locales/catalogue/en.json' with { type: 'json' };
import catalogueZhCn from '../locales/catalogue/zh-cn.json' with { type: 'json' };
import couponEn from '../locales/coupon/en.json' with { type: 'json' };
import couponZhCn from '../locales/coupon/zh-cn.json' with { type: 'json' };
import commerceEn from '../locales/commerce/en.json' with { type: 'json' };
import commerceZhCn from '../locales/commerce/zh-cn.json' with { type: 'json' };
import paymentsEn from '../locales/payments/en.json' with { type: 'json' };
import paymentsZhCn from '../locales/payments/zh-cn.json' with { type: 'json' };
import payWechatEn from '../locales/pay-wechat/en.json' with { type: 'json' };
import payWechatZhCn from '../locales/pay-wechat/zh-cn.json' with { type: 'json' };
import memberMoneyEn from '../locales/memberMoney/en.json' with { type: 'json' };
import memberMoneyZhCn from '../locales/memberMoney/zh-cn.json' with { type: 'json' };
import itemsEn from '../locales/items/en.json' with { type: 'json' };
import itemsZhCn from '../locales/items/zh-cn.json' with { type: 'json' };
import generatorEn from '../locales/generator/en.json' with { type: 'json' };
import generatorZhCn from '../locales/generator/zh-cn.json' with { type: 'json' };
import storageEn from '../locales/storage/en.json' with { type: 'json' };
import storageZhCn from '../locales/storage/zh-cn.json' with { type: 'json' };
import { clientFormsEn } from './client-forms-en.ts';
import { clientFormsZhCn } from './client-forms-zh-cn.ts';
import { clientCoreEn } from './client-core-en.ts';
import { clientCoreZhCn } from './client-core-zh-cn.ts';
import type { Language } from './constants.ts';
import { translateIn, type Leaves } from './messages-core.ts';

export { isLanguage, resolveLanguage } from './messages-core.ts';

/*
 * The shared language pack: spec messages used by both the server and the web app (the browser
 * loads only its language's `client-core-<lang>.ts` / `client-forms-<lang>.ts` through `client-messages.ts`, the part it translates itself).
 * A feature's own messages live in `locales/<feature>/{zh-cn,en}.json` and are added below as
 * one namespace per feature (keys `<feature>.…`), so features grow without touching each other.
 */
const enPack = { ...clientCoreEn, ...clientFormsEn, admin: adminEn, catalogue: catalogueEn, commerce: commerceEn, coupon: couponEn, payments: paymentsEn, payWechat: payWechatEn, memberMoney: memberMoneyEn, storage: storageEn, items: itemsEn, generator: generatorEn };
const zhCnPack: typeof enPack = { ...clientCoreZhCn, ...clientFormsZhCn, admin: adminZhCn, catalogue: catalogueZhCn, commerce: commerceZhCn, coupon: couponZhCn, payments: paymentsZhCn, payWechat: payWechatZhCn, memberMoney: memberMoneyZhCn, storage: storageZhCn, items: itemsZhCn, generator: generatorZhCn };

export const messages = { 'zh-cn': zhCnPack, en: enPack } as const;
export type Messages = typeof enPack;

/** A key such as `api.notFound` or `validation.account`. */
export type MessageKey = Leaves<Messages>;

/** Translate with i18next-style `{{name}}` interpolation; an unknown key returns itself. */
export function translate(lang: Language, key: string, params?: Record<string, unknown>): string {
  return translateIn(messages[lang], key, params);
}
