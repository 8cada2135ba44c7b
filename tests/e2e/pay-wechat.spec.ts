import { devices, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FakeWechatPay, merchantKeys } from '../../server/test/fake-wechatpay.ts';
import { api, setSettings } from './support.ts';

/**
 * WeChat Pay (issue 17 part 2, decision 035) end to end in Chromium against a local WeChat Pay v3
 * fake: checkout → QR code → the fake "scans and pays" (signed, encrypted notification to the real
 * notify endpoint) → the page turns to the paid result by itself → the purchase downloads. On a
 * phone, H5 pay sends the browser to WeChat's cashier and back.
 */

const merchant = merchantKeys();
const apiV3Key = 'E2eApiV3Key-0123456789abcdefghij'.slice(0, 32);
let fake: FakeWechatPay;

interface Card {
  id: number;
  price: number;
  vipFreeLevel: number;
}

test.beforeAll(async ({ request, baseURL }) => {
  fake = await new FakeWechatPay({ mchid: '1900000109', appid: 'wxd678efh567hg6787', merchantSerial: merchant.serial, merchantPublicKey: merchant.publicKey, apiV3Key }).start();
  await setSettings(request, {
    payMethods: 'balance,sandbox,wechat',
    siteUrl: baseURL,
    wechatMchid: '1900000109',
    wechatAppid: 'wxd678efh567hg6787',
    wechatMerchantSerial: merchant.serial,
    wechatMerchantPrivateKey: merchant.privatePem,
    wechatApiV3Key: apiV3Key,
    wechatPlatformKey: fake.platformPublicKeyPem,
    wechatPlatformKeyId: fake.platformKeyId,
    wechatApiBase: fake.url,
  });
});

test.afterAll(async ({ request }) => {
  await setSettings(request, { payMethods: 'balance,sandbox', siteUrl: '', wechatApiBase: 'https://api.mch.weixin.qq.com' });
  await fake?.close();
});

async function register(page: Page, prefix: string) {
  const username = `${prefix}${Date.now() % 1_000_000}`;
  const answer = await api<{ userInfo: { id: number; token: string } }>(page.request, '/api/user/checkIn', { data: { tab: 'register', username, password: 'secret123' } });
  expect(answer.code, JSON.stringify(answer)).toBe(1);
  await page.goto('/login');
  await page.getByTestId('login-form').locator('input[name="username"]').fill(username);
  await page.getByTestId('login-form').locator('input[name="password"]').fill('secret123');
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/login/);
  return answer.data.userInfo;
}

/** A paid material pack with files that a new member must buy. */
async function paidMaterial(request: APIRequestContext, skip = 0): Promise<Card> {
  const list = await api<{ list: Card[] }>(request, '/api/catalogue/list?kind=material&price=paid&sort=priceAsc&limit=50');
  const found: Card[] = [];
  for (const card of list.data.list.filter((c) => c.price > 0 && c.vipFreeLevel === 0)) {
    const detail = await api<{ files: unknown[] }>(request, `/api/catalogue/detail?id=${card.id}`);
    if (detail.data.files.length > 0) found.push(card);
    if (found.length > skip) break;
  }
  expect(found.length).toBeGreaterThan(skip);
  return found[skip]!;
}

async function checkout(page: Page, item: Card): Promise<string> {
  await page.goto(`/course/${item.id}`);
  await page.getByTestId('detail-buy').click();
  await expect(page).toHaveURL(/\/pay\?order=\d{18}$/);
  const orderNo = new URL(page.url()).searchParams.get('order')!;
  await page.getByTestId('pay-method-wechat').click();
  await page.getByTestId('pay-agree').check();
  await page.getByTestId('pay-submit').click();
  return orderNo;
}

test('Native: the QR code with the amount, the payer scans and pays, the page shows paid, the purchase downloads', async ({ page }) => {
  await register(page, 'wxbuyer');
  const item = await paidMaterial(page.request);
  const orderNo = await checkout(page, item);

  const panel = page.getByTestId('pay-qrcode');
  await expect(panel).toBeVisible();
  await expect(panel.locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
  const amount = await page.getByTestId('pay-amount').textContent();
  await expect(page.getByTestId('pay-qrcode-amount')).toHaveText(amount!);
  await expect(page.getByTestId('pay-qrcode-waiting')).toContainText('等待支付');
  expect(fake.transactions.get(orderNo)?.trade_state).toBe('NOTPAY');

  // The payer scans and pays: WeChat notifies the shop; the page learns it by polling.
  expect((await fake.pay(orderNo)).status).toBe(200);
  await expect(page.getByTestId('pay-result')).toHaveAttribute('data-state', 'paid');
  await expect(page.getByTestId('pay-result')).toContainText('微信支付');

  await page.getByTestId('pay-to-purchases').click();
  await expect(page).toHaveURL(/\/user\/my-purchases$/);
  const download = page.waitForEvent('download');
  await page.locator(`[data-testid=purchase][data-item="${item.id}"]`).getByTestId('purchase-download').first().click();
  expect((await download).suggestedFilename()).not.toBe('');
});

test('H5 on a phone: off to the WeChat cashier, paid there, back on the result page', async ({ browser, baseURL }) => {
  const { defaultBrowserType: _engine, ...iphone } = devices['iPhone 13'];
  const context = await browser.newContext({ ...iphone, baseURL, locale: 'zh-CN' });
  const page = await context.newPage();
  try {
    await register(page, 'wxphone');
    const item = await paidMaterial(page.request, 1);
    const orderNo = await checkout(page, item);
    await expect(page.getByTestId('fake-h5-cashier')).toBeVisible();
    const back = new URL(page.url()).searchParams.get('redirect_url')!;
    expect(back).toBe(`${baseURL}/pay?order=${orderNo}`);
    expect((await fake.pay(orderNo)).status).toBe(200);
    await page.goto(back);
    await expect(page.getByTestId('pay-result')).toHaveAttribute('data-state', 'paid');
  } finally {
    await context.close();
  }
});
