import { HEADER } from '@framecraft/contracts/constants';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/app.ts';
import { SECRET_SETTING_NAMES, SETTINGS } from '../../site-config/index.ts';
import { adminLog } from '../tables.ts';
import { adminKit } from '../test-kit.ts';

/** Issue 15 item 5: a setting declared secret never leaves the server, on any read. */
describe('secret settings', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof adminKit>;
  let token: string;
  const stored = Object.fromEntries([...SECRET_SETTING_NAMES].map((name) => [name, `s3cret-${name}-value`]));

  beforeAll(async () => {
    ctx = await createTestApp();
    kit = adminKit(ctx);
    token = (await kit.superAdmin()).token;
  });
  afterAll(() => ctx.close());

  it('declares the credentials secret (Qiniu secret key, SMTP password, SMS secret, sandbox signing secret, Alipay private key, Stripe keys, WeChat Pay keys)', () => {
    expect([...SECRET_SETTING_NAMES].sort()).toEqual(['alipayPrivateKey', 'mailSmtpPass', 'paySandboxSecret', 'qiniuSecretKey', 'smsAccessKeySecret', 'stripeSecretKey', 'stripeWebhookSecret', 'wechatApiV3Key', 'wechatMerchantPrivateKey']);
    // Every setting whose name looks like a credential is declared secret.
    for (const s of SETTINGS) if (/secret|pass(word)?$|privateKey|apiKey/i.test(s.name) && !/^smsTemplate/.test(s.name)) expect(s.secret, s.name).toBe(true);
  });

  it('is masked on every admin and public read, and kept when the mask is saved back', async () => {
    const saved = await kit.call('POST', '/admin/routine/config/edit', token, { settings: stored });
    expect(saved).toMatchObject({ code: 1 });
    // The admin log of that save masks them too.
    const [entry] = await ctx.database.db.select().from(adminLog).orderBy(desc(adminLog.id)).limit(1);
    expect(JSON.stringify(entry!.data)).not.toMatch(/s3cret-/);

    const list = await kit.call('GET', '/admin/routine/config/index', token);
    const rows = Object.values(list.data.groups as Record<string, { name: string; value: unknown; secret?: boolean }[]>).flat();
    for (const name of SECRET_SETTING_NAMES) expect(rows.find((r) => r.name === name)).toMatchObject({ value: '******', secret: true });

    // Every GET of the back office (and the public init calls) as the super admin: no secret in any answer.
    const reads = ctx.app.adminRouteTable.filter((r) => r.method === 'GET').map((r) => `/admin/${r.path}`);
    reads.push('/api/index/index', '/admin/index/index');
    for (const url of reads) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { server: 'true', [HEADER.lang]: 'en', [HEADER.adminToken]: token } });
      expect(response.body, url).not.toMatch(/s3cret-/);
    }

    // Saving the form as it came back keeps every secret.
    const asShown = Object.fromEntries(rows.filter((r) => typeof r.value !== 'object').map((r) => [r.name, r.value]));
    expect(await kit.call('POST', '/admin/routine/config/edit', token, { settings: asShown })).toMatchObject({ code: 1 });
    for (const name of SECRET_SETTING_NAMES) expect(await ctx.app.siteConfig.string(name)).toBe(stored[name]);
    // An empty secret reads as empty (nothing stored), not as the mask.
    await ctx.app.siteConfig.set({ qiniuSecretKey: '' });
    const again = await kit.call('GET', '/admin/routine/config/index', token);
    expect(Object.values(again.data.groups as Record<string, { name: string; value: unknown }[]>).flat().find((r) => r.name === 'qiniuSecretKey')!.value).toBe('');
  });
});
