import { expect, test, type Page } from '@playwright/test';

/** A new member registered through the API (the register page is another journey's subject). */
async function registerMember(page: Page, username: string) {
  const answer = await page.request.post('/api/user/checkIn', {
    headers: { server: 'true', 'think-lang': 'en' },
    data: { tab: 'register', username, password: 'secret123' },
  });
  expect((await answer.json()).code).toBe(1);
}

async function logIn(page: Page, username: string) {
  await page.getByTestId('login-form').locator('input[name="username"]').fill(username);
  await page.getByTestId('login-form').locator('input[name="password"]').fill('secret123');
  await page.getByTestId('login-submit').click();
}

test('home shows featured items, notices, shelves and the VIP offer from the demo shop', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('home-featured').getByRole('link')).toHaveCount(4);
  await expect(page.getByTestId('home-latest').getByTestId('course-card-link')).toHaveCount(8);
  await expect(page.getByTestId('home-shelf').first()).toBeVisible();
  await expect(page.getByTestId('home-vip-from')).toContainText('¥');
  // A notice opens in place with its sanitised text.
  await page.getByTestId('home-notices').getByRole('button').first().click();
  await expect(page.getByTestId('notice-body')).not.toBeEmpty();
});

test('the list keeps its filters in the URL, loads more on scroll and shows an empty state with a way out', async ({ page }) => {
  await page.goto('/list?kind=course&sort=priceAsc&bogus=1&price=cheap');
  await expect(page.getByTestId('list-kind-course')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('list-sort')).toHaveValue('priceAsc');
  const cards = page.getByTestId('list-results').getByTestId('course-card-link');
  await expect(cards.first()).toBeVisible();

  // Choosing a filter rewrites the URL, so the link reproduces the view.
  await page.getByTestId('list-price-free').click();
  await expect(page).toHaveURL(/\/list\?kind=course&price=free&sort=priceAsc$/);
  await page.getByTestId('list-kind-all').click();
  await page.getByTestId('list-price-all').click();
  await page.getByTestId('list-sort').selectOption('newest');
  await expect(page).toHaveURL(/\/list$/);

  // 85 demo items, 20 a page: scrolling to the end loads them all.
  await expect(cards).toHaveCount(20);
  for (let i = 0; i < 6 && !(await page.getByTestId('list-end').isVisible()); i++) {
    await page.getByTestId('list-more').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
  }
  await expect(page.getByTestId('list-end')).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(80);

  await page.getByTestId('list-keyword').fill('no-such-thing-xyz');
  await page.getByTestId('list-keyword').press('Enter');
  await expect(page.getByTestId('list-empty')).toBeVisible();
  await page.getByRole('button', { name: /清除筛选|Clear filters/ }).click();
  await expect(page).toHaveURL(/\/list$/);
  await expect(page.getByTestId('list-keyword')).toHaveValue('');
});

test('a course opens in the course layout, a material pack in the pack layout; unknown items are 404', async ({ page }) => {
  await page.goto('/list?kind=course');
  await page.getByTestId('course-card-link').first().click();
  await expect(page).toHaveURL(/\/course\/\d+$/);
  await expect(page.getByTestId('detail-course')).toBeVisible();
  await expect(page.getByTestId('syllabus').getByTestId('lesson').first()).toBeVisible();
  await expect(page.getByTestId('detail-add-cart')).toBeVisible();
  // Buying makes an order, so a visitor is asked to log in first and comes back here.
  const coursePath = new URL(page.url()).pathname;
  await page.getByTestId('detail-buy').click();
  await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(coursePath)}$`));

  await page.goto('/list?kind=material');
  await page.getByTestId('course-card-link').first().click();
  await expect(page).toHaveURL(/\/course2\/\d+$/);
  await expect(page.getByTestId('detail-material')).toBeVisible();
  await expect(page.getByTestId('file-list')).toBeVisible();
  await expect(page.getByTestId('gallery')).toBeVisible();

  await page.goto('/course/999999');
  await expect(page).toHaveURL(/\/404$/);
});

test('each kind shows its own content at both detail routes, titled by kind; the routes differ in layout only', async ({ page }) => {
  const first = async (kind: string) => {
    const answer = await page.request.get(`/api/catalogue/list?kind=${kind}&limit=1`, { headers: { server: 'true' } });
    return ((await answer.json()) as { data: { list: { id: number }[] } }).data.list[0]!.id;
  };
  const course = await first('course');
  const material = await first('material');
  for (const path of [`/course/${course}`, `/course2/${course}`]) {
    await page.goto(path);
    const detail = page.getByTestId('detail-course');
    await expect(detail).toBeVisible();
    await expect(detail).toHaveAttribute('data-layout', path.startsWith('/course2') ? 'course2' : 'course');
    await expect(page.getByTestId('syllabus').getByTestId('lesson').first()).toBeVisible();
    await expect(page.getByTestId('file-list')).toHaveCount(0);
    await expect(page.getByTestId('gallery')).toHaveCount(0);
    await expect(page).toHaveTitle(/^课程详情/);
  }
  for (const path of [`/course/${material}`, `/course2/${material}`]) {
    await page.goto(path);
    const detail = page.getByTestId('detail-material');
    await expect(detail).toBeVisible();
    await expect(detail).toHaveAttribute('data-layout', path.startsWith('/course2') ? 'course2' : 'course');
    await expect(page.getByTestId('file-list')).toBeVisible();
    await expect(page.getByTestId('gallery')).toBeVisible();
    await expect(page.getByTestId('syllabus')).toHaveCount(0);
    await expect(page.getByTestId('purchase-box')).not.toContainText(/章|课时/);
    await expect(page).toHaveTitle(/^素材详情/);
  }
});

test('on a phone the buy bar (price, buy, favourite) stays on screen down a long item page; not on a wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The most popular paid course: a demo item (items other journeys add are newer and have no sales).
  const answer = await page.request.get('/api/catalogue/list?kind=course&price=paid&sort=popular&limit=1', { headers: { server: 'true' } });
  const id = ((await answer.json()) as { data: { list: { id: number }[] } }).data.list[0]!.id;
  await page.goto(`/course/${id}`);
  const bar = page.getByTestId('buy-bar');
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('¥');
  // Buying creates an order, so it is a button (a visitor is sent to log in when pressing it).
  await expect(bar.getByTestId('buy-bar-buy')).toBeEnabled();
  await page.evaluate(() => window.scrollTo(0, 1500));
  const box = (await bar.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844 + 1);
  expect(box.y).toBeGreaterThan(844 - 120);
  // A visitor's favourite goes to login, as in the purchase box.
  await bar.getByTestId('buy-bar-favourite').click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/course/${id}`);
  await expect(page.getByTestId('purchase-box')).toBeVisible();
  await expect(page.getByTestId('buy-bar')).toBeHidden();
});

test('/list at 390 px: every price chip is on screen and the cards of a row line up', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/list');
  await expect(page.getByTestId('list-results').getByTestId('course-card-link').first()).toBeVisible();
  for (const id of ['list-kind-all', 'list-kind-course', 'list-kind-material', 'list-price-all', 'list-price-free', 'list-price-paid', 'list-price-vipFree']) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.x, id).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, id).toBeLessThanOrEqual(390);
  }
  const heights = await page.getByTestId('list-results').locator('article').evaluateAll((cards) => cards.slice(0, 12).map((card) => Math.round(card.getBoundingClientRect().height)));
  expect(new Set(heights).size).toBe(1);
});

test('the home notice promises 7 days of VIP, and a new member gets them', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('home-notices')).toContainText('7 天 VIP');
  const username = `vip${Date.now() % 1_000_000}`;
  await registerMember(page, username);
  await page.goto('/login');
  await logIn(page, username);
  await expect(page).toHaveURL(/\/user/);
  await page.goto('/user/overview');
  // VIP level 1 (the monthly tier's name), ending 7 days from today.
  await expect(page.getByTestId('overview-vip')).toHaveText('月度会员');
  const until = new Date(Date.now() + 7 * 86_400_000);
  const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  await expect(page.getByText(new RegExp(`^有效期至 (${day(until)}|${day(new Date(until.getTime() - 86_400_000))})$`))).toBeVisible();
});

test('favouriting asks a visitor to log in, then the item is in both collection pages and the history', async ({ page }) => {
  const username = `fan${Date.now() % 1_000_000}`;
  await registerMember(page, username);
  await page.goto('/list?kind=material&sort=popular');
  await page.getByTestId('course-card-link').first().click();
  await expect(page).toHaveURL(/\/course2\/\d+$/);
  const detailPath = new URL(page.url()).pathname;
  const title = await page.getByTestId('detail-material').getByTestId('page-title').textContent();

  await page.getByTestId('detail-favourite').click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await logIn(page, username);
  await expect(page).toHaveURL(new RegExp(`${detailPath}$`));

  const favourite = page.getByTestId('detail-favourite');
  await favourite.click();
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/my-collections');
  await expect(page.getByTestId('collections-list')).toContainText(title!);
  await page.goto('/user/my-collections');
  await expect(page.getByTestId('collections-list')).toContainText(title!);

  await page.goto('/browse-history');
  await expect(page.getByTestId('history-day').first()).toContainText(/今天|Today/);
  await expect(page.getByTestId('history-day').first()).toContainText(title!);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByTestId('history-clear').click();
  await expect(page.getByTestId('history-empty')).toBeVisible();
});

test('the VIP page lists the tiers with prices and a way to buy each', async ({ page }) => {
  await page.goto('/vip-pricing');
  await expect(page.getByTestId('vip-tier')).toHaveCount(3);
  await expect(page.getByTestId('vip-tier').first()).toContainText('¥');
  // Each tier has its buy button (it creates a VIP order and opens checkout: member-money.spec.ts).
  await expect(page.getByTestId('vip-buy')).toHaveCount(3);
  await expect(page.getByTestId('vip-buy').first()).toBeEnabled();
});

test('home → list → filter → detail → back keeps the filter and the scroll position', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto('/');
  await page.getByTestId('home-browse').click();
  await expect(page).toHaveURL(/\/list$/);
  await page.getByTestId('list-kind-material').click();
  await expect(page).toHaveURL(/\/list\?kind=material$/);
  await expect(page.getByTestId('list-results').getByTestId('course-card-link').first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 900));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(500);
  await page.evaluate(() => {
    const links = [...document.querySelectorAll<HTMLAnchorElement>('[data-testid="list-results"] [data-testid="course-card-link"]')];
    links.find((link) => link.getBoundingClientRect().top > 0 && link.getBoundingClientRect().bottom < window.innerHeight)!.click();
  });
  await expect(page).toHaveURL(/\/course2\/\d+$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/list\?kind=material$/);
  await expect(page.getByTestId('list-kind-material')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test('a free-preview lesson plays and seeks, fetched with byte ranges', async ({ page }) => {
  const ranges: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/storage/demo/preview.mp4')) ranges.push(response.status());
  });
  // A demo course (the most popular): items other journeys add are newer and have no preview clip.
  await page.goto('/list?kind=course&sort=popular');
  await page.getByTestId('course-card-link').first().click();
  await expect(page.getByTestId('detail-course')).toBeVisible();
  const player = page.getByTestId('lesson-player');
  await expect(player).toBeVisible();
  await player.evaluate(async (video: HTMLVideoElement) => {
    video.muted = true;
    await video.play();
  });
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(0.2);
  const seeked = await player.evaluate(
    (video: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        video.addEventListener('seeked', () => resolve(video.currentTime), { once: true });
        video.currentTime = 6;
      }),
  );
  expect(seeked).toBeGreaterThanOrEqual(5.9);
  expect(ranges).toContain(206);
});

test('a logged-in member sees their own price line on list cards; a visitor gets none', async ({ page }) => {
  await page.goto('/list');
  await expect(page.getByTestId('course-card-link').first()).toBeVisible();
  await expect(page.getByTestId('card-member-price')).toHaveCount(0);

  const username = `price${Date.now() % 1_000_000}`;
  await registerMember(page, username);
  await page.goto('/login');
  await logIn(page, username);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/list');
  const cards = page.getByTestId('course-card-link');
  await expect(cards.first()).toBeVisible();
  // Every card keeps the line (paid ones ask the member's price); a new member's VIP days lower some prices.
  await expect(page.getByTestId('card-member-price')).toHaveCount(await cards.count());
  await expect(page.getByTestId('card-member-price').filter({ hasText: /\S/ }).first()).toBeVisible();
});
