import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, api } from './support.ts';

/**
 * Member money journeys (issue 18): a top-up paid in the sandbox shows in the balance at once (with
 * its bonus line); a VIP tier bought on /vip-pricing opens a VIP-covered item for download and a
 * VIP-covered course's lessons for watching.
 */

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

async function credit(request: APIRequestContext, userId: number, yuan: string) {
  const key = `e2e-mm-${userId}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const answer = await api(request, '/admin/user/moneyLog/add', { data: { user_id: userId, money: yuan, memo: 'e2e credit', idempotency_key: key }, adminToken: await adminToken(request) });
  expect(answer, JSON.stringify(answer)).toMatchObject({ code: 1 });
}

const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

test('top up with a preset in the sandbox: the amount and its bonus reach the balance at once', async ({ page }) => {
  const member = await register(page, 'topper');
  const options = (await api<{ presets: { amount: number; bonus: number }[] }>(page.request, '/api/topup/options')).data;
  const preset = options.presets.find((p) => p.bonus > 0) ?? options.presets[0]!;
  const presetIndex = options.presets.indexOf(preset);
  await logIn(page, member.username);

  await page.goto('/topup');
  await expect(page.getByTestId('topup-balance-amount')).toHaveText('¥0.00');
  await page.getByTestId('topup-preset').nth(presetIndex).click();
  await expect(page.getByTestId('topup-receive')).toContainText(yuan(preset.amount + preset.bonus));
  // A custom amount below the minimum is refused on the page.
  await page.locator('input[name="topup-custom"]').fill('0.5');
  await expect(page.getByTestId('topup-custom-error')).toBeVisible();
  await page.getByTestId('topup-preset').nth(presetIndex).click();
  await expect(page.getByTestId('topup-submit')).toBeDisabled();
  await page.getByTestId('topup-agree').check();
  await page.getByTestId('topup-submit').click();

  await expect(page).toHaveURL(/\/pay\?order=\d{18}$/);
  await expect(page.getByTestId('pay-amount')).toHaveText(yuan(preset.amount));
  // The balance cannot pay a top-up.
  await expect(page.getByTestId('pay-method-sandbox')).toBeVisible();
  await expect(page.getByTestId('pay-method-balance')).toHaveCount(0);
  await page.getByTestId('pay-method-sandbox').click();
  await page.getByTestId('pay-agree').check();
  await page.getByTestId('pay-submit').click();
  await expect(page.getByTestId('sandbox-page')).toBeVisible();
  await page.getByTestId('sandbox-pay').click();
  await expect(page.getByTestId('pay-result')).toHaveAttribute('data-state', 'paid');

  // The stored member follows without a reload: the top-up page and the member centre card.
  await page.getByTestId('pay-to-balance').click();
  await expect(page).toHaveURL(/\/user\/balance$/);
  await expect(page.getByTestId('balance-table')).toContainText(yuan(preset.amount).slice(1));
  await page.goto('/topup');
  await expect(page.getByTestId('topup-balance-amount')).toHaveText(yuan(preset.amount + preset.bonus));
  const info = await api<{ userInfo: { money: number } }>(page.request, '/api/index/index', { userToken: member.token });
  expect(info.data.userInfo.money).toBe(preset.amount + preset.bonus);
});

test('buy a VIP tier on /vip-pricing, then a VIP-covered file downloads from its page', async ({ page }) => {
  const member = await register(page, 'vipper');
  const tiers = (await api<{ list: { id: number; level: number; days: number; price: number }[] }>(page.request, '/api/vip/tiers')).data.list;
  const list = await api<{ list: { id: number; kind: string; vipFreeLevel: number }[] }>(page.request, '/api/catalogue/list?kind=material&price=vipFree&limit=50');
  // A material pack whose level is above the new member's trial VIP (level 1), reachable by a sold tier.
  const topLevel = Math.max(...tiers.map((t) => t.level));
  let item: { id: number; vipFreeLevel: number } | undefined;
  for (const card of list.data.list.filter((c) => c.vipFreeLevel > 1 && c.vipFreeLevel <= topLevel).sort((a, b) => b.vipFreeLevel - a.vipFreeLevel)) {
    const detail = await api<{ files: unknown[] }>(page.request, `/api/catalogue/detail?id=${card.id}`);
    if (detail.data.files.length > 0) {
      item = card;
      break;
    }
  }
  expect(item, 'a VIP-free material pack with files above level 1').toBeTruthy();
  const tier = tiers.filter((t) => t.level >= item!.vipFreeLevel).sort((a, b) => a.price - b.price)[0]!;
  await credit(page.request, member.id, String(Math.ceil(tier.price / 100) + 1));
  await logIn(page, member.username);

  await page.goto(`/course/${item!.id}`);
  await expect(page.getByTestId('detail-buy')).toBeVisible();
  await expect(page.getByTestId('file-download')).toHaveCount(0);

  await page.goto('/vip-pricing');
  const index = tiers.findIndex((t) => t.id === tier.id);
  await page.getByTestId('vip-tier').nth(index).getByTestId('vip-buy').click();
  await expect(page).toHaveURL(/\/pay\?order=\d{18}$/);
  await expect(page.getByTestId('pay-amount')).toHaveText(yuan(tier.price));
  await page.getByTestId('pay-method-balance').click();
  await page.getByTestId('pay-agree').check();
  await page.getByTestId('pay-submit').click();
  await expect(page.getByTestId('pay-result')).toHaveAttribute('data-state', 'paid');

  const info = await api<{ userInfo: { vip_level: number; vipLevelName: string } }>(page.request, '/api/index/index', { userToken: member.token });
  expect(info.data.userInfo.vip_level).toBe(tier.level);
  await page.goto(`/course/${item!.id}`);
  await expect(page.getByTestId('detail-access')).toBeVisible();
  await expect(page.getByTestId('detail-buy')).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByTestId('file-download').first().click();
  expect((await download).suggestedFilename()).not.toBe('');

  // A VIP-covered course: a lesson that is not a free preview plays through a signed link.
  const courses = await api<{ list: { id: number; vipFreeLevel: number }[] }>(page.request, '/api/catalogue/list?kind=course&price=vipFree&limit=50');
  let covered: { id: number; lesson: number } | undefined;
  for (const card of courses.data.list.filter((c) => c.vipFreeLevel > 0 && c.vipFreeLevel <= tier.level)) {
    const detail = await api<{ chapters: { lessons: { id: number; freePreview: boolean }[] }[] }>(page.request, `/api/catalogue/detail?id=${card.id}`);
    const lessons = detail.data.chapters.flatMap((c) => c.lessons);
    const index = lessons.findIndex((l) => !l.freePreview);
    if (index >= 0) {
      covered = { id: card.id, lesson: index };
      break;
    }
  }
  expect(covered, 'a VIP-free course with a paid lesson').toBeTruthy();
  await page.goto(`/course/${covered!.id}`);
  await expect(page.getByTestId('detail-access')).toBeVisible();
  const lesson = page.getByTestId('lesson').nth(covered!.lesson);
  await expect(lesson).toBeEnabled();
  const linked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/purchase/link');
  await lesson.click();
  expect(((await (await linked).json()) as { code: number }).code).toBe(1);
  const player = page.getByTestId('lesson-player');
  await expect(player).toHaveAttribute('src', /\/download\//);
  const played = await page.evaluate(async (src) => (await fetch(src, { headers: { range: 'bytes=0-7' } })).status, (await player.getAttribute('src'))!);
  expect(played).toBe(206);
});
