import { expect, test, type Locator, type Page } from '@playwright/test';
import { addMember, adminToken, api, openAsAdmin, openedDialog, shot } from './support.ts';

/** Pick an option of an antd Select (the open dropdown's option with this exact title). */
async function choose(page: Page, select: Locator, title: string, search?: string) {
  await select.click();
  if (search) await page.keyboard.type(search);
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${title}"]`).click();
}

/**
 * Issue 20 (code generator): the super admin designs a table with five field kinds and a relation
 * to the members, generates it, adds a row through the generated page at once, reopens the design
 * with every setting kept, and deletes the generation with its table.
 */
test('generate a table, use it, reopen the design and delete it', async ({ page, request }) => {
  test.setTimeout(600_000);
  const stamp = String(Date.now() % 1_000_000);
  const table = `e2e_book_${stamp}`;
  const member = `reader${stamp}`;
  await addMember(request, { username: member, password: 'secret123' });

  await page.setViewportSize({ width: 1440, height: 900 });
  await openAsAdmin(page, '/admin/crud/generator');
  await page.click('[data-testid=gen-new]');

  // A reserved name gets a field message before generating.
  await page.fill('[data-testid=gen-table]', 'select');
  await page.fill('[data-testid=gen-title]', '图书');
  await expect(page.getByText('这是 SQL 关键字，请换一个名称')).toBeVisible();
  await page.fill('[data-testid=gen-table]', table);
  // The menu icon through the one icon picker (decision 046).
  await page.getByTestId('icon-picker-trigger').click();
  const picker = page.getByTestId('icon-picker');
  await picker.getByTestId('icon-picker-search').locator('input').fill('book');
  await picker.locator('[data-icon-option="ant-design:book-outlined"]').click({ timeout: 30_000 });
  await expect(page.getByTestId('icon-picker-trigger')).toContainText('ant-design:book-outlined');

  const field = (i: number) => page.locator(`[data-testid=gen-field-${i}]`);
  // 0: text, required, quick search, sortable.
  await field(0).locator('[data-testid=gen-f0-name]').fill('title');
  await field(0).locator('[data-testid=gen-f0-label]').fill('书名');
  await choose(page, field(0).locator('[data-testid=gen-f0-rules]'), '必填');
  await page.keyboard.press('Escape');
  await choose(page, field(0).locator('[data-testid=gen-f0-operator]'), '包含');
  await field(0).locator('[data-testid=gen-f0-sortable]').click();
  await field(0).locator('[data-testid=gen-f0-quickSearch]').click();
  // 1: money with a default.
  await page.click('[data-testid=gen-add-field]');
  await field(1).locator('[data-testid=gen-f1-name]').fill('price');
  await field(1).locator('[data-testid=gen-f1-label]').fill('价格');
  await choose(page, field(1).locator('[data-testid=gen-f1-component]'), '金额');
  await field(1).locator('[data-testid=gen-f1-default]').fill('100');
  await choose(page, field(1).locator('[data-testid=gen-f1-operator]'), '范围');
  // 2: select with options.
  await page.click('[data-testid=gen-add-field]');
  await field(2).locator('[data-testid=gen-f2-name]').fill('state');
  await field(2).locator('[data-testid=gen-f2-label]').fill('状态');
  await choose(page, field(2).locator('[data-testid=gen-f2-component]'), '下拉选择');
  await field(2).locator('[data-testid=gen-f2-options] input').fill('draft');
  await page.keyboard.press('Enter');
  await page.keyboard.type('live');
  await page.keyboard.press('Enter');
  await field(2).locator('[data-testid=gen-f2-comment]').fill('Publishing state');
  // 3: switch.
  await page.click('[data-testid=gen-add-field]');
  await field(3).locator('[data-testid=gen-f3-name]').fill('featured');
  await field(3).locator('[data-testid=gen-f3-label]').fill('推荐');
  await choose(page, field(3).locator('[data-testid=gen-f3-component]'), '开关');
  // 4: date, nullable, not in the list.
  await page.click('[data-testid=gen-add-field]');
  await field(4).locator('[data-testid=gen-f4-name]').fill('published');
  await field(4).locator('[data-testid=gen-f4-label]').fill('出版时间');
  await choose(page, field(4).locator('[data-testid=gen-f4-component]'), '日期时间');
  await field(4).locator('[data-testid=gen-f4-nullable]').click();
  await field(4).locator('[data-testid=gen-f4-show]').click();
  // 5: a relation to the members (remote select on user/user, filterable by username).
  await page.click('[data-testid=gen-add-field]');
  await field(5).locator('[data-testid=gen-f5-name]').fill('reader_id');
  await field(5).locator('[data-testid=gen-f5-label]').fill('读者');
  await choose(page, field(5).locator('[data-testid=gen-f5-component]'), '远程下拉', '远程');
  await choose(page, field(5).locator('[data-testid=gen-f5-relTable]'), 'user', 'user');
  await choose(page, field(5).locator('[data-testid=gen-f5-relLabel]'), 'username');
  await field(5).locator('[data-testid=gen-f5-relController]').fill('user/user');
  await field(5).locator('[data-testid=gen-f5-relFilter]').click();
  await shot(page, 'designer-1440', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'designer-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.click('[data-testid=gen-generate]');
  await expect(page.locator(`[data-testid=gen-open-${table}]`)).toBeVisible({ timeout: 30_000 });
  await shot(page, 'log-1440');

  // The generated page works at once: add a row with every kind of field.
  await page.goto(`/admin/gen/${table}`);
  await page.click('[data-testid=crud-add]');
  const dialog = await openedDialog(page);
  await dialog.locator('[data-testid=field-title]').fill('The Left Hand of Darkness');
  await dialog.locator('[data-testid=field-price]').fill('42.50');
  await choose(page, dialog.locator('[data-testid=field-state]'), 'live');
  await dialog.locator('[data-testid=field-featured]').click();
  await choose(page, dialog.locator('[data-testid=field-reader_id]'), member, member);
  await dialog.locator('[data-testid=crud-save]').click();
  await expect(dialog).toBeHidden();
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'The Left Hand of Darkness' });
  await expect(row).toContainText('42.50');
  await expect(row).toContainText(member);
  await shot(page, 'generated-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'generated-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  const token = await adminToken(request);
  const listed = await api<{ list: Record<string, unknown>[] }>(request, `/admin/gen/${table}/index`, { adminToken: token });
  expect(listed.data.list[0]).toMatchObject({ title: 'The Left Hand of Darkness', price: 4250, state: 'live', featured: 1, published: null, reader_id_row: { username: member } });

  // Reopen: every designer setting is back.
  await page.goto('/admin/crud/generator');
  await page.click(`[data-testid=gen-open-${table}]`);
  await expect(page.locator('[data-testid=gen-table]')).toHaveValue(table);
  await expect(page.locator('[data-testid=gen-table]')).toBeDisabled();
  await expect(page.locator('[data-testid=gen-title]')).toHaveValue('图书');
  await expect(page.getByTestId('icon-picker-trigger')).toContainText('ant-design:book-outlined');
  await expect(field(0).locator('[data-testid=gen-f0-rules]')).toContainText('必填');
  await expect(field(0).locator('[data-testid=gen-f0-operator]')).toContainText('包含');
  await expect(field(0).locator('[data-testid=gen-f0-sortable]')).toHaveAttribute('aria-checked', 'true');
  await expect(field(0).locator('[data-testid=gen-f0-quickSearch]')).toHaveAttribute('aria-checked', 'true');
  await expect(field(1).locator('[data-testid=gen-f1-component]')).toContainText('金额');
  await expect(field(1).locator('[data-testid=gen-f1-default]')).toHaveValue('100');
  await expect(field(1).locator('[data-testid=gen-f1-operator]')).toContainText('范围');
  await expect(field(2).locator('[data-testid=gen-f2-options]')).toContainText('draft');
  await expect(field(2).locator('[data-testid=gen-f2-options]')).toContainText('live');
  await expect(field(2).locator('[data-testid=gen-f2-comment]')).toHaveValue('Publishing state');
  await expect(field(3).locator('[data-testid=gen-f3-component]')).toContainText('开关');
  await expect(field(4).locator('[data-testid=gen-f4-nullable]')).toHaveAttribute('aria-checked', 'true');
  await expect(field(4).locator('[data-testid=gen-f4-show]')).toHaveAttribute('aria-checked', 'false');
  await expect(field(5).locator('[data-testid=gen-f5-relTable]')).toContainText('user');
  await expect(field(5).locator('[data-testid=gen-f5-relLabel]')).toContainText('username');
  await expect(field(5).locator('[data-testid=gen-f5-relController]')).toHaveValue('user/user');
  await expect(field(5).locator('[data-testid=gen-f5-relFilter]')).toHaveAttribute('aria-checked', 'true');
  await shot(page, 'reopened-1440', { fullPage: true });
  await page.click('[data-testid=gen-back]');

  // Delete the generation and drop its table (asked twice).
  await page.click(`[data-testid=gen-del-${table}]`);
  await page.click('[data-testid=gen-drop-table]');
  await page.click('[data-testid=gen-delete-ok]');
  await page.click('[data-testid=gen-drop-ok]');
  await expect(page.locator(`[data-testid=gen-open-${table}]`)).toHaveCount(0);
  const pk = await api<{ pk: string }>(request, `/admin/ajax/getTablePk?table=${table}`, { adminToken: token });
  expect(pk.data.pk).toBe('');
  expect((await api(request, `/admin/gen/${table}/index`, { adminToken: token })).code).not.toBe(1);
});
