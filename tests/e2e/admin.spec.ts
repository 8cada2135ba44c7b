import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { E2E_ADMIN_PASSWORD } from './global-setup.ts';
import { adminLogin, openAsAdmin, openedDialog, setSettings } from './support.ts';

async function logout(page: Page) {
  await page.click('[data-testid=admin-user-menu]');
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.waitForURL(/\/admin\/login/);
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==', 'base64');

/** A zip archive holding readme.txt ("hello"). */
const ZIP = Buffer.from(
  'UEsDBBQAAAAAANsleV2GphA2BQAAAAUAAAAKAAAAcmVhZG1lLnR4dGhlbGxvUEsBAhQDFAAAAAAA2yV5XYamEDYFAAAABQAAAAoAAAAAAAAAAAAAAIABAAAAAHJlYWRtZS50eHRQSwUGAAAAAAEAAQA4AAAALQAAAAAA',
  'base64',
);

const table = (page: Page) => page.locator('.ant-table-tbody');
const rowNames = async (page: Page) => (await table(page).locator('tr.ant-table-row td[data-col=name]').allInnerTexts()).map((s) => s.trim());

async function addDepartment(page: Page, values: { name: string; responsible?: string; phone?: string }) {
  await page.click('[data-testid=crud-add]');
  const dialog = await openedDialog(page);
  await dialog.locator('[data-testid=field-name]').fill(values.name);
  if (values.responsible) await dialog.locator('[data-testid=field-responsible]').fill(values.responsible);
  if (values.phone) await dialog.locator('[data-testid=field-phone]').fill(values.phone);
  await dialog.locator('[data-testid=crud-save]').click();
  await expect(dialog).toBeHidden();
  await expect(table(page)).toContainText(values.name);
}

test.describe.serial('admin back office', () => {
  test('super admin creates a group and an admin; that admin sees only what the group grants', async ({ page }) => {
    await adminLogin(page, 'admin', E2E_ADMIN_PASSWORD);
    await expect(page.getByTestId('admin-greeting')).toContainText('Admin');

    await page.goto('/admin/auth/group');
    await page.click('[data-testid=crud-add]');
    const dialog = await openedDialog(page);
    await dialog.locator('[data-testid=field-name]').fill('部门编辑');
    await dialog.locator('[data-testid=field-pid]').click();
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '超级管理员' }).click();
    const nodes = dialog.locator('.ant-tree-treenode');
    const department = nodes.filter({ hasText: /^部门管理$/ });
    await department.locator('.ant-tree-checkbox').click();
    // All five department buttons came along; take "delete" away again.
    const all = await nodes.allInnerTexts();
    const at = all.findIndex((text) => text.trim() === '部门管理');
    expect(all.slice(at + 1, at + 6).map((s) => s.trim())).toEqual(['查看', '添加', '编辑', '删除', '排序']);
    await nodes.nth(at + 4).locator('.ant-tree-checkbox').click();
    await dialog.locator('[data-testid=crud-save]').click();
    await expect(dialog).toBeHidden();
    await expect(table(page)).toContainText('部门编辑');

    await page.goto('/admin/auth/admin');
    await page.click('[data-testid=crud-add]');
    await openedDialog(page);
    await dialog.locator('[data-testid=field-username]').fill('deptuser');
    await dialog.locator('[data-testid=field-nickname]').fill('小部');
    await dialog.locator('[data-testid=field-password]').fill('dept-pass-1');
    await dialog.locator('[data-testid=field-group_arr]').click();
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '部门编辑' }).click();
    await dialog.locator('[data-testid=crud-save]').click();
    await expect(dialog).toBeHidden();
    await expect(table(page)).toContainText('deptuser');
    await logout(page);

    await adminLogin(page, 'deptuser', 'dept-pass-1');
    await expect(page).toHaveURL(/\/admin\/organization\/department$/);
    const menu = page.getByTestId('admin-menu');
    await expect(menu).toContainText('部门管理');
    await expect(menu).not.toContainText('管理员管理');
    await expect(menu).not.toContainText('岗位管理');
    await expect(page.getByTestId('crud-add')).toBeVisible();
    await expect(page.getByTestId('crud-bulk-delete')).toHaveCount(0);
    // The API refuses what the group lacks…
    const answer = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('adminInfo') ?? '{}').state?.token ?? JSON.parse(localStorage.getItem('adminInfo') ?? '{}').token;
      const res = await fetch('/admin/auth/admin/index', { headers: { server: 'true', batoken: token, 'think-lang': 'zh-cn' } });
      return res.json();
    });
    expect(answer).toMatchObject({ code: 401, msg: '您没有权限操作！' });
    // … and the page route shows the no-permission page.
    await page.goto('/admin/auth/admin');
    await expect(page).toHaveURL(/\/401$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/organization\/department$/);
    await logout(page);
  });

  test('departments: add, quick search, filter, sort, drag-sort, export, delete and restore', async ({ page }) => {
    await openAsAdmin(page, '/admin/organization/department');
    await addDepartment(page, { name: 'Sales', responsible: 'Ann', phone: '010-1000' });
    await addDepartment(page, { name: 'Support', responsible: 'Bob', phone: '010-2000' });
    await addDepartment(page, { name: 'Studio', responsible: 'Cai' });
    // Newest first by weight.
    expect(await rowNames(page)).toEqual(['Studio', 'Support', 'Sales']);

    // A server-side validation message lands on its field.
    await page.click('[data-testid=crud-add]');
    const dialog = await openedDialog(page);
    await dialog.locator('[data-testid=field-name]').fill('Bad');
    await dialog.locator('[data-testid=field-email]').fill('not-mail');
    await dialog.locator('[data-testid=crud-save]').click();
    await expect(dialog).toContainText('请输入正确的电子邮箱');
    await page.keyboard.press('Escape');
    // The closing dialog gives the focus back to its button: typing before it is gone can lose keys.
    await expect(dialog).toBeHidden();

    // Each search is seen in the rows before the next step; an Enter that was not seen (a busy CI
    // machine, twice) is pressed again, as a person would.
    const quickSearch = page.getByTestId('crud-quick-search').locator('input');
    const search = async (text: string, rows: string[]) => {
      await quickSearch.fill(text);
      await expect(async () => {
        await quickSearch.press('Enter');
        expect(await rowNames(page)).toEqual(rows);
      }).toPass({ timeout: 15_000 });
    };
    await search('bob', ['Support']);
    await search('', ['Studio', 'Support', 'Sales']);

    await page.click('[data-testid=crud-filters-toggle]');
    await page.getByTestId('filter-responsible').fill('a');
    await page.click('[data-testid=crud-filter-apply]');
    await expect.poll(() => rowNames(page)).toEqual(['Studio', 'Sales']);
    await page.click('[data-testid=crud-filter-reset]');
    await expect.poll(() => rowNames(page)).toEqual(['Studio', 'Support', 'Sales']);

    await page.locator('.ant-table-thead th', { hasText: '名称' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Sales', 'Studio', 'Support']);
    await page.locator('.ant-table-thead th', { hasText: '名称' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Support', 'Studio', 'Sales']);
    await page.locator('.ant-table-thead th', { hasText: '名称' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Studio', 'Support', 'Sales']);

    // Drag "Sales" onto "Studio": it moves to the top.
    const rows = table(page).locator('tr.ant-table-row');
    await rows.filter({ hasText: 'Sales' }).dragTo(rows.filter({ hasText: 'Studio' }));
    await expect.poll(() => rowNames(page)).toEqual(['Sales', 'Studio', 'Support']);

    const csvDownload = page.waitForEvent('download');
    await page.hover('[data-testid=crud-export]');
    await page.getByRole('menuitem', { name: '导出 CSV' }).click();
    const csv = readFileSync((await (await csvDownload).path())!, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe('ID,名称,上级,负责人,电话,邮箱,状态,创建时间');
    expect(csv.slice(1).map((line) => line.split(',')[1])).toEqual(['Sales', 'Studio', 'Support']);

    const xlsxDownload = page.waitForEvent('download');
    await page.hover('[data-testid=crud-export]');
    await page.getByRole('menuitem', { name: '导出 Excel' }).click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await (await xlsxDownload).path())!);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('名称');
    expect([2, 3, 4].map((r) => sheet.getRow(r).getCell(2).value)).toEqual(['Sales', 'Studio', 'Support']);

    // Delete → recycle bin → restore.
    await rows.filter({ hasText: 'Support' }).locator('[data-testid^=delete-]').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /删\s?除/ }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Sales', 'Studio']);
    await page.goto('/admin/security/dataRecycleLog');
    const binRow = table(page).locator('tr.ant-table-row', { hasText: 'Support' });
    await binRow.locator('[data-testid^=restore-]').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /还\s?原/ }).click();
    await expect(table(page)).not.toContainText('Support');
    await page.goto('/admin/organization/department');
    await expect.poll(() => rowNames(page)).toContain('Support');
  });

  test('layouts switch and persist; column settings are kept across reloads', async ({ page }) => {
    await openAsAdmin(page, '/admin/organization/department');
    await expect(page.getByTestId('admin-layout-Default')).toBeVisible();
    for (const mode of ['Classic', 'Streamline', 'Default'] as const) {
      await page.click('[data-testid=open-settings]');
      await page.click(`[data-testid=layout-mode-${mode}]`);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId(`admin-layout-${mode}`)).toBeVisible();
      await page.reload();
      await expect(page.getByTestId(`admin-layout-${mode}`)).toBeVisible();
    }
    await page.click('[data-testid=crud-columns]');
    await page.click('[data-testid=column-toggle-phone]');
    await expect(page.locator('.ant-table-thead')).not.toContainText('电话');
    await page.reload();
    await expect(page.locator('.ant-table-thead')).toContainText('名称');
    await expect(page.locator('.ant-table-thead')).not.toContainText('电话');
  });

  test('background jobs: the runner started with the server, its periodic jobs are listed with their state', async ({ page }) => {
    await openAsAdmin(page, '/admin/routine/backgroundJob');
    // Other journeys queue jobs of their own (exports, payments, …): find the purge by its name.
    await page.getByTestId('crud-quick-search').locator('input').fill('session.purgeTokens');
    await page.getByTestId('crud-quick-search').locator('input').press('Enter');
    const purge = table(page).locator('tr.ant-table-row', { hasText: 'session.purgeTokens' }).first();
    await expect(purge).toBeVisible();
    await expect(purge).toContainText('已成功');
    await expect(purge).toContainText('1 / 1');
    // Only failed jobs offer a retry.
    await expect(purge.getByRole('button', { name: /^重\s?试$/ })).toHaveCount(0);
  });

  test('attachments: several files uploaded at once under a topic, a disguised file refused, the library lists them', async ({ page }) => {
    await openAsAdmin(page, '/admin/routine/attachment');
    await expect(page.locator('.ant-table')).toBeVisible();
    await page.getByTestId('attachment-upload').click();
    const dialog = page.getByRole('dialog');
    const topic = dialog.getByPlaceholder('default');
    await topic.fill('bad topic!');
    await expect(dialog).toContainText('请使用最多 20 个字母、数字、_ 或 -');
    await topic.fill('e2e_docs');
    const stamp = Date.now().toString(36);
    await dialog.locator('input[type=file]').setInputFiles([
      { name: `pixel-${stamp}.png`, mimeType: 'image/png', buffer: PNG },
      { name: `pack-${stamp}.zip`, mimeType: 'application/zip', buffer: ZIP },
      { name: `page-${stamp}.png`, mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') },
    ]);
    await expect(dialog.getByTestId('file-upload-item')).toHaveCount(2);
    const refused = dialog.getByTestId('file-upload-pending');
    await expect(refused).toHaveCount(1);
    await expect(refused).toContainText(`page-${stamp}.png`);
    await expect(refused.getByRole('alert')).toHaveText('不允许的文件类型');
    // Sending the same refused file again cannot help: no retry, only remove.
    await expect(refused.getByRole('button', { name: /^重\s?试$/ })).toHaveCount(0);
    await expect(refused.getByRole('button', { name: /^移\s?除$/ })).toBeVisible();
    await dialog.getByTestId('attachment-upload-done').click();
    await expect(dialog).toBeHidden();
    await expect(table(page)).toContainText(`pixel-${stamp}.png`);
    await expect(table(page)).toContainText(`pack-${stamp}.zip`);
    await expect(table(page)).not.toContainText(`page-${stamp}.png`);
    const row = table(page).locator('tr.ant-table-row', { hasText: `pixel-${stamp}.png` });
    await expect(row).toContainText('e2e_docs');
    await expect(row.locator('img')).toHaveAttribute('src', /\/storage\/e2e_docs\//);
  });

  test('a renamed back office: pages under the new prefix, calls to <prefix>.php, the old path gone', async ({ page, request }) => {
    await setSettings(request, { backendEntrance: '/studio' });
    try {
      await adminLogin(page, 'admin', E2E_ADMIN_PASSWORD, '/studio');
      await expect(page.getByTestId('admin-greeting')).toBeVisible();
      const calls: string[] = [];
      page.on('request', (r) => r.url().includes('/ajax/') || r.url().includes('/routine/') ? calls.push(new URL(r.url()).pathname) : undefined);
      await page.goto('/studio/routine/attachment');
      await expect(page.locator('.ant-table')).toBeVisible();
      expect(calls.some((path) => path.startsWith('/studio.php/routine/attachment/index'))).toBe(true);
      await page.goto('/admin/login');
      await expect(page).toHaveURL(/\/404$/);
    } finally {
      await setSettings(request, { backendEntrance: '/admin' }, '/studio.php');
    }
  });
});
