import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/app.ts';
import { adminKit } from '../test-kit.ts';

describe('settings editor', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof adminKit>;
  let token: string;
  let smtp: SMTPServer;
  let port: number;
  const received: { from: string; to: string[]; body: string; user?: string }[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    kit = adminKit(ctx);
    token = (await kit.superAdmin()).token;
    smtp = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 'mail-pass') callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        let body = '';
        stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            body,
            user: session.user as string | undefined,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(resolve));
    await ctx.close();
  });

  it('lists grouped settings with secrets masked, and saves validated values', async () => {
    const save = (settings: Record<string, unknown>, lang = 'en') => kit.call('POST', '/admin/routine/config/edit', token, { settings }, lang);
    expect(await save({ siteName: 'My shop', uploadMaxSize: '2048', mailSmtpPass: 'mail-pass', unknownThing: 1 })).toMatchObject({ code: 1, msg: 'Settings saved' });
    const list = await kit.call('GET', '/admin/routine/config/index', token);
    const byName = Object.fromEntries(Object.values(list.data.groups as Record<string, { name: string; value: unknown }[]>).flat().map((r) => [r.name, r.value]));
    expect(Object.keys(list.data.groups).sort()).toEqual(['basics', 'content', 'mail', 'member', 'pay', 'security', 'sms', 'upload']);
    expect(byName).toMatchObject({ siteName: 'My shop', uploadMaxSize: 2048, mailSmtpPass: '******' });
    expect((await kit.call('GET', '/api/index/index')).data.site.siteName).toBe('My shop');
    // Saving the mask keeps the stored secret.
    await save({ mailSmtpPass: '******' });
    expect(await ctx.app.siteConfig.string('mailSmtpPass')).toBe('mail-pass');
    const bad = await save({ uploadMaxSize: 'lots', about: { en: { title: '', content: '' } } }, 'zh-cn');
    expect(bad.code).toBe(0);
    expect(Object.keys(bad.data.errors).sort()).toEqual(['about', 'uploadMaxSize']);
    expect(await ctx.app.siteConfig.number('uploadMaxSize', 0)).toBe(2048);
  });

  it('types settings by their declaration: switches take on/off, selects only their options', async () => {
    const save = (settings: Record<string, unknown>) => kit.call('POST', '/admin/routine/config/edit', token, { settings });
    const list = await kit.call('GET', '/admin/routine/config/index', token);
    const rows = Object.values(list.data.groups as Record<string, { name: string; type: string; options?: string[]; multiple?: boolean }[]>).flat();
    expect(rows.find((r) => r.name === 'adminLoginCaptchaSwitch')).toMatchObject({ type: 'switch' });
    expect(rows.find((r) => r.name === 'mailSmtpSecure')).toMatchObject({ type: 'select', options: ['ssl', 'starttls', 'none'] });
    expect(rows.find((r) => r.name === 'accountVerificationType')).toMatchObject({ type: 'select', multiple: true, options: ['email', 'mobile'] });
    expect(await save({ userLoginCaptchaSwitch: true, accountVerificationType: ['mobile', 'email'], uploadMode: 'qiniu' })).toMatchObject({ code: 1 });
    expect(await ctx.app.siteConfig.number('userLoginCaptchaSwitch', 0)).toBe(1);
    expect(await ctx.app.siteConfig.string('accountVerificationType')).toBe('email,mobile');
    const bad = await save({ uploadMode: 'ftp', userLoginCaptchaSwitch: 2 });
    expect(bad.code).toBe(0);
    expect(Object.keys(bad.data.errors).sort()).toEqual(['uploadMode', 'userLoginCaptchaSwitch']);
    expect(await save({ userLoginCaptchaSwitch: false, accountVerificationType: '', uploadMode: 'local' })).toMatchObject({ code: 1 });
    expect(await ctx.app.siteConfig.string('accountVerificationType')).toBe('');
  });

  it('cleans rich text before it is served to visitors', async () => {
    const content = (html: string) => ({ title: 'About', content: html });
    const saved = await kit.call('POST', '/admin/routine/config/edit', token, {
      settings: { about: { 'zh-cn': content('<h2>关于</h2><p>好</p>'), en: content('<h2>About</h2><p onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:x">x</a><img src="https://cdn.example.com/a.png" onerror="y">') } },
    });
    expect(saved.code).toBe(1);
    const page = await kit.call('GET', '/api/index/content?name=about');
    expect(page.data.content).toBe('<h2>About</h2><p>Hi</p><a>x</a><img src="https://cdn.example.com/a.png" />');
  });

  it('sends a test mail through the configured SMTP server', async () => {
    const send = (to: string) => kit.call('POST', '/admin/routine/config/sendTestMail', token, { to });
    await ctx.app.siteConfig.set({ mailSmtpHost: '' });
    expect(await send('ops@example.com')).toMatchObject({ code: 0, msg: 'Please fill in the mail server settings first' });
    await ctx.app.siteConfig.set({
      mailSmtpHost: '127.0.0.1',
      mailSmtpPort: port,
      mailSmtpSecure: 'none',
      mailSmtpUser: 'mailer',
      mailSmtpPass: 'mail-pass',
      mailSenderAddress: 'shop@example.com',
    });
    expect(await send('ops@example.com')).toMatchObject({ code: 1, msg: 'The test mail has been sent, please check the inbox' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'shop@example.com', to: ['ops@example.com'], user: 'mailer' });
    expect(received[0]!.body).toContain('Framecraft test mail');
    await ctx.app.siteConfig.set({ mailSmtpPass: 'wrong' });
    const failed = await send('ops@example.com');
    expect(failed.code).toBe(0);
    expect(failed.msg).toMatch(/^Sending the test mail failed: .*Invalid/);
    expect((await send('not-an-address')).msg).toBe('Please enter a correct e-mail address');
  });
});
