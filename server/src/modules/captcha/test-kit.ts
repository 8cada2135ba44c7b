import type { TestContext } from '../../../test/app.ts';

/** Helpers for tests that pass a click captcha: fetch one and click its targets (from the stored answer). */
export function captchaKit(ctx: TestContext) {
  async function fetchCaptcha(lang = 'en') {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/common/clickCaptcha', headers: { server: 'true', 'think-lang': lang } });
    return res.json() as { code: number; msg: string; data: { id: string; text: string[]; base64: string; width: number; height: number } };
  }

  /** Clicks on the targets' centres in `order` (default: the right order), as seen at a render size. */
  async function clicksFor(id: string, { order, render = { width: 350, height: 200 } }: { order?: number[]; render?: { width: number; height: number } } = {}) {
    const answer = await ctx.app.captcha.answer(id);
    if (!answer) throw new Error(`no captcha ${id}`);
    const targets = (order ?? answer.targets.map((_, i) => i)).map((i) => answer.targets[i]!);
    const points = targets.map((t) => `${Math.round((t.x * render.width) / answer.width)},${Math.round((t.y * render.height) / answer.height)}`);
    return `${points.join('-')};${render.width};${render.height}`;
  }

  /** Fields for a call that requires a solved captcha. */
  async function solved() {
    const { data } = await fetchCaptcha();
    return { captchaId: data.id, captchaInfo: await clicksFor(data.id) };
  }

  return { fetchCaptcha, clicksFor, solved };
}
