import { randomUUID } from 'node:crypto';
import type { Language } from '@framecraft/contracts/constants';
import { translate } from '@framecraft/contracts/messages';
import { ApiError } from '../../shared/errors.ts';
import { drawCaptcha } from './draw.ts';
import type { CaptchaAnswer, CaptchaStore } from './store.ts';

/** Conventions "Click captcha": an image expires after 600 s. */
export const CAPTCHA_TTL_SECONDS = 600;

/** A click in image pixels. */
interface Point {
  x: number;
  y: number;
}

/**
 * Parse `x1,y1-x2,y2;renderWidth;renderHeight` (clicks in the rendered size) and scale the clicks
 * back to the image's own size. Anything malformed → undefined.
 */
export function parseClickInfo(info: string, image: { width: number; height: number }): Point[] | undefined {
  const parts = info.split(';');
  if (parts.length !== 3) return undefined;
  const [clicks, renderWidth, renderHeight] = [parts[0]!, Number(parts[1]), Number(parts[2])];
  if (!(renderWidth > 0 && renderHeight > 0 && renderWidth <= 10_000 && renderHeight <= 10_000)) return undefined;
  const points: Point[] = [];
  for (const pair of clicks.split('-')) {
    const [x, y, extra] = pair.split(',').map(Number);
    if (extra !== undefined || !Number.isFinite(x) || !Number.isFinite(y)) return undefined;
    points.push({ x: (x! * image.width) / renderWidth, y: (y! * image.height) / renderHeight });
  }
  return points;
}

/** Every target hit, in order, by exactly as many clicks. */
export function clicksMatch(answer: CaptchaAnswer, info: string): boolean {
  const points = parseClickInfo(info, answer);
  if (!points || points.length !== answer.targets.length) return false;
  return answer.targets.every((t, i) => Math.hypot(points[i]!.x - t.x, points[i]!.y - t.y) <= t.r);
}

export interface CaptchaChallenge {
  id: string;
  /** What to click, in order: characters as they are, icons by their translated name in angle brackets. */
  text: string[];
  base64: string;
  width: number;
  height: number;
}

/** The click captcha (`app.captcha`): create images, check clicks, consume on use. */
export class ClickCaptcha {
  constructor(
    private readonly store: CaptchaStore,
    private readonly ttlSeconds = CAPTCHA_TTL_SECONDS,
  ) {}

  /** A new image under a fresh server-issued id (never a client's: an id cannot be re-drawn). */
  async create(lang: Language): Promise<CaptchaChallenge> {
    const id = randomUUID();
    const drawn = await drawCaptcha();
    const targets = drawn.targets.map(({ x, y, r }) => ({ x, y, r }));
    await this.store.save(id, { width: drawn.width, height: drawn.height, targets }, this.ttlSeconds);
    return {
      id,
      text: drawn.targets.map((t) => (t.kind === 'char' ? t.value : `<${translate(lang, `verify.icons.${t.value}`)}>`)),
      base64: `data:image/jpeg;base64,${drawn.jpeg.toString('base64')}`,
      width: drawn.width,
      height: drawn.height,
    };
  }

  /**
   * Check clicks. With `consume` the answer is removed whatever the outcome (the login call);
   * without it a right answer stays for the login call to re-check, and a wrong one is removed:
   * one try per image, so answers cannot be guessed in a loop.
   */
  async check(id: string, info: string, { consume }: { consume: boolean }): Promise<boolean> {
    if (!id || !info) return false;
    const answer = consume ? await this.store.take(id) : await this.store.peek(id);
    if (!answer) return false;
    const ok = clicksMatch(answer, info);
    if (!ok && !consume) await this.store.take(id);
    return ok;
  }

  /** For calls that need a solved captcha (login, registration, code sending): consume it or fail. */
  async require(id: string | undefined, info: string | undefined): Promise<void> {
    if (!id || !info) throw new ApiError('verify.captchaRequired');
    if (!(await this.check(id, info, { consume: true }))) throw new ApiError('verify.captchaWrong');
  }

  /** The stored answer (only the test-only route of the e2e journeys reads it). */
  answer(id: string): Promise<CaptchaAnswer | undefined> {
    return this.store.peek(id);
  }
}
