import { expect, test } from '@playwright/test';
import { openAsAdmin, shotsAtTwoWidths } from './support.ts';

/** Issue 20: the web terminal runs "show versions" from the panel and the lines stream in. */
test('the terminal panel runs "show versions" and streams its lines', async ({ page }) => {
  await openAsAdmin(page, '/admin/routine/config');
  await page.getByTestId('toggle-terminal').click();
  const panel = page.getByTestId('terminal-panel');
  await expect(panel).toBeVisible();

  // The command is chosen from a menu that opens on hover. A click while it is still opening was
  // lost on a busy machine (no task); hover and choose again until the task is queued.
  await expect(async () => {
    await page.getByTestId('terminal-run').hover();
    await page.getByRole('menuitem', { name: '查看版本' }).click({ timeout: 3_000 });
    await expect(panel.getByTestId('terminal-task')).not.toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const task = panel.getByTestId('terminal-task').last();
  await expect(task).toHaveAttribute('data-command', 'version.all');
  await expect(task).toHaveAttribute('data-status', '3', { timeout: 20_000 });
  await expect(task.getByTestId('terminal-task-status')).toHaveText('执行成功');

  await task.getByTestId('terminal-task-toggle').click();
  const output = task.getByTestId('terminal-output');
  await expect(output).toContainText('> node scripts/terminal-check.mjs versions');
  await expect(output).toContainText(/node v\d+\.\d+\.\d+/);
  await expect(output).toContainText(/npm \d+\.\d+/);
  await expect(output).toContainText('exitCode: 0');
  await shotsAtTwoWidths(page, 'terminal-panel');

  // The queue survives a reload (local storage), and the config dialog shows the spec's defaults.
  await page.reload();
  await page.getByTestId('toggle-terminal').click();
  await expect(panel.getByTestId('terminal-task').last()).toHaveAttribute('data-status', '3');
  await page.getByTestId('terminal-open-config').click();
  await expect(page.getByTestId('terminal-package-manager')).toContainText('pnpm');
  await expect(page.getByTestId('terminal-cleanup')).toHaveAttribute('aria-checked', 'true');
  await shotsAtTwoWidths(page, 'terminal-config');
});
