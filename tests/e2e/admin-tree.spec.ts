import { expect, test } from '@playwright/test';
import { adminToken, api, openAsAdmin, shotsAtTwoWidths } from './support.ts';

interface RuleNode {
  id: number;
  children?: RuleNode[];
}
const count = (nodes: RuleNode[]): number => nodes.reduce((n, node) => n + 1 + count(node.children ?? []), 0);

/**
 * The menu rules are a big tree (~150 rows): it opens folded to its top level, so the page is
 * quick on a phone; a parent opens and closes on its toggle, and stays as the admin left it.
 */
test('the menu rules open folded to their top level; a parent opens and closes on its toggle', async ({ page }) => {
  const token = await adminToken(page.request);
  const { data } = await api<{ list: RuleNode[] }>(page.request, '/admin/auth/rule/index', { adminToken: token });
  expect(count(data.list)).toBeGreaterThan(60);
  const parent = data.list.find((node) => (node.children ?? []).length > 0)!;

  await openAsAdmin(page, '/admin/auth/rule');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(data.list.length, { timeout: 30_000 });
  await shotsAtTwoWidths(page, 'rules-folded');
  const toggle = page.locator(`tr.ant-table-row[data-row-key="${parent.id}"] .ant-table-row-expand-icon`);
  await toggle.click();
  await expect(rows).toHaveCount(data.list.length + parent.children!.length);
  await toggle.click();
  await expect(rows).toHaveCount(data.list.length);
});
