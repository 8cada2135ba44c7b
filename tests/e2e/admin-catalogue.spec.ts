import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { join } from 'node:path';
import { adminLogin, adminToken, api, shot } from './support.ts';

/*
 * The item editor (decision 041), as shop staff use it: an admin of the seeded "Catalogue editors"
 * group (catalogue rights only), created by the super admin through the real admin API — not the
 * super admin itself.
 */
const DEMO_VIDEO = join(process.cwd(), 'server', 'assets', 'demo', 'preview.mp4');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==', 'base64');

async function pickFirstType(page: Page) {
  await page.getByTestId('item-type').click();
  await page.locator('.ant-select-tree-node-content-wrapper').first().click();
}

async function fillLesson(lesson: ReturnType<Page['locator']>, zh: string, en: string) {
  await lesson.getByTestId('lesson-title-zh').fill(zh);
  await lesson.getByTestId('lesson-title-en').fill(en);
}

/** A new admin in the seeded editor group, logged in on `page`; returns its token. */
async function loginAsEditor(page: Page, request: APIRequestContext): Promise<string> {
  const boss = await adminToken(request);
  const groups = await api<{ list: { id: number; name: string }[] }>(request, '/admin/auth/group/index?quickSearch=Catalogue', { adminToken: boss });
  const editorGroup = groups.data.list.find((g) => g.name === 'Catalogue editors');
  expect(editorGroup, JSON.stringify(groups)).toBeDefined();
  const username = `ied${Date.now() % 1_000_000}${Math.floor(Math.random() * 10)}`;
  const added = await api(request, '/admin/auth/admin/add', { adminToken: boss, data: { username, nickname: 'Item editor', password: 'secret123', group_arr: [editorGroup!.id], status: 'enable' } });
  expect(added, JSON.stringify(added)).toMatchObject({ code: 1 });
  await adminLogin(page, username, 'secret123');
  return page.evaluate(() => (JSON.parse(localStorage.getItem('adminInfo') ?? '{}') as { state?: { token?: string } }).state?.token ?? '');
}

async function saveItem(page: Page): Promise<number> {
  const saved = page.waitForResponse((r) => /\/admin\/shop\/course\/(add|edit)$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
  await page.getByTestId('item-save').click();
  const answer = (await (await saved).json()) as { code: number; msg: string; data: { id: number } };
  expect(answer.code, answer.msg).toBe(1);
  return answer.data.id;
}

test('an editor creates a course with chapters and a real lesson video, publishes it, and a visitor watches the free lesson', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const token = await loginAsEditor(page, request);
  // The editor's rights end at the catalogue: other back-office pages and calls are refused.
  await page.goto('/admin/auth/admin');
  await page.waitForURL(/\/401$/);
  await page.goto('/admin/shop/order');
  await page.waitForURL(/\/401$/);
  expect((await api(page.request, '/admin/shop/order/index', { adminToken: token })).code).toBe(401);
  expect((await api(page.request, '/admin/auth/admin/index', { adminToken: token })).code).toBe(401);
  expect((await api(page.request, '/admin/routine/config/index', { adminToken: token })).code).toBe(401);
  await page.goto('/admin/shop/course');
  await page.getByTestId('add-course').click();
  const stamp = Date.now() % 1_000_000;
  const titleZh = `调色进阶课 ${stamp}`;
  const titleEn = `Colour grading course ${stamp}`;
  await pickFirstType(page);
  await page.getByTestId('item-title-zh').fill(titleZh);
  await page.getByTestId('item-title-en').fill(titleEn);
  await page.getByTestId('item-subtitle-zh').fill('从一级校色到风格化');
  await page.getByTestId('item-subtitle-en').fill('From primaries to a look');
  await page.getByTestId('item-description-zh-input').click();
  await page.keyboard.type('三章实操，附工程文件。');
  // The image button uploads through the back office's upload endpoint and puts the image at the caret.
  await page.getByTestId('item-description-zh-image-input').setInputFiles({ name: 'still.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('item-description-zh-input').locator('img')).toHaveAttribute('src', /^\/storage\/.+\.png$/, { timeout: 15_000 });

  // Bad input first: three decimals are refused by the form before anything is sent.
  await page.getByTestId('item-price').fill('12.555');
  await page.getByTestId('item-save').click();
  await expect(page.getByText('金额最多两位小数')).toBeVisible();
  await page.getByTestId('item-price').fill('12.50');
  await page.getByTestId('item-status').getByText('上架').click();

  await page.getByTestId('add-chapter').click();
  await page.getByTestId('add-chapter').click();
  const chapters = page.getByTestId('chapter-card');
  await chapters.nth(0).getByTestId('chapter-title-zh').fill('第一章 基础');
  await chapters.nth(0).getByTestId('chapter-title-en').fill('Chapter 1 Basics');
  await chapters.nth(1).getByTestId('chapter-title-zh').fill('第二章 风格');
  await chapters.nth(1).getByTestId('chapter-title-en').fill('Chapter 2 Looks');
  await chapters.nth(0).getByTestId('add-lesson').click();
  await chapters.nth(0).getByTestId('add-lesson').click();
  await chapters.nth(1).getByTestId('add-lesson').click();
  const lessons = page.getByTestId('lesson-row');
  await fillLesson(lessons.nth(0), '认识示波器', 'Reading scopes');
  await fillLesson(lessons.nth(1), '白平衡', 'White balance');
  await fillLesson(lessons.nth(2), '电影感', 'A film look');
  await lessons.nth(0).getByTestId('lesson-free').click();
  await lessons.nth(0).locator('input[type=file]').first().setInputFiles(DEMO_VIDEO);
  await expect(lessons.nth(0).getByTestId('lesson-video-new')).toBeVisible({ timeout: 30_000 });

  const id = await saveItem(page);
  // The server read the duration from the uploaded file (the demo clip is 8 seconds).
  await expect(page.getByTestId('lesson-row').nth(0).getByTestId('lesson-duration')).toContainText('0:08');
  await shot(page, 'editor-1440', { fullPage: true });

  // A visitor (a fresh browser, no login) finds it on the list and the detail page, in both languages.
  const visitor = await browser.newContext({ locale: 'zh-CN' });
  const shop = await visitor.newPage();
  await shop.goto(`/list?keyword=${encodeURIComponent(String(stamp))}`);
  await expect(shop.getByText(titleZh)).toBeVisible();
  await shop.goto(`/course/${id}`);
  await expect(shop.getByRole('heading', { name: titleZh })).toBeVisible();
  await expect(shop.getByText('¥12.50').first()).toBeVisible();
  await expect(shop.getByText('第一章 基础')).toBeVisible();
  // The description kept the uploaded image (the server's sanitiser keeps safe sources).
  await expect(shop.getByTestId('detail-description').locator('img')).toHaveAttribute('src', /\/storage\/.+\.png$/);
  // The free lesson plays through a signed link; the others stay locked.
  const player = shop.getByTestId('lesson-player');
  await expect(player).toHaveAttribute('src', /\/download\//);
  const played = await shop.evaluate(async (src) => {
    const response = await fetch(src, { headers: { range: 'bytes=0-7' } });
    return { status: response.status, type: response.headers.get('content-type') };
  }, (await player.getAttribute('src'))!);
  expect(played).toEqual({ status: 206, type: 'video/mp4' });
  await expect(shop.getByTestId('lesson').nth(1)).toBeDisabled();
  await shop.getByTestId('language-switch').click();
  await expect(shop.getByRole('heading', { name: titleEn })).toBeVisible();
  await expect(shop.getByText('Chapter 1 Basics')).toBeVisible();
  await expect(shop.getByTestId('lesson').first()).toContainText('Reading scopes');
  await shop.goto(`/list?keyword=${encodeURIComponent(String(stamp))}`);
  await expect(shop.getByText(titleEn)).toBeVisible();

  // The owner changes the price; the storefront shows it at once.
  await page.getByTestId('item-price').fill('9.90');
  await saveItem(page);
  await shop.goto(`/course/${id}`);
  await expect(shop.getByText('¥9.90').first()).toBeVisible();
  await visitor.close();
});

test('an editor creates a material pack with several private files', async ({ page, request }) => {
  await loginAsEditor(page, request);
  await page.goto('/admin/shop/course');
  await page.getByTestId('add-material').click();
  await pickFirstType(page);
  const title = `LUT 合集 ${Date.now() % 1_000_000}`;
  await page.getByTestId('item-title-zh').fill(title);
  await page.getByTestId('item-price').fill('0');
  const zip = (n: number) => ({ name: `pack-${n}.zip`, mimeType: 'application/zip', buffer: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100 * n, n)]) });
  await page.getByTestId('item-files').locator('input[type=file]').setInputFiles([zip(1), zip(2), zip(3)]);
  const rows = page.getByTestId('private-file');
  await expect(rows).toHaveCount(3, { timeout: 30_000 });
  await rows.nth(2).getByTestId('private-file-name').fill('预设-第三包.zip');
  await saveItem(page);
  await expect(page.getByTestId('private-file')).toHaveCount(3);
  await expect(page.getByTestId('private-file-name').nth(2)).toHaveValue('预设-第三包.zip');
  await expect(page.getByTestId('private-file').first()).toContainText('zip');

  await page.getByTestId('item-editor-back').click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: title })).toContainText('素材包');
  if (process.env.SHOTS_DIR) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await shot(page, 'list-390', { fullPage: true });
  }
});
