import { expect, test } from '@playwright/test';

/** The app shell of spec §2/§4 in a real browser against the real built server. */

test('an unknown path shows the 404 page, which returns to the previous page by itself', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByTestId('page-title')).toBeVisible();
  // A typed URL that no route knows: a new document in the same tab.
  await page.goto('/no/such/page?x=1');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByTestId('not-found-countdown')).toBeVisible();
  const seconds = Number(await page.getByTestId('not-found-countdown').getAttribute('data-seconds'));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(5);
  // After the countdown (5 s) the browser goes back to where the visitor came from.
  await expect(page).toHaveURL(/\/about$/, { timeout: 9_000 });
});

test('opening the 404 page without a previous page goes home; the links work', async ({ page }) => {
  await page.goto('/nope/never');
  await expect(page).toHaveURL(/\/404$/);
  await page.getByTestId('go-home').click();
  await expect(page).toHaveURL(/\/$/);
});

test('an admin page without a session goes through the loading route to the admin login, carrying the path', async ({ page }) => {
  await page.goto('/admin/x?y=1');
  await expect(page).toHaveURL(/\/admin\/login\?/);
  const url = new URL(page.url());
  const carried = [...url.searchParams.values()].find((value) => value.startsWith('/admin'));
  expect(carried).toBe('/admin/x?y=1');
});

test('the member centre root goes through its loading route; /user/login is the member login', async ({ page }) => {
  await page.goto('/user/login');
  await expect(page).toHaveURL(/\/login(\?|$)/);
});

test('the browser title is the translated route title and the site name, or the title query parameter', async ({ page }) => {
  await page.goto('/list');
  await expect(page).toHaveTitle('素材列表 - Framecraft');
  await page.goto('/about?title=Hello');
  await expect(page).toHaveTitle('Hello - Framecraft');
});

test('the theme starts dark, and a chosen theme survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme', 'dark');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.reload();
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('switching the language reloads the page in the other language and is remembered', async ({ page }) => {
  await page.goto('/list');
  await expect(page.getByTestId('language-switch')).toHaveAttribute('data-language', 'zh-cn');
  await Promise.all([page.waitForEvent('load'), page.getByTestId('language-switch').click()]);
  await expect(page.getByTestId('language-switch')).toHaveAttribute('data-language', 'en');
  await expect(page).toHaveTitle(/ - Framecraft$/);
  await expect(page).not.toHaveTitle('素材列表 - Framecraft');
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/i);
  await page.reload();
  await expect(page.getByTestId('language-switch')).toHaveAttribute('data-language', 'en');
  // Every server message follows the choice too.
  const answer = await page.evaluate(async () => (await fetch('/api/nope', { headers: { server: 'true', 'think-lang': 'en' } })).json());
  expect(answer.msg).toMatch(/^Error requesting address:/);
});

test('/list keeps what was typed and its scroll position after opening an item and coming back', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 640 });
  await page.goto('/list');
  const keyword = page.getByTestId('list-keyword');
  await keyword.fill('调色 LUT');
  await page.evaluate(() => window.scrollTo(0, 300));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(100);
  // Open an item whose card is on screen (a script click: Playwright would scroll to it first).
  await expect(page.getByTestId('course-card-link').first()).toBeVisible();
  await page.evaluate(() => {
    const links = [...document.querySelectorAll<HTMLAnchorElement>('[data-testid="course-card-link"]')];
    links.find((link) => link.getBoundingClientRect().top > 0 && link.getBoundingClientRect().bottom < window.innerHeight)!.click();
  });
  await expect(page).toHaveURL(/\/course2?\/\d+$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/list$/);
  await expect(keyword).toHaveValue('调色 LUT');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
});
