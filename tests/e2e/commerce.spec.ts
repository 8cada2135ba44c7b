import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, api, openAsAdmin } from './support.ts';

/**
 * Commerce journeys (issue 16): cart → sandbox checkout → purchases; balance refused then paid
 * after an admin credit; cancelling an unpaid order; an admin refund revoking the download.
 */

interface Card {
  id: number;
  kind: 'material' | 'course';
  price: number;
}
interface Detail extends Card {
  files: { id: number }[];
  chapters: { lessons: { id: number }[] }[];
}

async function register(page: Page, prefix: string): Promise<{ username: string; id: number; token: string }> {
  const username = `${prefix}${Date.now() % 1_000_000}`;
  const answer = await api<{ userInfo: { id: number; token: string } }>(page.request, '/api/user/checkIn', { data: { tab: 'register', username, password: 'secret123' } });
  expect(answer.code, JSON.stringify(answer)).toBe(1);
  return { username, id: answer.data.userInfo.id, token: answer.data.userInfo.token };
}

async function logIn(page: Page, username: string) {
  await page.goto('/login');
  await page.getByTestId('login-form').locator('input[name="username"]').fill(username);
  await page.getByTestId('login-form').locator('input[name="password"]').fill('secret123');
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Paid items of a kind that a regular member must buy (no VIP-free rule), with files or lessons. */
async function paidItems(request: APIRequestContext, kind: 'material' | 'course', count: number): Promise<Detail[]> {
  const list = await api<{ list: (Card & { vipFreeLevel: number })[] }>(request, `/api/catalogue/list?kind=${kind}&price=paid&sort=priceAsc&limit=50`);
  const found: Detail[] = [];
  for (const card of list.data.list.filter((c) => c.price > 0 && c.vipFreeLevel === 0)) {
    const detail = (await api<Detail>(request, `/api/catalogue/detail?id=${card.id}`)).data;
    const content = kind === 'material' ? detail.files.length : detail.chapters.flatMap((c) => c.lessons).length;
    if (content > 0) found.push(detail);
    if (found.length === count) break;
  }
  expect(found).toHaveLength(count);
  return found;
}

async function payWithBalance(request: APIRequestContext, member: { id: number; token: string }, item: Card): Promise<string> {
  await credit(request, member.id, String(Math.ceil(item.price / 100) + 1));
  const order = await api<{ order_no: string }>(request, '/api/order/create', { data: { items: [item.id] }, userToken: member.token });
  const paid = await api<{ state: string }>(request, '/api/pay/submit', { data: { order_no: order.data.order_no, method: 'balance' }, userToken: member.token });
  expect(paid.data.state).toBe('paid');
  return order.data.order_no;
}

async function credit(request: APIRequestContext, userId: number, yuan: string) {
  const answer = await api(request, '/admin/user/moneyLog/add', { data: { user_id: userId, money: yuan, memo: 'e2e credit', idempotency_key: `e2e-${userId}-${Date.now()}-${Math.random().toString(36).slice(2)}` }, adminToken: await adminToken(request) });
  expect(answer, JSON.stringify(answer)).toMatchObject({ code: 1 });
}

test('two items through the cart, paid in the sandbox, then listed in my purchases and owned on their pages', async ({ page }) => {
  const member = await register(page, 'buyer');
  const [material] = await paidItems(page.request, 'material', 1);
  const [course] = await paidItems(page.request, 'course', 1);
  await logIn(page, member.username);

  for (const item of [material!, course!]) {
    await page.goto(`/course/${item.id}`);
    await page.getByTestId('detail-add-cart').click();
  }
  await expect(page.getByTestId('header-cart-count')).toHaveText('2');

  await page.getByTestId('header-cart').click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  // Today's price for this member (a new member's trial VIP may lower it), as the server prices the cart.
  const cart = await api<{ total: number }>(page.request, '/api/cart/list', { userToken: member.token });
  await expect(page.getByTestId('cart-total')).toHaveText(`¥${(cart.data.total / 100).toFixed(2)}`);
  await page.getByTestId('cart-checkout').click();

  await expect(page).toHaveURL(/\/pay\?order=\d{18}$/);
  await expect(page.getByTestId('pay-line')).toHaveCount(2);
  await expect(page.getByTestId('pay-countdown')).toBeVisible();
  // The agreement must be accepted first.
  await page.getByTestId('pay-method-sandbox').click();
  await expect(page.getByTestId('pay-submit')).toBeDisabled();
  await page.getByTestId('pay-agree').check();
  await page.getByTestId('pay-submit').click();

  await expect(page).toHaveURL(/\/pay\/sandbox\?/);
  await expect(page.getByTestId('sandbox-page')).toBeVisible();
  await page.getByTestId('sandbox-pay').click();

  await expect(page.getByTestId('pay-result')).toHaveAttribute('data-state', 'paid');
  // The paid lines left the cart.
  await expect(page.getByTestId('header-cart-count')).toHaveCount(0);
  await page.getByTestId('pay-to-purchases').click();
  await expect(page).toHaveURL(/\/user\/my-purchases$/);
  await expect(page.getByTestId('purchase')).toHaveCount(2);

  // The detail page now says it is owned instead of offering to buy.
  await page.goto(`/course/${material!.id}`);
  await expect(page.getByTestId('detail-access')).toBeVisible();
  await expect(page.getByTestId('detail-buy')).toHaveCount(0);

  await page.goto('/user/my-payments');
  await expect(page.getByTestId('payments-table').getByTestId('payment-state').first()).toBeVisible();
});

test('an owned file downloads and an owned lesson plays from my purchases, through fresh signed links', async ({ page }) => {
  const member = await register(page, 'owner');
  const [material] = await paidItems(page.request, 'material', 1);
  const [course] = await paidItems(page.request, 'course', 1);
  await payWithBalance(page.request, member, material!);
  await payWithBalance(page.request, member, course!);
  await logIn(page, member.username);
  await page.goto('/user/my-purchases');
  await expect(page.getByTestId('purchase')).toHaveCount(2);

  // Download: a fresh signed link, served as an attachment.
  const download = page.waitForEvent('download');
  await page.locator(`[data-testid=purchase][data-item="${material!.id}"]`).getByTestId('purchase-download').first().click();
  expect((await download).suggestedFilename()).not.toBe('');

  // Watch: the signed link streams in the player.
  await page.locator(`[data-testid=purchase][data-item="${course!.id}"]`).getByTestId('purchase-watch').first().click();
  const player = page.getByTestId('purchase-player');
  await expect(player).toBeVisible();
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 15_000 }).toBeGreaterThan(0);

});

test('a balance payment is refused without enough money, then goes through after an admin credit', async ({ page }) => {
  const member = await register(page, 'saver');
  const [item] = await paidItems(page.request, 'material', 1);
  await logIn(page, member.username);

  await page.goto(`/course/${item!.id}`);
  await page.getByTestId('detail-buy').click();
  await expect(page).toHaveURL(/\/pay\?order=\d{18}$/);
  await page.getByTestId('pay-method-balance').click();
  await page.getByTestId('pay-agree').check();
  await page.getByTestId('pay-submit').click();
  // The server's message, and the order still waits for payment.
  await expect(page.getByTestId('toast').filter({ hasText: /余额不足|Insufficient balance/ })).toBeVisible();
  await expect(page.getByTestId('pay-form')).toBeVisible();

  await credit(page.request, member.id, String(Math.ceil(item!.price / 100) + 1));
  await page.reload();
  await page.getByTestId('pay-method-balance').click();
  await page.getByTestId('pay-agree').check();
  await page.getByTestId('pay-submit').click();
  await expect(page.getByTestId('pay-result')).toHaveAttribute('data-state', 'paid');
});

test('an unpaid order can be cancelled from my orders', async ({ page }) => {
  const member = await register(page, 'quitter');
  const [item] = await paidItems(page.request, 'material', 1);
  const order = await api<{ order_no: string }>(page.request, '/api/order/create', { data: { items: [item!.id] }, userToken: member.token });
  expect(order.code).toBe(1);
  await logIn(page, member.username);

  await page.goto('/user/my-orders');
  const row = page.getByTestId('orders-table').locator('tr', { hasText: order.data.order_no });
  await expect(row.getByTestId('order-state')).toHaveText(/待支付|Unpaid/);
  await expect(row.getByTestId('order-countdown')).toBeVisible();
  await row.getByTestId('order-cancel').click();
  await page.locator('.ant-popconfirm').getByRole('button').last().click();
  await expect(row.getByTestId('order-state')).toHaveText(/已关闭|Closed/);
  await expect(row.getByTestId('order-pay')).toHaveCount(0);

  // The checkout of a closed order offers to order again.
  await page.goto(`/pay?order=${order.data.order_no}`);
  await expect(page.getByTestId('pay-result')).toHaveAttribute('data-state', 'closed');
  await expect(page.getByTestId('pay-again')).toBeVisible();
});

test('an admin refunds an order in full and the item can no longer be downloaded', async ({ page }) => {
  const member = await register(page, 'refund');
  const [item] = await paidItems(page.request, 'material', 1);
  const orderNo = await payWithBalance(page.request, member, item!);
  const order = { data: { order_no: orderNo } };
  const fileId = item!.files[0]!.id;
  expect((await api(page.request, '/api/purchase/link', { data: { item_id: item!.id, file_id: fileId }, userToken: member.token })).code).toBe(1);

  await openAsAdmin(page, '/admin/shop/order');
  // A shop below the count cap (decision 052) sees its exact total under the list, as the server counted it.
  const listed = await api<{ total: number; totalCapped: boolean }>(page.request, '/admin/shop/order/index?page=1&limit=10', { adminToken: await adminToken(page.request) });
  expect(listed.data.totalCapped).toBe(false);
  await expect(page.locator('.ant-pagination-total-text')).toHaveText(`共 ${listed.data.total} 条`);
  const row = page.locator('tr', { hasText: order.data.order_no });
  await row.getByRole('button', { name: /详情|Details/ }).click();
  const drawer = page.getByTestId('admin-order-detail');
  await expect(drawer).toContainText(order.data.order_no);
  await drawer.getByTestId('admin-order-refund').click();
  await page.getByTestId('admin-refund-ok').click();
  await expect(drawer).toContainText(/已退款|Refunded/);

  // Ownership is gone: no purchase, and no link.
  const link = await api(page.request, '/api/purchase/link', { data: { item_id: item!.id, file_id: fileId }, userToken: member.token });
  expect(link.code).toBe(0);
  const purchases = await api<{ list: { item: { id: number } }[] }>(page.request, '/api/purchase/list', { userToken: member.token });
  expect(purchases.data.list.map((p) => p.item.id)).not.toContain(item!.id);
});
