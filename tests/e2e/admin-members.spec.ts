import { expect, test } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './global-setup.ts';
import { adminLogin, openedDialog } from './support.ts';

test('an admin adds a member, credits their balance through the log, and sees it on the member row', async ({ page }) => {
  await adminLogin(page, 'admin', E2E_ADMIN_PASSWORD);

  const username = `vip${Date.now() % 1_000_000}`;
  await page.goto('/admin/user/user');
  await page.click('[data-testid=crud-add]');
  const dialog = await openedDialog(page);
  await dialog.locator('[data-testid=field-username]').fill(username);
  await dialog.locator('[data-testid=field-nickname]').fill('Backoffice member');
  await dialog.locator('[data-testid=field-password]').fill('secret123');
  await dialog.locator('[data-testid=crud-save]').click();
  await expect(dialog).toBeHidden();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.filter({ hasText: username })).toContainText('¥0.00');

  await page.goto('/admin/user/moneyLog');
  await page.click('[data-testid=crud-add]');
  await openedDialog(page);
  await dialog.locator('[data-testid=field-user_id]').click();
  await page.keyboard.type(username);
  await page.locator('.ant-select-item-option', { hasText: username }).click();
  await dialog.locator('[data-testid=field-money]').fill('-1');
  await dialog.locator('[data-testid=field-memo]').fill('Too early');
  await dialog.locator('[data-testid=crud-save]').click();
  await expect(page.getByText('余额不能低于零')).toBeVisible();
  await dialog.locator('[data-testid=field-money]').fill('88.80');
  await dialog.locator('[data-testid=field-memo]').fill('Welcome credit');
  await dialog.locator('[data-testid=crud-save]').click();
  await expect(dialog).toBeHidden();
  const logRow = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'Welcome credit' });
  await expect(logRow).toContainText(username);
  await expect(logRow).toContainText('+¥88.80');

  await page.goto('/admin/user/user');
  await expect(rows.filter({ hasText: username })).toContainText('¥88.80');
});
