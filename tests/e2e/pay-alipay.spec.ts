import { expect, test, type Page } from '@playwright/test';
import { FakeAlipay, rsaKeyPair } from '../../server/test/fake-alipay.ts';
import { api, openAsAdmin, setSettings, shot } from './support.ts';

/**
 * Alipay end to end (issue 17 part 1, decision 034): the admin points the Alipay settings at a local
 * gateway speaking Alipay's wire format (signatures checked both ways with keys made here), a
 * member checks out with Alipay, pays on the fake cashier, whose signed notification reaches the
 * real notify endpoint; the return lands on the result page, which shows the order paid, and the
 * purchase downloads.
 */

const APP_ID = '2021000000000077';
const SELLER_ID = '2088000000000077';
const appKeys = rsaKeyPair();
let fake: FakeAlipay;

const RESET = { payMethods: 'balance,sandbox', siteUrl: '', alipayAppId: '', alipaySellerId: '', alipayPrivateKey: '', alipayPublicKey: '', alipayGateway: 'https://openapi.alipay.com/gateway.do' };

test.beforeAll(async () => {
  fake = await FakeAlipay.start({ appId: APP_ID, sellerId: SELLER_ID, appPublicKey: appKeys.publicKey });
});
test.afterAll(async ({ playwright }) => {
  await fake.close();
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await setSettings(request, RESET);
  await request.dispose();
});

async function register(page: Page) {
  const username = `alipay${Date.now() % 1_000_000}`;
  const answer = await api<{ userInfo: { id: number; token: string } }>(page.request, '/api/user/checkIn', { data: { tab: 'register', username, password: 'secret123' } });
  expect(answer.code, JSON.stringify(answer)).toBe(1);
  return { username, token: answer.data.userInfo.token };
}

/** A paid material with files that a regular member must buy. */
async function paidMaterial(page: Page) {
  const list = await api<{ list: { id: number; price: number; vipFreeLevel: number }[] }>(page.request, '/api/catalogue/list?kind=material&price=paid&sort=priceAsc&limit=50');
  for (const card of list.data.list.filter((c) => c.price > 0 && c.vipFreeLevel === 0)) {
    const detail = (await api<{ id: number; price: number; files: unknown[] }>(page.request, `/api/catalogue/detail?id=${card.id}`)).data;
    if (detail.files.length > 0) return detail;
  }
  throw new Error('no paid material with files');
}

test.describe.serial('Alipay', () => {
  test('the admin sees why Alipay is not offered, fills in the Payment settings, and sees it ready', async ({ page }) => {
    await setSettings(page.request, { ...RESET, payMethods: 'balance,sandbox,alipay' });
    await openAsAdmin(page, '/admin/routine/config');
    await page.getByRole('tab', { name: '支付配置' }).click();
    const status = page.getByTestId('payment-status-alipay');
    await expect(status).toHaveAttribute('data-ready', 'false');
    await expect(status).toContainText('支付宝：缺少应用 ID、缺少卖家 ID、未设置站点公开地址（基础设置）、缺少应用私钥、缺少支付宝公钥');
    await shot(page.getByTestId('payment-status'), 'settings-payment-problems');

    await page.getByRole('tab', { name: '基础配置' }).click();
    await page.getByTestId('setting-siteUrl').fill(process.env.E2E_BASE_URL!);
    await page.getByRole('tab', { name: '支付配置' }).click();
    await page.getByTestId('setting-alipayAppId').fill(APP_ID);
    await page.getByTestId('setting-alipaySellerId').fill(SELLER_ID);
    await page.getByTestId('setting-alipayPrivateKey').fill(appKeys.privateKey.export({ format: 'pem', type: 'pkcs1' }).toString());
    await page.getByTestId('setting-alipayPublicKey').fill(fake.alipayKeys.publicBase64);
    await page.getByTestId('setting-alipayGateway').fill(fake.url);
    const saved = page.waitForResponse((r) => r.url().includes('/routine/config/edit'));
    await page.getByTestId('config-save').click();
    expect((await (await saved).json()).code).toBe(1);
    await expect(status).toHaveAttribute('data-ready', 'true');
    await expect(status).toContainText('支付宝：可用');
    await expect(page.getByTestId('payment-urls')).toContainText(`${process.env.E2E_BASE_URL}/api/pay/notify/alipay`);
    // The stored private key comes back only as the mask.
    await page.reload();
    await page.getByRole('tab', { name: '支付配置' }).click();
    await expect(page.getByTestId('setting-alipayPrivateKey')).toHaveValue('******');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
      await page.getByTestId('payment-status').scrollIntoViewIfNeeded();
      await shot(page, `settings-payment-${width}`, { fullPage: width > 1000 });
    }
  });

  test('a member pays with Alipay on the cashier; the result page shows the order paid and the purchase downloads', async ({ page }) => {
    const member = await register(page);
    const item = await paidMaterial(page);
    const order = await api<{ order_no: string }>(page.request, '/api/order/create', { data: { items: [item.id] }, userToken: member.token });
    expect(order.code).toBe(1);
    await page.goto('/login');
    await page.getByTestId('login-form').locator('input[name="username"]').fill(member.username);
    await page.getByTestId('login-form').locator('input[name="password"]').fill('secret123');
    await page.getByTestId('login-submit').click();
    await expect(page).not.toHaveURL(/\/login/);

    await page.goto(`/pay?order=${order.data.order_no}`);
    await page.getByTestId('pay-method-alipay').click();
    await page.getByTestId('pay-agree').check();
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
      await shot(page, `checkout-alipay-${width}`, { fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('pay-submit').click();

    await expect(page.getByTestId('alipay-cashier')).toBeVisible();
    await expect(page.getByTestId('alipay-cashier')).toHaveAttribute('data-kind', 'page');
    const yuan = `${Math.floor(item.price / 100)}.${String(item.price % 100).padStart(2, '0')}`;
    await expect(page.getByTestId('alipay-amount')).toHaveText(yuan);
    await page.getByTestId('alipay-pay').click();

    await expect(page).toHaveURL(new RegExp(`/pay\\?order=${order.data.order_no}&result=returned`));
    await expect(page.getByTestId('pay-result')).toHaveAttribute('data-state', 'paid');
    expect(fake.notified.at(-1)).toMatchObject({ status: 200, answer: 'success' });
    await shot(page, 'result-paid-1280');

    await page.goto('/user/my-purchases');
    const download = page.waitForEvent('download');
    await page.locator(`[data-testid=purchase][data-item="${item.id}"]`).getByTestId('purchase-download').first().click();
    expect((await download).suggestedFilename()).not.toBe('');
  });

  test('back from the cashier before the notification arrives, the result page asks the server, which queries Alipay', async ({ page }) => {
    const member = await register(page);
    const item = await paidMaterial(page);
    const order = await api<{ order_no: string }>(page.request, '/api/order/create', { data: { items: [item.id] }, userToken: member.token });
    const submitted = await api<{ action: { url: string } }>(page.request, '/api/pay/submit', { data: { order_no: order.data.order_no, method: 'alipay', device: 'mobile' }, userToken: member.token });
    expect(new URL(submitted.data.action.url).searchParams.get('method')).toBe('alipay.trade.wap.pay');
    // Paid at Alipay, but the notification is lost: only the query can tell.
    fake.addTrade(order.data.order_no, `${Math.floor(item.price / 100)}.${String(item.price % 100).padStart(2, '0')}`, '', 'TRADE_SUCCESS');
    await page.goto('/login');
    await page.getByTestId('login-form').locator('input[name="username"]').fill(member.username);
    await page.getByTestId('login-form').locator('input[name="password"]').fill('secret123');
    await page.getByTestId('login-submit').click();
    await expect(page).not.toHaveURL(/\/login/);
    const queried = page.waitForResponse((r) => r.url().includes('/api/pay/query'));
    await page.goto(`/pay?order=${order.data.order_no}&result=returned`);
    expect((await (await queried).json()).data.state).toBe('paid');
    await expect(page.getByTestId('pay-result')).toHaveAttribute('data-state', 'paid');
  });
});
