import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { crc32, FakeQiniu } from '../../server/test/fake-qiniu.ts';
import { E2E_ADMIN_PASSWORD } from './global-setup.ts';
import { adminLogin, setSettings } from './support.ts';

/**
 * Uploads end to end in Chromium on the real server: the admin's avatar in local mode, then the
 * Qiniu mode against a local server speaking Qiniu's upload protocol (form upload, multipart v2,
 * stat), with a failing host, an interrupted and resumed upload and an expired upload id.
 */

const MB = 1024 * 1024;

/** A valid PNG of `edge`² random pixels, padded to about `padBytes` with a private ancillary chunk browsers skip. */
function png(edge: number, padBytes = 0): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(edge, 0);
  header.writeUInt32BE(edge, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: edge }, () => Buffer.concat([Buffer.from([0]), randomBytes(edge * 3)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(padBytes > 0 ? [chunk('fcPd', randomBytes(padBytes))] : []),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const login = (page: Page) => adminLogin(page, 'admin', E2E_ADMIN_PASSWORD);

async function openProfile(page: Page) {
  await page.goto('/admin/routine/adminInfo');
  await expect(page.getByTestId('image-upload')).toBeVisible();
}

/** Picks a file for the avatar and accepts the crop dialog as it opens (the whole image). */
async function chooseAvatar(page: Page, name: string, data: Buffer) {
  await page.getByTestId('image-upload').locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: data });
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('img')).toBeVisible();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
}

const callbackAnswer = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/admin/Qiniu/callback')).then((r) => r.json() as Promise<{ code: number; data: { file: { url: string } } | null }>);

const qiniuCacheKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('qiniu_js_sdk_upload_file')));

test.describe.serial('uploads', () => {
  test('local mode: the admin crops and uploads an avatar and sees it after reload', async ({ page }) => {
    await login(page);
    await openProfile(page);
    const upload = page.waitForResponse((r) => r.url().includes('/admin/ajax/upload'));
    await chooseAvatar(page, 'me.png', png(300));
    const answer = await (await upload).json();
    expect(answer.code).toBe(1);
    expect(answer.data.file.url).toMatch(/^\/storage\/avatar\/\d{8}\/me[0-9a-f]{40}\.png$/);
    expect(answer.data.file).toMatchObject({ width: 300, height: 300, mimetype: 'image/png' });
    await expect(page.getByTestId('image-upload-preview')).toHaveAttribute('src', new RegExp(`${answer.data.file.url}$`));
    const saved = page.waitForResponse((r) => r.url().includes('/routine/adminInfo/edit'));
    await page.getByTestId('profile-form').getByRole('button', { name: /保\s*存/ }).click();
    expect((await (await saved).json()).code).toBe(1);
    await page.reload();
    await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', new RegExp(`${answer.data.file.url}$`));
    const served = await page.request.get(answer.data.file.url);
    expect(served.headers()['content-type']).toBe('image/png');
  });

  test.describe('Qiniu mode', () => {
    const fake = new FakeQiniu('e2e-ak', 'e2e-sk');
    let hosts: string[] = [];

    test.beforeAll(async ({ request }) => {
      // Hosts 0 and 1 take uploads; host 2 is the bucket's download domain and the RS host.
      hosts = await fake.start(3);
      await setSettings(request, {
        uploadMode: 'qiniu',
        uploadMaxSize: 32 * MB,
        qiniuAccessKey: 'e2e-ak',
        qiniuSecretKey: 'e2e-sk',
        qiniuBucket: 'media',
        qiniuDomain: hosts[2],
        qiniuUpHost: `${hosts[0]},${hosts[1]}`,
        qiniuRsHost: hosts[2],
      });
    });
    test.afterAll(async ({ request }) => {
      await setSettings(request, { uploadMode: 'local', uploadMaxSize: 10 * MB, qiniuUpHost: '', qiniuRsHost: '' });
      await fake.stop();
    });

    test('a small file goes by form upload, is verified by the server and shown from the bucket', async ({ page }) => {
      await login(page);
      await openProfile(page);
      const recorded = callbackAnswer(page);
      await chooseAvatar(page, 'small.png', png(64));
      const answer = await recorded;
      expect(answer.code).toBe(1);
      expect(answer.data?.file.url).toMatch(/^\/storage\/avatar\/\d{8}\/small[0-9a-f]{40}\.png$/);
      const form = fake.requests({ method: 'POST', status: 200 }).filter((r) => r.path === '/');
      expect(form).toHaveLength(1);
      expect(fake.requests({ pathIncludes: '/uploads' })).toHaveLength(0);
      expect(fake.requests({ host: 2, method: 'GET', pathIncludes: '/stat/', status: 200 })).toHaveLength(1);
      await expect(page.getByTestId('image-upload-preview')).toHaveAttribute('src', `${hosts[2]}${answer.data!.file.url}`);
      await page.getByTestId('profile-form').getByRole('button', { name: /保\s*存/ }).click();
      await page.reload();
      await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', `${hosts[2]}${answer.data!.file.url}`);
      await expect.poll(() => page.getByTestId('image-upload-preview').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    });

    test('a 13 MB file goes by multipart upload in 4 MB parts, with progress in 2 decimals', async ({ page }) => {
      await login(page);
      await openProfile(page);
      fake.log.length = 0;
      fake.partDelayMs = 400;
      const recorded = callbackAnswer(page);
      await chooseAvatar(page, 'large.png', png(64, 13 * MB));
      await expect(page.getByTestId('image-upload').locator('.ant-progress-indicator')).toHaveText(/^\d{1,3}\.\d{2}%$/);
      expect((await recorded).data?.file.url).toMatch(/large[0-9a-f]{40}\.png$/);
      fake.partDelayMs = 0;
      expect(fake.requests({ method: 'POST', status: 200 }).filter((r) => r.path.endsWith('/uploads'))).toHaveLength(1);
      const parts = fake.requests({ method: 'PUT', status: 200 }).map((r) => Number(r.path.split('/').pop()));
      expect(parts.sort()).toEqual([1, 2, 3, 4]);
      const object = [...fake.objects.values()].find((o) => o.key.includes('/large'));
      expect(object?.data.length).toBeGreaterThan(13 * MB);
      expect(await qiniuCacheKeys(page)).toEqual([]);
    });

    test('a host answering 503 is frozen: the upload retries on the next host, and the next upload skips it', async ({ page }) => {
      await login(page);
      await openProfile(page);
      fake.log.length = 0;
      fake.fail(0, 503, 'always');
      let recorded = callbackAnswer(page);
      await chooseAvatar(page, 'first.png', png(48));
      expect((await recorded).data?.file.url).toMatch(/first[0-9a-f]{40}\.png$/);
      expect(fake.requests({ host: 0, status: 503 })).toHaveLength(1);
      expect(fake.requests({ host: 1, method: 'POST', status: 200 })).toHaveLength(1);

      recorded = callbackAnswer(page);
      await chooseAvatar(page, 'second.png', png(40));
      expect((await recorded).data?.file.url).toMatch(/second[0-9a-f]{40}\.png$/);
      // Within 20 s host 0 is not tried again.
      expect(fake.requests({ host: 0 })).toHaveLength(1);
      expect(fake.requests({ host: 1, method: 'POST', status: 200 })).toHaveLength(2);
      fake.faults.clear();
    });

    test('an interrupted multipart upload resumes from the cached progress; 612 clears the cache', async ({ page }) => {
      await login(page);
      await openProfile(page);
      const file = png(64, 13 * MB);
      fake.log.length = 0;
      fake.partDelayMs = 1500;
      await chooseAvatar(page, 'resume.png', file);
      // Three parts go up together; cancel while the fourth is on its way.
      await expect.poll(() => fake.requests({ method: 'PUT', status: 200 }).length, { timeout: 20_000 }).toBe(3);
      await expect.poll(() => qiniuCacheKeys(page)).toHaveLength(1);
      await page.getByTestId('upload-cancel').click();
      await expect(page.getByTestId('upload-cancel')).toBeHidden();
      fake.partDelayMs = 0;
      await new Promise((r) => setTimeout(r, 1600)); // the cancelled part's request ends on the server
      const putsBefore = fake.requests({ method: 'PUT' }).length;

      const recorded = callbackAnswer(page);
      await chooseAvatar(page, 'resume.png', file);
      expect((await recorded).data?.file.url).toMatch(/resume[0-9a-f]{40}\.png$/);
      expect(fake.requests({ method: 'POST', status: 200 }).filter((r) => r.path.endsWith('/uploads'))).toHaveLength(1);
      const resumedPuts = fake.requests({ method: 'PUT' }).slice(putsBefore);
      expect(resumedPuts.map((r) => r.path.split('/').pop())).toEqual(['4']);
      expect(await qiniuCacheKeys(page)).toEqual([]);

      // Interrupt another one, let its upload id expire: 612 → error, cache gone; retry starts afresh.
      const other = png(64, 13 * MB);
      const done = fake.requests({ method: 'PUT', status: 200 }).length;
      fake.partDelayMs = 1500;
      await chooseAvatar(page, 'expired.png', other);
      await expect.poll(() => fake.requests({ method: 'PUT', status: 200 }).length - done, { timeout: 20_000 }).toBe(3);
      await expect.poll(() => qiniuCacheKeys(page)).toHaveLength(1);
      await page.getByTestId('upload-cancel').click();
      fake.partDelayMs = 0;
      await new Promise((r) => setTimeout(r, 1600));
      fake.expireUploads();
      await chooseAvatar(page, 'expired.png', other);
      await expect(page.getByTestId('image-upload').getByRole('alert')).toHaveText('上传失败');
      expect(fake.requests({ status: 612 }).length).toBeGreaterThan(0);
      expect(await qiniuCacheKeys(page)).toEqual([]);
      const again = callbackAnswer(page);
      await page.getByTestId('upload-retry').click();
      expect((await again).data?.file.url).toMatch(/expired[0-9a-f]{40}\.png$/);
    });
  });
});
