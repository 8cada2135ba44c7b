import { HEADER } from '@framecraft/contracts/constants';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createMember } from '../../../test/fixtures.ts';
import { multipart } from '../../../test/multipart.ts';

/**
 * A full disk during an upload (issue 22): DATA_DIR on a real 4 MB tmpfs, an upload larger than
 * what is left → a clean, translated answer and no temporary file left behind; the next upload
 * that fits works. Needs the right to mount (root, as on the project's machines and CI); skipped
 * elsewhere.
 */
const mountPoint = mkdtempSync(join(tmpdir(), 'fc-diskfull-'));
const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountPoint]).status === 0;
if (!mounted) rmSync(mountPoint, { recursive: true, force: true });

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe.skipIf(!mounted)('upload on a full disk', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp({ DATA_DIR: mountPoint });
    token = (await ctx.app.tokens.issue('user', (await createMember(ctx.database.db)).id)).token;
    await ctx.app.siteConfig.set({ uploadMaxSize: 64 * 1024 * 1024 });
  });
  afterAll(async () => {
    await ctx?.close();
    spawnSync('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  const upload = (content: Buffer, lang = 'en') => {
    const body = multipart([{ name: 'big.png', content }]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/ajax/upload',
      headers: { server: 'true', 'content-type': body.contentType, [HEADER.lang]: lang, [HEADER.userToken]: token },
      payload: body.payload,
    });
  };
  const free = () => {
    const s = statfsSync(mountPoint);
    return s.bavail * s.bsize;
  };
  const temps = () => (existsSync(join(mountPoint, 'tmp', 'uploads')) ? readdirSync(join(mountPoint, 'tmp', 'uploads')) : []);

  it('answers that the server has no room, removes the temporary file, and takes the next upload that fits', async () => {
    const before = free();
    const tooBig = Buffer.concat([PNG, Buffer.alloc(before + 512 * 1024, 1)]);
    const answer = await upload(tooBig);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ code: 0, msg: 'The server has no room left to store the file: try again later' });
    expect(temps()).toEqual([]);
    expect(free()).toBe(before);
    expect((await upload(tooBig, 'zh-cn')).json().msg).toBe('服务器存储空间不足，无法保存文件，请稍后再试');
    expect(temps()).toEqual([]);

    const fits = await upload(Buffer.concat([PNG, Buffer.from('fits')]));
    expect(fits.json()).toMatchObject({ code: 1 });
    expect(temps()).toEqual([]);
  });
});
