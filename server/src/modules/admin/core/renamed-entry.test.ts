import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/app.ts';
import { multipart } from '../../../../test/multipart.ts';
import { adminKit } from '../test-kit.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('a renamed back office (setting backendEntrance)', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    token = (await adminKit(ctx).superAdmin()).token;
  });
  afterAll(async () => {
    await ctx.app.siteConfig.set({ backendEntrance: '/admin' });
    await ctx.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, options: { accept?: string } = {}) => {
    const res = await ctx.app.inject({
      method,
      url,
      headers: options.accept ? { accept: options.accept } : { server: 'true', 'think-lang': 'en', batoken: token },
    });
    return { status: res.statusCode, type: String(res.headers['content-type']), body: options.accept ? res.body : res.json() };
  };

  it('serves admin calls at <prefix>.php/… and no longer at /admin/…; back to normal when renamed back', async () => {
    expect((await call('GET', '/admin/index/index')).body).toMatchObject({ code: 1 });
    expect((await call('GET', '/manage.php/index/index')).status).toBe(404);

    await ctx.app.siteConfig.set({ backendEntrance: 'manage/' });
    const init = await call('GET', '/manage.php/index/index');
    expect(init.body).toMatchObject({ code: 1, data: { adminInfo: { super: true } } });
    expect((await call('GET', '/manage.php/index/login?x=1')).body).toMatchObject({ code: 1, data: { captcha: true } });
    const old = await call('GET', '/admin/index/index');
    expect(old.status).toBe(404);
    expect(old.body).toMatchObject({ code: 0, msg: 'Error requesting address: /admin/index/index' });
    // The public init call tells the web app where the back office lives.
    expect((await call('GET', '/api/index/index')).body).toMatchObject({ data: { site: { adminPrefix: '/manage' } } });
    // A browser opening the renamed pages gets the app; the old path is the app's unknown page.
    expect((await call('GET', '/manage/login', { accept: 'text/html' })).type).toContain('text/html');

    // Uploads go the same way (streamed multipart through the rewritten URL).
    const body = multipart([{ name: 'logo.png', content: PNG }], { topic: 'renamed' });
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/manage.php/ajax/upload',
      headers: { server: 'true', 'think-lang': 'en', batoken: token, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(upload.json()).toMatchObject({ code: 1, data: { file: { url: expect.stringContaining('/storage/renamed/') } } });

    await ctx.app.siteConfig.set({ backendEntrance: '' });
    expect((await call('GET', '/admin/index/index')).body).toMatchObject({ code: 1 });
    expect((await call('GET', '/manage.php/index/index')).status).toBe(404);
  });
});
