/**
 * Draws the click-captcha image: an SVG composition (generated background, noise, target and decoy
 * glyphs at random places, angles and colours) rasterised to JPEG by sharp with the system CJK font,
 * so the characters reach the browser only as pixels.
 */
import { randomInt } from 'node:crypto';
import { CAPTCHA_CHARACTERS, CAPTCHA_ICON_NAMES, CAPTCHA_ICONS, type CaptchaIcon } from './glyphs.ts';

export const CAPTCHA_WIDTH = 350;
export const CAPTCHA_HEIGHT = 200;
/** Glyphs the visitor must click, and glyphs drawn only to mislead. */
const TARGET_COUNT = 3;
const DECOY_COUNT = 3;
const GRID = { columns: 5, rows: 3 } as const;
const FONT = "'Noto Sans CJK SC', 'Noto Sans SC', 'Source Han Sans SC', 'WenQuanYi Zen Hei', sans-serif";

export type CaptchaGlyph = { kind: 'char'; value: string } | { kind: 'icon'; value: CaptchaIcon };
/** A drawn glyph: its centre and the radius of the area that counts as a hit (image pixels). */
export type PlacedGlyph = CaptchaGlyph & { x: number; y: number; r: number };

export interface DrawnCaptcha {
  jpeg: Buffer;
  width: number;
  height: number;
  /** In the order they must be clicked. */
  targets: PlacedGlyph[];
}

const between = (min: number, max: number) => min + randomInt(max - min + 1);

/** Distinct random items. */
function sample<T>(items: readonly T[], count: number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length) chosen.push(pool.splice(randomInt(pool.length), 1)[0]!);
  return chosen;
}

/** Two to four glyphs are characters, the rest icons; a target set always has at least one character. */
function chooseGlyphs(): CaptchaGlyph[] {
  const total = TARGET_COUNT + DECOY_COUNT;
  const icons = between(1, 2);
  const chars: CaptchaGlyph[] = sample(CAPTCHA_CHARACTERS, total - icons).map((value) => ({ kind: 'char', value }));
  const iconGlyphs: CaptchaGlyph[] = sample(CAPTCHA_ICON_NAMES, icons).map((value) => ({ kind: 'icon', value }));
  // Targets: a random mix, then decoys from what is left.
  const targets = [chars.shift()!, ...sample([...chars, ...iconGlyphs], TARGET_COUNT - 1)];
  const rest = [...chars, ...iconGlyphs].filter((g) => !targets.includes(g));
  return [...sample(targets, targets.length), ...rest.slice(0, DECOY_COUNT)];
}

/** One glyph per distinct grid cell, jittered inside it, so hit areas never overlap. */
function place(glyphs: CaptchaGlyph[]): PlacedGlyph[] {
  const cellW = CAPTCHA_WIDTH / GRID.columns;
  const cellH = CAPTCHA_HEIGHT / GRID.rows;
  const cells = sample([...Array(GRID.columns * GRID.rows).keys()], glyphs.length);
  return glyphs.map((glyph, i) => {
    const cell = cells[i]!;
    const x = Math.round((cell % GRID.columns) * cellW + cellW / 2 + between(-10, 10));
    const y = Math.round(Math.floor(cell / GRID.columns) * cellH + cellH / 2 + between(-8, 8));
    return { ...glyph, x, y, r: 24 };
  });
}

const hsl = (h: number, s: number, l: number, a = 1) => `hsla(${h},${s}%,${l}%,${a})`;

/** One of several background styles over a two-colour gradient, in pale colours. */
function background(hue: number): string {
  const w = CAPTCHA_WIDTH;
  const h = CAPTCHA_HEIGHT;
  const second = (hue + between(40, 160)) % 360;
  const parts = [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="${between(0, 1)}" y2="1">` +
      `<stop offset="0" stop-color="${hsl(hue, between(45, 75), between(84, 92))}"/>` +
      `<stop offset="1" stop-color="${hsl(second, between(45, 75), between(80, 90))}"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
  ];
  const style = randomInt(4);
  if (style === 0) {
    for (let i = 0; i < 14; i++) {
      parts.push(`<circle cx="${between(0, w)}" cy="${between(0, h)}" r="${between(12, 60)}" fill="${hsl(between(0, 359), 60, between(70, 85), 0.35)}"/>`);
    }
  } else if (style === 1) {
    const step = between(14, 26);
    const angle = between(-60, 60);
    for (let x = -w; x < w * 2; x += step) {
      parts.push(`<rect x="${x}" y="${-h}" width="${step / 2}" height="${h * 3}" fill="${hsl(second, 50, 75, 0.25)}" transform="rotate(${angle} ${w / 2} ${h / 2})"/>`);
    }
  } else if (style === 2) {
    for (let i = 0; i < 6; i++) {
      const y = between(10, h - 10);
      const a = between(10, 35);
      parts.push(
        `<path d="M0 ${y} C ${w / 3} ${y - a}, ${(2 * w) / 3} ${y + a}, ${w} ${y} L ${w} ${h} L 0 ${h} Z" fill="${hsl(between(0, 359), 55, between(72, 86), 0.22)}"/>`,
      );
    }
  } else {
    for (let i = 0; i < 22; i++) {
      const [x, y] = [between(0, w), between(0, h)];
      parts.push(
        `<polygon points="${x},${y} ${x + between(-50, 50)},${y + between(-50, 50)} ${x + between(-50, 50)},${y + between(-50, 50)}" fill="${hsl(between(0, 359), 55, between(70, 88), 0.3)}"/>`,
      );
    }
  }
  // Noise: thin curves and dots across the whole image, in glyph-like colours.
  for (let i = 0; i < 10; i++) {
    parts.push(
      `<path d="M${between(0, w)} ${between(0, h)} Q ${between(0, w)} ${between(0, h)} ${between(0, w)} ${between(0, h)}" stroke="${hsl(between(0, 359), 60, between(35, 60), 0.45)}" stroke-width="${between(1, 2)}" fill="none"/>`,
    );
  }
  for (let i = 0; i < 70; i++) {
    parts.push(`<circle cx="${between(0, w)}" cy="${between(0, h)}" r="${between(1, 2)}" fill="${hsl(between(0, 359), 60, between(30, 60), 0.5)}"/>`);
  }
  return parts.join('');
}

function glyphSvg(glyph: PlacedGlyph): string {
  const size = between(30, 38);
  const angle = between(-45, 45);
  const fill = hsl(between(0, 359), between(65, 90), between(28, 42));
  const outline = `stroke="rgba(255,255,255,0.75)" stroke-width="1.2" paint-order="stroke"`;
  if (glyph.kind === 'icon') {
    const scale = (size / 24).toFixed(3);
    return `<path d="${CAPTCHA_ICONS[glyph.value]}" fill="${fill}" ${outline} transform="translate(${glyph.x} ${glyph.y}) rotate(${angle}) scale(${scale}) translate(-12 -12)"/>`;
  }
  // Baseline placement: a CJK glyph's centre sits about 0.36 em above the baseline.
  const baseline = glyph.y + Math.round(size * 0.36);
  return `<text x="${glyph.x}" y="${baseline}" font-family="${FONT}" font-size="${size}" font-weight="700" text-anchor="middle" fill="${fill}" ${outline} transform="rotate(${angle} ${glyph.x} ${glyph.y})">${glyph.value}</text>`;
}

/** A fresh captcha image and its targets. */
export async function drawCaptcha(): Promise<DrawnCaptcha> {
  const placed = place(chooseGlyphs());
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}">` +
    background(between(0, 359)) +
    placed.map(glyphSvg).join('') +
    `</svg>`;
  // libvips loads with the first captcha, not at start (idle memory).
  const { default: sharp } = await import('sharp');
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  return { jpeg, width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT, targets: placed.slice(0, TARGET_COUNT) };
}
