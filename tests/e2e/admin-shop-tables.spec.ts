import { expect, test } from '@playwright/test';
import { adminLogin, adminToken, api, openedDialog, shot } from './support.ts';

/**
 * Issue 19 (CRUD v2 part): an admin of the seeded "Catalogue editors" group — not the super
 * admin — adds a type and a notice in the back office and sees both on the storefront at once.
 */
test('an editor adds a type and a notice and sees them on the storefront', async ({ page, request }) => {
  // Two back-office pages, two storefront pages and screenshots at two widths: longer than one journey.
  test.setTimeout(180_000);
  const boss = await adminToken(request);
  const groups = await api<{ list: { id: number; name: string }[] }>(request, '/admin/auth/group/index?quickSearch=Catalogue', { adminToken: boss });
  const editorGroup = groups.data.list.find((g) => g.name === 'Catalogue editors');
  expect(editorGroup, JSON.stringify(groups)).toBeDefined();
  const username = `editor${Date.now() % 1_000_000}`;
  const added = await api(request, '/admin/auth/admin/add', { adminToken: boss, data: { username, nickname: 'Shop editor', password: 'secret123', group_arr: [editorGroup!.id], status: 'enable' } });
  expect(added, JSON.stringify(added)).toMatchObject({ code: 1 });

  await page.setViewportSize({ width: 1440, height: 900 });
  await adminLogin(page, username, 'secret123');
  const stamp = String(Date.now() % 100_000);

  // A type: bilingual names and the material layout.
  await page.goto('/admin/shop/type');
  await page.click('[data-testid=crud-add]');
  const dialog = await openedDialog(page);
  await dialog.locator('[data-testid=field-name_zh]').fill(`调色预设${stamp}`);
  await dialog.locator('[data-testid=field-name_en]').fill(`Grading presets ${stamp}`);
  await dialog.locator('[data-testid=field-icon]').fill('filter');
  await dialog.locator('[data-testid=field-layout]').click();
  await page.locator('.ant-select-item-option', { hasText: '/course2' }).click();
  await shot(page, 'type-dialog-1440');
  await dialog.locator('[data-testid=crud-save]').click();
  await expect(dialog).toBeHidden();
  const typeRow = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: `调色预设${stamp}` });
  await expect(typeRow).toContainText('/course2');
  await shot(page, 'types-1440');

  // A notice with rich text.
  await page.goto('/admin/shop/notice');
  await page.click('[data-testid=crud-add]');
  await openedDialog(page);
  await dialog.locator('[data-testid=field-title_zh]').fill(`新品上架 ${stamp}`);
  await dialog.locator('[data-testid=field-title_en]').fill(`New arrivals ${stamp}`);
  await dialog.locator('[data-testid=field-content_zh-input]').click();
  await page.keyboard.type('本周新增调色预设。');
  await shot(page, 'notice-dialog-1440');
  await dialog.locator('[data-testid=crud-save]').click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: `新品上架 ${stamp}` })).toBeVisible();
  await shot(page, 'notices-1440');

  // The editor's menu holds the catalogue only (the matrix test checks every route).
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('adminInfo') ?? '{}') as { state?: { token?: string } }).state?.token ?? '');
  expect((await api(page.request, '/admin/shop/order/index', { adminToken: token })).code).toBe(401);
  expect((await api(page.request, '/admin/shop/collect/index', { adminToken: token })).code).toBe(1);

  // The storefront shows both at once: the notice first on the home page, the type in the list filter.
  await page.goto('/');
  await expect(page.getByTestId('home-notices')).toContainText(`新品上架 ${stamp}`);
  await page.getByTestId('home-notices').getByRole('button', { name: new RegExp(`新品上架 ${stamp}`) }).click();
  await expect(page.getByTestId('notice-body')).toContainText('本周新增调色预设');
  const filters = await api<{ types: unknown[] }>(request, '/api/catalogue/filters');
  expect(JSON.stringify(filters.data.types)).toContain(`调色预设${stamp}`);
  await page.goto('/list');
  await expect(page.getByTestId('list-type').locator('option', { hasText: `调色预设${stamp}` })).toHaveCount(1);

  // The list at phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/shop/type');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: `调色预设${stamp}` })).toBeVisible();
  await shot(page, 'types-390', { fullPage: true });
  await page.goto('/admin/shop/notice');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await shot(page, 'notices-390', { fullPage: true });
});
