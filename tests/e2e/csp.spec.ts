import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './global-setup.ts';
import { addMember, adminLogin } from './support.ts';

/**
 * Issue 15 item 10 (decision 029): the main pages run under the strict Content-Security-Policy with
 * not one violation — the inline theme script by its hash, everything else from our origin.
 */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const list = ((window as unknown as { __csp?: string[] }).__csp ??= []);
      list.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content[- ]Security[- ]Policy|Refused to|Permissions-Policy/i.test(message.text())) violations.push(message.text());
  });
  return async () => [...violations, ...((await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])) as string[])];
}

test('storefront, login, member centre and back office load with zero CSP violations', async ({ page, request }) => {
  const violations = await watchViolations(page);
  const seen: string[] = [];
  const visit = async (path: string, ready: () => Promise<unknown>) => {
    const response = await page.goto(path);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp, path).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    await ready();
    seen.push(...(await violations()).map((v) => `${path}: ${v}`));
  };

  await visit('/', () => expect(page.getByTestId('course-card-link').first()).toBeVisible());
  await visit('/list', () => expect(page.getByTestId('course-card-link').first()).toBeVisible());
  await page.getByTestId('course-card-link').first().click();
  await expect(page).toHaveURL(/\/course2?\/\d+$/);
  await visit(new URL(page.url()).pathname, () => expect(page.getByTestId('detail-buy').first()).toBeAttached());
  await visit('/login', () => expect(page.getByTestId('login-form')).toBeVisible());

  // The member centre (antd, lazily loaded) after a real login through the page.
  const username = `csp${Date.now().toString(36).slice(-8)}`;
  await addMember(request, { username, password: 'Csp-pass-123' });
  const form = page.getByTestId('login-form');
  await form.locator('input[name=username]').fill(username);
  await form.locator('input[name=password]').fill('Csp-pass-123');
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/user\/overview$/);
  await visit('/user/overview', () => page.waitForLoadState('networkidle'));

  await visit('/admin/login', () => expect(page.getByTestId('admin-login-form')).toBeVisible());
  await adminLogin(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.waitForLoadState('networkidle');
  seen.push(...(await violations()).map((v) => `/admin (dashboard): ${v}`));
  await visit('/admin', () => page.waitForLoadState('networkidle'));

  expect(seen).toEqual([]);
});
