import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FakeStripe, httpDelivery } from '../../server/test/fake-stripe.ts';
import { api, openAsAdmin, setSettings, shotsAtTwoWidths } from './support.ts';

/**
 * Stripe end to end (issue 17, decision 036): an English shop selling in USD with Stripe pointed at
 * a local fake speaking Stripe's wire format. Checkout → the fake's hosted page → signed webhook →
 * result page paid → the purchase downloads; a lost webhook found when the member returns; an
 * admin's "query provider" on the order and the pay log filtered to it.
 */

const SECRET_KEY = 'sk_test_e2e_framecraft';
const WEBHOOK_SECRET = 'whsec_e2e_framecraft';

let fake: FakeStripe;

async function register(request: APIRequestContext, prefix: string) {
  const username = `${prefix}${Date.now() % 1_000_000}`;
  const answer = await api<{ userInfo: { id: number; token: string } }>(request, '/api/user/checkIn', { data: { tab: 'register', username, password: 'secret123' } });
  expect(answer.code, JSON.stringify(answer)).toBe(1);
  return { username, token: answer.data.userInfo.token };
}

async function logIn(page: Page, username: string) {
  await page.goto('/login');
  await page.getByTestId('login-form').locator('input[name="username"]').fill(username);
  await page.getByTestId('login-form').locator('input[name="password"]').fill('secret123');
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Paid materials with files that a regular member must buy, cheapest first. */
async function paidMaterials(request: APIRequestContext, count: number, skip = 0) {
  const list = await api<{ list: { id: number; price: number; vipFreeLevel: number }[] }>(request, '/api/catalogue/list?kind=material&price=paid&sort=priceAsc&limit=50');
  const found: { id: number; price: number; files: { id: number }[] }[] = [];
  for (const card of list.data.list.filter((c) => c.price >= 50 && c.vipFreeLevel === 0).slice(skip)) {
    const detail = (await api<{ id: number; price: number; files: { id: number }[] }>(request, `/api/catalogue/detail?id=${card.id}`)).data;
    if (detail.files.length > 0) found.push(detail);
    if (found.length === count) break;
  }
  expect(found).toHaveLength(count);
  return found;
}

/** From the item page to the fake Stripe page, in English. */
async function checkoutWithStripe(page: Page, itemId: number) {
  await page.goto(`/course/${itemId}`);
  await page.getByTestId('detail-buy').click();
  await expect(page).toHaveURL(/\/pay\?order=\d{18}$/);
  const orderNo = new URL(page.url()).searchParams.get('order')!;
  await expect(page.getByTestId('pay-amount')).toContainText('$');
  await page.getByTestId('pay-method-stripe').click();
  await page.getByTestId('pay-agree').check();
  await page.getByTestId('pay-submit').click();
  await expect(page.getByTestId('fake-stripe')).toBeVisible();
  expect(page.url()).toContain(fake.url);
  return orderNo;
}

test.describe.serial('Stripe checkout against a local fake', () => {
  test.beforeAll(async ({ request }) => {
    const base = process.env.E2E_BASE_URL!;
    fake = new FakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, deliver: httpDelivery(`${base}/api/pay/notify/stripe`) });
    await fake.start();
    await setSettings(request, {
      currency: 'USD',
      payMethods: 'balance,sandbox,stripe',
      siteUrl: base,
      stripeSecretKey: SECRET_KEY,
      stripePublishableKey: 'pk_test_e2e',
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiHost: fake.url,
    });
  });
  test.afterAll(async ({ request }) => {
    await setSettings(request, { currency: 'CNY', payMethods: 'balance,sandbox', siteUrl: '', stripeSecretKey: '', stripeWebhookSecret: '', stripePublishableKey: '', stripeApiHost: '' });
    await fake.stop();
  });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('ba-lang', 'en'));
  });

  test('pay by card: fake Stripe page → signed webhook → paid → the file downloads', async ({ page }) => {
    const member = await register(page.request, 'card');
    const [item] = await paidMaterials(page.request, 1);
    await logIn(page, member.username);
    await checkoutWithStripe(page, item!.id);
    await expect(page.getByTestId('fake-stripe-amount')).toHaveText(`USD ${(item!.price / 100).toFixed(2)}`);
    await shotsAtTwoWidths(page, 'fake-stripe-page', { fullPage: true });
    await page.getByTestId('fake-stripe-pay').click();

    await expect(page).toHaveURL(/\/pay\?order=\d{18}&result=returned$/);
    await expect(page.getByTestId('pay-result')).toHaveAttribute('data-state', 'paid');
    await expect(page.getByTestId('pay-result')).toContainText('Card (Stripe)');
    expect(fake.deliveries.map((d) => [d.type, d.status])).toEqual([
      ['checkout.session.completed', 200],
      ['payment_intent.succeeded', 200],
    ]);
    await shotsAtTwoWidths(page, 'result-paid', { fullPage: true });

    await page.getByTestId('pay-to-purchases').click();
    await expect(page.getByTestId('purchase')).toHaveCount(1);
    const download = page.waitForEvent('download');
    await page.getByTestId('purchase').getByTestId('purchase-download').first().click();
    expect((await download).suggestedFilename()).not.toBe('');
  });

  test('a lost webhook: the result page checks with Stripe when the member returns', async ({ page }) => {
    const member = await register(page.request, 'lost');
    const [item] = await paidMaterials(page.request, 1, 1);
    await logIn(page, member.username);
    const orderNo = await checkoutWithStripe(page, item!.id);
    const delivered = fake.deliveries.length;
    await page.getByTestId('fake-stripe-lose').check();
    const checked = page.waitForResponse((r) => r.url().endsWith('/api/pay/query'));
    await page.getByTestId('fake-stripe-pay').click();
    expect((await (await checked).json()).data).toMatchObject({ order_no: orderNo, state: 'paid', provider: 'paid', settled: true });
    await expect(page.getByTestId('pay-result')).toHaveAttribute('data-state', 'paid');
    expect(fake.deliveries.length).toBe(delivered);
  });

  test('admin: "query provider" settles an order whose webhook was lost; the pay log shows it, filtered', async ({ page }) => {
    // The back-office login (captcha) and two full pages at two widths take a while on a busy machine.
    test.setTimeout(150_000);
    const member = await register(page.request, 'admq');
    const [item] = await paidMaterials(page.request, 1, 2);
    const order = await api<{ order_no: string }>(page.request, '/api/order/create', { data: { items: [item!.id] }, userToken: member.token });
    const submitted = await api<{ action: { url: string } }>(page.request, '/api/pay/submit', { data: { order_no: order.data.order_no, method: 'stripe' }, userToken: member.token });
    await fake.pay(new URL(submitted.data.action.url).pathname.split('/').pop()!, { deliver: false });

    await openAsAdmin(page, '/admin/shop/order');
    await page.getByTestId('crud-quick-search').locator('input').fill(order.data.order_no);
    await page.getByTestId('crud-quick-search').locator('input').press('Enter');
    const row = page.locator('tr', { hasText: order.data.order_no });
    await row.getByRole('button', { name: /Details/ }).click();
    const drawer = page.getByTestId('admin-order-detail');
    await expect(drawer).toContainText('Unpaid');
    await drawer.getByTestId('admin-order-query').click();
    await expect(drawer).toContainText('Paid');
    await expect(drawer).toContainText('Query');
    await shotsAtTwoWidths(page, 'admin-order-queried', { fullPage: true });

    await page.goto('/admin/shop/payLog');
    await page.getByTestId('crud-filters-toggle').click();
    await page.getByTestId('filter-order_no').fill(order.data.order_no);
    await page.getByTestId('filter-kind').click();
    await page.locator('.ant-select-dropdown').getByText('Query', { exact: true }).click();
    await page.getByTestId('crud-filter-apply').click();
    const rows = page.getByTestId('crud-shop/payLog').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Succeeded');
    await shotsAtTwoWidths(page, 'admin-pay-log-filtered', { fullPage: true });
  });
});
