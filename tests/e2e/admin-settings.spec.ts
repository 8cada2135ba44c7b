import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { addMember, adminToken, api, openAsAdmin, setSettings, shotsAtTwoWidths } from './support.ts';

/** Save the settings form and wait for the server's answer (the toast may be gone on a slow machine). */
async function saveSettings(page: Page) {
  const answer = page.waitForResponse((r) => r.url().includes('/routine/config/edit') && r.request().method() === 'POST');
  await page.getByTestId('config-save').click();
  expect(await (await answer).json()).toMatchObject({ code: 1, msg: '设置已保存' });
}

/** The stored values this file changes, as a fresh install has them: put back for the journeys that follow. */
const DEFAULTS = { siteName: 'Framecraft', recordNumber: '', userLoginFailureLimit: 10, mailSmtpPass: '', mailSmtpSecure: 'ssl', userLoginCaptchaSwitch: 0 };

test.describe.serial('admin settings, titles and exports (issue 15)', () => {
  test.afterAll(async ({ request }) => {
    await setSettings(request, DEFAULTS);
  });

  test('the settings form shows the stored values, edits switches and selects by type, and keeps secrets masked', async ({ page }) => {
    await setSettings(page.request, { siteName: 'Stored shop', recordNumber: 'ICP 123', userLoginFailureLimit: 7, mailSmtpPass: 'mail-secret', mailSmtpSecure: 'starttls' });
    await openAsAdmin(page, '/admin/routine/config');
    // The browser tab is titled by the page (spec §2), not just the product name.
    await expect(page).toHaveTitle('系统配置 - Stored shop');

    await expect(page.getByTestId('setting-siteName')).toHaveValue('Stored shop');
    await expect(page.getByTestId('setting-recordNumber')).toHaveValue('ICP 123');
    await expect(page.getByTestId('setting-version')).toHaveValue('1.0.0');
    await expect(page.getByTestId('setting-backendEntrance')).toHaveValue('/admin');
    await shotsAtTwoWidths(page, 'settings-basics');

    await page.getByRole('tab', { name: '会员' }).click();
    await expect(page.getByTestId('setting-userLoginFailureLimit')).toHaveValue('7');
    const memberCaptcha = page.getByTestId('setting-userLoginCaptchaSwitch');
    await expect(memberCaptcha).toHaveAttribute('aria-checked', 'false');
    await memberCaptcha.click();
    await expect(memberCaptcha).toHaveAttribute('aria-checked', 'true');

    await page.getByRole('tab', { name: '邮件' }).click();
    await expect(page.getByTestId('setting-mailSmtpSecure')).toContainText('STARTTLS');
    // The secret is never sent to the browser: the box holds the mask only.
    await expect(page.getByTestId('setting-mailSmtpPass')).toHaveValue('******');
    expect(await page.content()).not.toContain('mail-secret');
    await shotsAtTwoWidths(page, 'settings-mail');

    await saveSettings(page);
    const stored = await api<{ groups: Record<string, { name: string; value: unknown }[]> }>(page.request, '/admin/routine/config/index', {
      adminToken: await adminToken(page.request),
    });
    const values = Object.fromEntries(Object.values(stored.data.groups).flat().map((s) => [s.name, s.value]));
    expect(values).toMatchObject({ siteName: 'Stored shop', userLoginCaptchaSwitch: 1, mailSmtpSecure: 'starttls', mailSmtpPass: '******' });
    await setSettings(page.request, { userLoginCaptchaSwitch: 0 });
  });

  test('agreements are edited in a rich-text editor with a sanitised preview', async ({ page }) => {
    await openAsAdmin(page, '/admin/routine/config');
    await page.getByRole('tab', { name: '协议与页面' }).click();
    const editor = page.getByTestId('content-about-en');
    const input = editor.getByTestId('content-about-en-input');
    await expect(input).toBeVisible();
    await expect(input.locator('h2').first()).toBeVisible();
    await input.click();
    // The caret at the very end of the text (Ctrl+End depends on where the click landed and when).
    await input.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      range.collapse(false);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
    });
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Written in the editor');
    await editor.getByRole('button', { name: 'Bold' }).or(editor.getByRole('button', { name: '加粗' })).first().click();
    await page.keyboard.type(' bold part');
    await editor.getByTestId('content-about-en-mode').getByText('预览').click();
    const preview = editor.getByTestId('content-about-en-preview');
    await expect(preview).toContainText('Written in the editor');
    await expect(preview.locator('strong', { hasText: 'bold part' })).toBeVisible();
    await shotsAtTwoWidths(page, 'settings-agreement');
    await saveSettings(page);
    const english = await page.request.get('/api/index/content?name=about', { headers: { server: 'true', 'think-lang': 'en' } });
    expect(((await english.json()) as { data: { content: string } }).data.content).toMatch(/<p>Written in the editor ?<strong> ?bold part<\/strong><\/p>/);
  });

  test('seeded names are translated, exports write names and money as shown, the admin log names the action', async ({ page }) => {
    const username = `exp${Date.now() % 1_000_000}`;
    await addMember(page.request, { username, password: 'secret123' });
    await openAsAdmin(page, '/admin/user/user');
    await expect(page).toHaveTitle(/^会员/);
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: username });
    await expect(row.locator('td[data-col=group_id]')).toHaveText('默认分组');
    await expect(row.locator('td[data-col=money]')).toHaveText('¥0.00');

    const download = page.waitForEvent('download');
    await page.hover('[data-testid=crud-export]');
    await expect(page.getByRole('menuitem', { name: '导出 CSV' })).toBeVisible();
    await shotsAtTwoWidths(page, 'members-export');
    await page.getByRole('menuitem', { name: '导出 CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
    const header = csv[0]!.split(',');
    const line = csv.find((l) => l.includes(username))!.split(',');
    expect(line[header.indexOf('分组')]).toBe('默认分组');
    // Money in yuan with two decimals (the server writes the file, decision 040).
    expect(line[header.indexOf('余额')]).toBe('0.00');

    await page.goto('/admin/auth/adminLog');
    await expect(page).toHaveTitle(/^管理员日志/);
    await expect(page.locator('.ant-table-tbody td[data-col=title]', { hasText: '会员 - 添加' }).first()).toBeVisible();
  });
});
