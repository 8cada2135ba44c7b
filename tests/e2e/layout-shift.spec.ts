import { expect, test } from '@playwright/test';

/**
 * Issue 21: no storefront page moves under the reader while it loads (CLS ≤ 0.05, Lighthouse's
 * "good"). Each page is opened on a phone and on a desktop over a slow connection, so data arrives
 * well after the first paint, and the layout shifts Chromium reports are summed.
 */
const CLS_BUDGET = 0.05;

test('storefront pages keep their layout while data arrives, on a phone and a desktop', async ({ browser, request, baseURL }) => {
  test.setTimeout(240_000);
  const answer = await (await request.get('/api/catalogue/list?limit=50', { headers: { server: 'true' } })).json();
  const cards = answer.data.list as { id: number; kind: string }[];
  const course = cards.find((card) => card.kind === 'course')!;
  const material = cards.find((card) => card.kind === 'material')!;
  const paths = ['/', '/list', `/course/${course.id}`, `/course2/${material.id}`, '/vip-pricing', '/login'];
  const results: string[] = [];
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    for (const path of paths) {
      const context = await browser.newContext({ viewport, baseURL });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 200, downloadThroughput: 1_000_000, uploadThroughput: 100_000 });
      await page.addInitScript(() => {
        const state = window as unknown as { layoutShift: number };
        state.layoutShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) state.layoutShift += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
      results.push(`${viewport.width} ${path} ${shift.toFixed(3)}`);
      expect(shift, `${path} at ${viewport.width} px`).toBeLessThanOrEqual(CLS_BUDGET);
      await context.close();
    }
  }
  test.info().annotations.push({ type: 'layout shift', description: results.join('; ') });
});
