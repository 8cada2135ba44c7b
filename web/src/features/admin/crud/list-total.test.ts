import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/admin.json';
import zh from '../../../locales/zh-cn/admin.json';
import { listTotalText } from './list-total.ts';

/** The admin tables' total line with the real language packs: exact counts, and the server's cap shown as "more than" (decision 052). */
describe('the CRUD table total line', () => {
  async function translator(language: 'en' | 'zh-cn') {
    const instance = i18next.createInstance();
    await instance.init({ lng: language, lowerCaseLng: true, load: 'currentOnly', showSupportNotice: false, ns: ['admin'], defaultNS: 'admin', resources: { en: { admin: en }, 'zh-cn': { admin: zh } }, interpolation: { escapeValue: false } });
    return instance.getFixedT(language, 'admin');
  }

  it.each([
    ['en', 1234, false, '1234 records'],
    ['zh-cn', 1234, false, '共 1234 条'],
    ['en', 10_000, true, 'More than 10,000 records'],
    ['zh-cn', 10_000, true, '超过 10,000 条'],
  ] as const)('%s: %i (capped %s) reads "%s"', async (language, total, capped, text) => {
    expect(listTotalText(await translator(language), language, total, capped)).toBe(text);
  });
});
