import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { api } from './support.ts';

/**
 * Signed links in a real browser (decision 024): a download in a new tab carries no token, a
 * `<video>` sends no headers — the signed link alone must do, with the original (Chinese) name and
 * byte ranges for seeking; an expired or tampered link shows a readable message.
 */
test.describe('signed downloads', () => {
  test('downloads a demo file under its Chinese name and plays a lesson with seeking', async ({ page, request }) => {
    // A demo course: its materials file is named 课程素材.zip.
    // A demo course with its materials file (items other journeys add have none).
    const list = await api<{ list: { id: number; kind: string }[] }>(request, '/api/catalogue/list?kind=course&sort=popular&limit=50');
    type Detail = { files: { id: number; name: string }[]; chapters: { lessons: { id: number }[] }[] };
    let detail: Awaited<ReturnType<typeof api<Detail>>> | undefined;
    for (const candidate of list.data.list) {
      detail = await api<Detail>(request, `/api/catalogue/detail?id=${candidate.id}`);
      if (detail.data.files.some((f) => f.name.endsWith('.zip'))) break;
    }
    const file = detail!.data.files.find((f) => f.name.endsWith('.zip'))!;
    const fileLink = await api<{ url: string; expire_time: number }>(request, `/__test/signedLink?memberId=1&fileId=${file.id}`);
    expect(fileLink.data.url).toMatch(/^\/download\//);

    await page.goto('/');
    const downloading = page.waitForEvent('download');
    await page.evaluate((href) => {
      const a = document.createElement('a');
      a.href = href;
      document.body.append(a);
      a.click();
    }, fileLink.data.url);
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(file.name);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');

    const lessonId = detail!.data.chapters[0]!.lessons[0]!.id;
    const lessonLink = await api<{ url: string }>(request, `/__test/signedLink?memberId=1&lessonId=${lessonId}`);
    const seekedTo = await page.evaluate(async (src) => {
      const video = document.createElement('video');
      video.muted = true;
      video.preload = 'auto';
      document.body.append(video);
      await new Promise((resolve, reject) => {
        video.addEventListener('loadedmetadata', resolve, { once: true });
        video.addEventListener('error', () => reject(new Error(`video error ${video.error?.code}`)), { once: true });
        video.src = src;
      });
      return new Promise<number>((resolve) => {
        video.addEventListener('seeked', () => resolve(video.currentTime), { once: true });
        video.currentTime = 6;
      });
    }, lessonLink.data.url);
    expect(seekedTo).toBeGreaterThan(5);
  });

  test('shows a readable message for a tampered link in a tab', async ({ page, request }) => {
    const list = await api<{ list: { id: number }[] }>(request, '/api/catalogue/list?kind=material&limit=1');
    const detail = await api<{ files: { id: number }[] }>(request, `/api/catalogue/detail?id=${list.data.list[0]!.id}`);
    const link = await api<{ url: string }>(request, `/__test/signedLink?memberId=1&fileId=${detail.data.files[0]!.id}`);
    const tampered = link.data.url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const response = await page.goto(tampered);
    expect(response!.status()).toBe(403);
    // In the browser's language (a tab sends no think-lang): Chinese or English.
    await expect(page.locator('body')).toContainText(/下载链接无效|This download link is not valid/);
  });
});
