import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './global-setup.ts';

type Envelope<T = unknown> = { code: number; msg: string; data: T };

/** A JSON API call as the app makes it (header `server`), optionally with a member or admin token. */
export async function api<T = unknown>(
  request: APIRequestContext,
  url: string,
  options: { data?: unknown; userToken?: string; adminToken?: string } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { server: 'true' };
  if (options.userToken) headers['ba-user-token'] = options.userToken;
  if (options.adminToken) headers.batoken = options.adminToken;
  const response = options.data === undefined ? await request.get(url, { headers }) : await request.post(url, { headers, data: options.data });
  return response.json();
}

interface CaptchaAnswer {
  width: number;
  height: number;
  targets: { x: number; y: number; r: number }[];
}

/** The stored answer of a click captcha (target centres in image pixels), read by the server's test route. */
async function captchaAnswer(request: APIRequestContext, id: string): Promise<CaptchaAnswer> {
  const answer = await api<CaptchaAnswer | null>(request, `/__test/captchaAnswer?id=${encodeURIComponent(id)}`);
  if (!answer.data) throw new Error(`no stored captcha ${id}`);
  return answer.data;
}

/** Fields of an API call that requires a solved captcha, solved without a browser. */
export async function solvedCaptchaFields(request: APIRequestContext) {
  const { id } = (await api<{ id: string }>(request, '/api/common/clickCaptcha')).data;
  const answer = await captchaAnswer(request, id);
  const info = `${answer.targets.map((t) => `${t.x},${t.y}`).join('-')};${answer.width};${answer.height}`;
  return { captchaId: id, captchaInfo: info };
}

/**
 * Solve the click captcha that `open` makes the page show, as a person would: read where the
 * targets are, then click them in order on the rendered image.
 */
export async function solveCaptcha(page: Page, open: () => Promise<unknown>) {
  const loaded = page.waitForResponse((response) => response.url().includes('/api/common/clickCaptcha'));
  await open();
  const challenge = (await (await loaded).json()) as Envelope<{ id: string }>;
  const answer = await captchaAnswer(page.request, challenge.data.id);
  const dialog = page.getByTestId('captcha-dialog');
  const image = dialog.getByTestId('captcha-image');
  await expect(image.locator('img')).toBeVisible();
  const box = (await image.boundingBox())!;
  for (const target of answer.targets) {
    await page.mouse.click(box.x + (target.x * box.width) / answer.width, box.y + (target.y * box.height) / answer.height);
  }
  await expect(dialog).toBeHidden();
}

/**
 * The seeded super admin signed in by the login call (solving the admin login captcha when it is
 * on): the answer's `userInfo`, tokens included. `adminApi` is where the admin calls live: `/admin`,
 * or `<prefix>.php` for a renamed back office.
 */
async function adminSignIn(request: APIRequestContext, adminApi = '/admin'): Promise<{ token: string }> {
  const settings = await api<{ captcha: boolean }>(request, `${adminApi}/index/login`);
  const captcha = settings.data.captcha ? await solvedCaptchaFields(request) : {};
  const answer = await api<{ userInfo: { token: string } }>(request, `${adminApi}/index/login`, { data: { username: 'admin', password: E2E_ADMIN_PASSWORD, ...captcha } });
  expect(answer.code, answer.msg).toBe(1);
  return answer.data.userInfo;
}

/** An admin token for the seeded super admin (`adminApi` as for adminSignIn). */
export async function adminToken(request: APIRequestContext, adminApi = '/admin'): Promise<string> {
  return (await adminSignIn(request, adminApi)).token;
}

/** Change site settings through the back office's config call (`adminApi` as for adminToken). */
export async function setSettings(request: APIRequestContext, settings: Record<string, unknown>, adminApi = '/admin') {
  const answer = await api(request, `${adminApi}/routine/config/edit`, { data: { settings }, adminToken: await adminToken(request, adminApi) });
  expect(answer, JSON.stringify(answer)).toMatchObject({ code: 1 });
}

/** A member added in the back office (how a shop owner gives someone an account with a bound e-mail). */
export async function addMember(request: APIRequestContext, member: { username: string; password: string; email?: string; mobile?: string }) {
  const answer = await api(request, '/admin/user/user/add', {
    data: { nickname: member.username, group_id: 1, ...member },
    adminToken: await adminToken(request),
  });
  expect(answer, JSON.stringify(answer)).toMatchObject({ code: 1 });
}

/**
 * Open a back-office page as the seeded super admin without the login page: the login call (with
 * the captcha solved when the site asks for it), its answer kept where the back office keeps it,
 * as its login page does, then the page. For journeys about something else; the login page itself
 * is walked through by adminLogin.
 */
export async function openAsAdmin(page: Page, path: string) {
  const userInfo = await adminSignIn(page.request);
  // Any page of the shop's origin opens its storage; robots.txt is the lightest.
  await page.goto('/robots.txt');
  await page.evaluate((info) => localStorage.setItem('adminInfo', JSON.stringify({ state: info, version: 0 })), userInfo);
  await page.goto(path);
}

/**
 * The back office's open dialog once its opening zoom has ended. A click during the zoom lands on
 * a control a few pixels tall, and a select opened then drops its list where the control was.
 */
export async function openedDialog(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/ant-zoom-(appear|enter)/);
  return dialog;
}

/** Log in to the back office through its page (at `prefix`), solving the click captcha when the site asks for it. */
export async function adminLogin(page: Page, username: string, password: string, prefix = '/admin') {
  await page.goto(`${prefix}/login`);
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', password);
  const adminApi = prefix === '/admin' ? prefix : `${prefix}.php`;
  const { data } = await api<{ captcha: boolean }>(page.request, `${adminApi}/index/login`);
  const submit = () => page.click('[data-testid=admin-login-submit]');
  if (data.captcha) await solveCaptcha(page, submit);
  else await submit();
  await page.waitForURL((url) => !new RegExp(`^${prefix}/(login|loading)`).test(url.pathname));
}

/**
 * A screenshot for people to look at (`SHOTS_DIR=<folder> npx playwright test`), of the page or of
 * one element; none when SHOTS_DIR is unset (CI), as a picture asserts nothing.
 */
export async function shot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await ('goto' in target ? target.screenshot({ path, ...options }) : target.screenshot({ path }));
}

/** `shot` at a phone and a desktop width (`<name>-390`, `<name>-1440`), then back to Playwright's 1280 × 720. */
export async function shotsAtTwoWidths(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (!process.env.SHOTS_DIR) return;
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    await page.waitForTimeout(300); // the layout settles after the resize
    await shot(page, `${name}-${width}`, options);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}
