import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './global-setup.ts';
import { adminLogin } from './support.ts';

/**
 * Issue 19 (visual polish): the generic admin table and filter panel on a phone, and the
 * dashboard charts in the dark theme — cheap checks of what screenshots showed broken.
 */
test('admin tables, filters and charts hold up on a phone and in the dark theme', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await adminLogin(page, 'admin', E2E_ADMIN_PASSWORD);

  // Items list: at least 150 px of the title are on screen, not hidden under a pinned actions column.
  await page.goto('/admin/shop/course');
  const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
  const title = row.locator('td[data-col=title_zh]');
  await expect(title).toBeVisible();
  const box = (await title.boundingBox())!;
  const actions = (await row.locator('td').last().boundingBox())!;
  const visible = Math.min(box.x + box.width, 390, actions.x > box.x ? actions.x : Infinity) - box.x;
  expect(visible).toBeGreaterThanOrEqual(150);

  // Pay log filters: every input, the date range too, stays inside the panel and the page.
  await page.goto('/admin/shop/payLog');
  await page.getByTestId('crud-filters-toggle').click();
  const form = page.getByTestId('crud-filter-form');
  await expect(form.locator('.ant-picker-range')).toBeVisible();
  const overflow = await form.evaluate((el) => ({
    form: el.scrollWidth - el.clientWidth,
    page: document.documentElement.scrollWidth - window.innerWidth,
    right: Math.max(...[...el.querySelectorAll('.ant-form-item')].map((item) => item.getBoundingClientRect().right)) - el.getBoundingClientRect().right,
  }));
  expect(overflow.form).toBeLessThanOrEqual(0);
  expect(overflow.page).toBeLessThanOrEqual(0);
  expect(overflow.right).toBeLessThanOrEqual(0);

  // Dashboard in the dark theme: the chart tooltip is drawn in the theme's colours, not Chart.js's
  // translucent black box.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin/dashboard');
  const chart = page.getByTestId('chart-sales');
  await chart.scrollIntoViewIfNeeded();
  const canvas = chart.locator('canvas');
  await expect(canvas).toBeVisible();
  const before = await pixels(page);
  const area = (await canvas.boundingBox())!;
  await page.mouse.move(area.x + area.width * 0.5, area.y + area.height * 0.6);
  await expect.poll(async () => changed(before, await pixels(page)).length).toBeGreaterThan(500);
  const drawn = changed(before, await pixels(page));
  const defaultBlack = drawn.filter(([r, g, b, a]) => r < 10 && g < 10 && b < 10 && a > 150 && a < 230);
  expect(defaultBlack.length).toBeLessThan(100);
});

/** The RGBA bytes of the sales chart's canvas. */
function pixels(page: Page): Promise<number[]> {
  return page.getByTestId('chart-sales').locator('canvas').evaluate((c: HTMLCanvasElement) => [...c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data]);
}

/** Pixels that differ between two captures, as [r, g, b, a] of the later one. */
function changed(before: number[], after: number[]): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  for (let i = 0; i < after.length; i += 4) {
    if (after[i] !== before[i] || after[i + 1] !== before[i + 1] || after[i + 2] !== before[i + 2] || after[i + 3] !== before[i + 3]) out.push([after[i]!, after[i + 1]!, after[i + 2]!, after[i + 3]!]);
  }
  return out;
}
