import { expect, test, type Locator, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { startSmtpReceiver } from '../../server/src/modules/codes/test-kit.ts';
import { E2E_ADMIN_PASSWORD } from './global-setup.ts';
import { addMember, adminLogin, api, setSettings, solveCaptcha } from './support.ts';

const PASSWORD = 'secret123';
const uniqueName = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;
const storedToken = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').state?.token as string);
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

/** The settings the other journeys expect; each test here changes some and puts them back. */
const DEFAULTS = { userLoginCaptchaSwitch: 0, inviteRewardScore: 50, tokenKeepTime: 259_200 };

test.describe.serial('member accounts', () => {
  test.afterEach(async ({ request }) => {
    await setSettings(request, DEFAULTS);
  });

  test('register through an invite link with the click captcha, log out, log in, and keep working when the token expires', async ({ page, request }) => {
    // The inviter registers while no captcha is asked.
    const inviterName = uniqueName('i');
    const inviter = await api<{ userInfo: { token: string; invate_code: string } }>(request, '/api/user/checkIn', {
      data: { tab: 'register', username: inviterName, password: PASSWORD },
    });
    expect(inviter).toMatchObject({ code: 1 });
    await setSettings(request, { userLoginCaptchaSwitch: 1, inviteRewardScore: 10 });

    // The invite link fills in the code; the captcha is solved by clicking its targets on the image.
    const username = uniqueName('m');
    await page.goto(`/register/${inviter.data.userInfo.invate_code}`);
    const form = page.getByTestId('register-form');
    await expect(form.locator('input[name=inviteCode]')).toHaveValue(inviter.data.userInfo.invate_code);
    await form.locator('input[name=username]').fill(username);
    await form.locator('input[name=password]').fill(PASSWORD);
    await form.locator('input[name=agreement]').check();
    await solveCaptcha(page, () => page.getByTestId('register-submit').click());
    await page.waitForURL(/\/user\/overview$/);
    await expect(page.getByTestId('member-nickname')).toHaveText(username);

    // The inviter earned the configured points through the points log.
    const inviterOverview = await api<{ userInfo: { score: number } }>(request, '/api/account/overview', { userToken: inviter.data.userInfo.token });
    expect(inviterOverview.data.userInfo.score).toBe(10);

    // Log out from the member menu.
    await page.getByTestId('member-centre-menu').getByText('退出登录', { exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/user'));
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').state?.token ?? '')).toBe('');

    // Log in again with "keep me logged in"; access tokens now last 3 seconds.
    await setSettings(request, { tokenKeepTime: 3 });
    await page.goto('/login');
    const login = page.getByTestId('login-form');
    await login.locator('input[name=username]').fill(username);
    await login.locator('input[name=password]').fill(PASSWORD);
    await login.locator('input[name=keep]').check();
    await solveCaptcha(page, () => page.getByTestId('login-submit').click());
    await page.waitForURL(/\/user\/overview$/);
    const firstToken = await storedToken(page);

    // The token expires mid-session: the next calls refresh it and go on, nobody is sent to log in.
    await page.waitForTimeout(3_500);
    await page.getByTestId('member-centre-menu').getByText('积分记录', { exact: true }).click();
    await expect(page).toHaveURL(/\/user\/integral$/);
    await expect(page.getByTestId('integral-table')).toBeVisible();
    await expect.poll(() => storedToken(page)).not.toBe(firstToken);
    await page.getByTestId('member-centre-menu').getByText('账户概览', { exact: true }).click();
    await expect(page.getByTestId('overview-score')).toHaveText('0');
    await expect(page).toHaveURL(/\/user\/overview$/);
  });

  test('the login page has a registration tab that keeps the page to return to', async ({ page }) => {
    await page.goto('/login?redirect=%2Fvip-pricing');
    await expect(page.getByTestId('auth-tab-login')).toHaveAttribute('aria-selected', 'true');
    await page.getByTestId('auth-tab-register').click();
    await expect(page).toHaveURL(/[?&]tab=register/);
    await expect(page).toHaveURL(/redirect=%2Fvip-pricing/);
    await page.reload();
    const form = page.getByTestId('register-form');
    await form.locator('input[name=username]').fill('1bad');
    await form.locator('input[name=password]').fill(PASSWORD);
    await page.getByTestId('register-submit').click();
    await expect(form).toContainText('请输入正确的账户');
    await expect(page.getByTestId('agreement-error')).toBeVisible();
    const username = uniqueName('t');
    await form.locator('input[name=username]').fill(username);
    await form.locator('input[name=agreement]').check();
    await page.getByTestId('register-submit').click();
    await page.waitForURL(/\/vip-pricing$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/user/);
  });

  test('log in with mobile and SMS code; the shop reads the code in the back office SMS log', async ({ page, browser, request }) => {
    const username = uniqueName('s');
    const mobile = `136${String(Date.now()).slice(-8)}`;
    await addMember(request, { username, password: PASSWORD, mobile });

    await page.goto('/login');
    await page.getByTestId('login-method-sms').click();
    const form = page.getByTestId('login-form');
    await form.locator('input[name=mobile]').fill('12345');
    await form.getByTestId('send-code').click();
    await expect(form).toContainText('请输入正确的手机号');
    await form.locator('input[name=mobile]').fill(mobile);
    await solveCaptcha(page, () => form.getByTestId('send-code').click());
    await expect(toast(page, '验证码已发送')).toBeVisible();

    // The development SMS provider writes to the SMS log instead of a phone.
    const office = await browser.newContext();
    const admin = await office.newPage();
    await adminLogin(admin, 'admin', E2E_ADMIN_PASSWORD);
    await admin.goto('/admin/routine/smsLog');
    const row = admin.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: mobile });
    await expect(row).toContainText('登录');
    const code = /\b(\d{6})\b/.exec(await row.innerText())?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await office.close();

    await form.locator('input[name=captcha]').fill(code!);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/user\/overview$/);
    await expect(page.getByTestId('member-nickname')).toHaveText(username);
  });

  test('bind and change the e-mail address in account security, then reset the password by e-mail', async ({ page, request }) => {
    const smtp = await startSmtpReceiver();
    const logIn = async (account: string, password: string) => {
      await page.goto('/login');
      await page.fill('[data-testid=login-form] input[name=username]', account);
      await page.fill('[data-testid=login-form] input[name=password]', password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL(/\/user\/overview$/);
    };
    const logOut = async () => {
      await page.getByTestId('member-centre-menu').getByText('退出登录', { exact: true }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/user'));
    };
    const codeInput = (scope: Locator) => scope.locator('input[autocomplete=one-time-code]');
    const sentTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address)).length;
    try {
      await setSettings(request, { mailSmtpHost: '127.0.0.1', mailSmtpPort: smtp.port, mailSmtpSecure: 'none', mailSmtpUser: '', mailSenderAddress: 'noreply@shop.test' });

      // A member with nothing bound: one step, a code to the new address.
      const username = uniqueName('b');
      expect(await api(request, '/api/user/checkIn', { data: { tab: 'register', username, password: PASSWORD } })).toMatchObject({ code: 1 });
      await logIn(username, PASSWORD);
      await page.goto('/user/security');
      const row = page.getByTestId('security-email');
      await expect(row).toContainText('未绑定');
      await row.getByRole('button').click();
      let dialog = page.locator('.ant-modal');
      const first = `${username}@example.test`;
      await dialog.locator('#value').fill(first);
      await solveCaptcha(page, () => dialog.getByTestId('send-code').click());
      await expect(toast(page, '验证码已发送')).toBeVisible();
      await expect(dialog.getByTestId('send-code')).toBeDisabled();
      await expect.poll(() => smtp.codeFor(first)).toMatch(/^\d{6}$/);
      await codeInput(dialog).fill(smtp.codeFor(first)!);
      await dialog.getByRole('button', { name: /确\s*认/ }).click();
      await expect(toast(page, '绑定已更新')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText(`${first.slice(0, 2)}***@example.test`);

      // Changing it at once: the bound address had a code less than a minute ago, and the dialog says so.
      await row.getByRole('button').click();
      dialog = page.locator('.ant-modal');
      await solveCaptcha(page, () => dialog.getByTestId('send-code').click());
      await expect(dialog.getByTestId('bind-failure')).toContainText(/请 \d+ 秒后再获取验证码/);
      expect(sentTo(first)).toBe(1);
      await dialog.getByRole('button', { name: /关\s*闭|Close/ }).click();
      await logOut();

      // A member whose e-mail the shop bound: a code to the bound address first, then one to the new address.
      const owner = uniqueName('c');
      const bound = `${owner}@example.test`;
      await addMember(request, { username: owner, password: PASSWORD, email: bound });
      await logIn(owner, PASSWORD);
      await page.goto('/user/security');
      await expect(row).toContainText(`${bound.slice(0, 2)}***@example.test`);
      await row.getByRole('button').click();
      dialog = page.locator('.ant-modal');
      await solveCaptcha(page, () => dialog.getByTestId('send-code').click());
      await expect.poll(() => smtp.codeFor(bound)).toMatch(/^\d{6}$/);
      await codeInput(dialog).fill(smtp.codeFor(bound)!);
      await dialog.getByRole('button', { name: /下一步/ }).click();
      const second = `new.${owner}@example.test`;
      await dialog.locator('#value').fill(second);
      await solveCaptcha(page, () => dialog.getByTestId('send-code').click());
      await expect.poll(() => smtp.codeFor(second)).toMatch(/^\d{6}$/);
      // A wrong code is refused inside the dialog and changes nothing.
      await codeInput(dialog).fill(smtp.codeFor(second) === '000000' ? '111111' : '000000');
      await dialog.getByRole('button', { name: /确\s*认/ }).click();
      await expect(dialog.getByTestId('bind-failure')).toContainText('验证码错误或已过期');
      await codeInput(dialog).fill(smtp.codeFor(second)!);
      await dialog.getByRole('button', { name: /确\s*认/ }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText('ne***@example.test');
      await logOut();

      // Forgotten password: a code to the bound address, a new password, every session ended.
      const forgetful = uniqueName('f');
      const mailbox = `${forgetful}@example.test`;
      await addMember(request, { username: forgetful, password: PASSWORD, email: mailbox });
      const elsewhere = await api<{ userInfo: { token: string } }>(request, '/api/user/checkIn', { data: { tab: 'login', username: forgetful, password: PASSWORD } });
      expect(elsewhere).toMatchObject({ code: 1 });
      await page.goto('/login');
      await page.getByTestId('forgot-password').click();
      const reset = page.getByTestId('retrieve-dialog');
      await reset.locator('input[name=account]').fill(mailbox);
      await solveCaptcha(page, () => reset.getByTestId('send-code').click());
      await expect.poll(() => smtp.codeFor(mailbox)).toMatch(/^\d{6}$/);
      await reset.locator('input[name=captcha]').fill(smtp.codeFor(mailbox)!);
      await reset.locator('input[name=newPassword]').fill('fresh-pass9');
      await reset.getByTestId('retrieve-submit').click();
      await expect(toast(page, '密码已重置')).toBeVisible();
      await expect(reset).toBeHidden();
      expect((await api(request, '/api/account/overview', { userToken: elsewhere.data.userInfo.token })).code).toBe(303);
      await logIn(mailbox, 'fresh-pass9');
    } finally {
      await setSettings(request, { mailSmtpHost: '' });
      await smtp.close();
    }
  });
});
