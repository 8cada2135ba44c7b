import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { captchaKit } from '../captcha/test-kit.ts';
import { adminKit, qs } from '../admin/test-kit.ts';

describe('admin SMS log (routine/smsLog)', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof adminKit>;
  beforeAll(async () => {
    ctx = await createTestApp();
    kit = adminKit(ctx);
  });
  afterAll(() => ctx.close());

  it('lists what the log provider recorded, newest first, searchable by number; it cannot be changed', async () => {
    const { token } = await kit.superAdmin();
    const mobile = `137${String(Date.now()).slice(-8)}`;
    const send = await ctx.app.inject({
      method: 'POST',
      url: '/api/Sms/send',
      headers: { server: 'true', 'think-lang': 'en' },
      payload: { mobile, template_code: 'user_register', ...(await captchaKit(ctx).solved()) },
    });
    expect(send.json()).toMatchObject({ code: 1 });

    const listed = await kit.call('GET', `/admin/routine/smsLog/index?${qs({ quickSearch: mobile })}`, token);
    expect(listed).toMatchObject({ code: 1, data: { total: 1 } });
    const [row] = listed.data.list;
    expect(row).toMatchObject({ mobile, event: 'user_register', provider: 'log', status: 'logged' });
    expect(row.content).toMatch(/\b\d{6}\b/);

    for (const [method, action] of [['POST', 'add'], ['POST', 'edit'], ['DELETE', 'del']] as const) {
      expect((await kit.call(method, `/admin/routine/smsLog/${action}`, token, {})).code, action).not.toBe(1);
    }
    // Only a group holding the node sees it.
    const viewer = await kit.adminWith(['routine/smsLog/index']);
    expect((await kit.call('GET', '/admin/routine/smsLog/index', viewer.token)).code).toBe(1);
    const other = await kit.adminWith(['routine/attachment/index']);
    expect((await kit.call('GET', '/admin/routine/smsLog/index', other.token)).code).toBe(401);
  });
});
