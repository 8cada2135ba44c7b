/** What the click captcha draws: common Chinese characters and a few simple icons (24×24 SVG paths). */

/** Common characters with clear, distinct shapes (no look-alikes such as 未/末 or 己/已). */
export const CAPTCHA_CHARACTERS = [...'天地人山水火木金土日月星云雨风花草树鸟鱼马牛羊龙虎春夏秋冬东南西北上中下左右大小多少高长方圆红黄绿蓝白黑光电书画音乐学海河江湖石田门车船桥灯茶米面果心手口耳目'];

export const CAPTCHA_ICONS = {
  heart: 'M12 21.35 10.55 20C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54z',
  star: 'M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z',
  moon: 'M12.5 2a9.5 9.5 0 1 0 9.2 11.9A7.5 7.5 0 0 1 12.5 2z',
  bell: 'M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1z',
  bolt: 'M13 2 4 14h6.5L9 22l10-13h-6.5z',
  leaf: 'M20 3C9 3 4 9 4 16c0 1.7.4 3.2 1 4.5l1.6-1C8 15 11 12 15 10c-3.5 2.7-6 6-7.3 10.2 1.3.5 2.6.8 4.3.8 7 0 9-8 9-18z',
  note: 'M12 3v10.55A4 4 0 1 0 14 17V7h4V3z',
  cloud: 'M19.35 10.04A7.49 7.49 0 0 0 12 4C9.11 4 6.6 5.64 5.35 8.04A5.99 5.99 0 0 0 0 14c0 3.31 2.69 6 6 6h13c2.76 0 5-2.24 5-5 0-2.64-2.05-4.78-4.65-4.96z',
  house: 'M12 3 2 12h3v8h5v-6h4v6h5v-8h3z',
  drop: 'M12 2c-5.33 7.6-8 11.6-8 13.5a8 8 0 0 0 16 0C20 13.6 17.33 9.6 12 2z',
} as const;
export type CaptchaIcon = keyof typeof CAPTCHA_ICONS;
export const CAPTCHA_ICON_NAMES = Object.keys(CAPTCHA_ICONS) as CaptchaIcon[];
