import { expect, test } from '@playwright/test';
import { ports, sleep, startInstance, TcpProxy, type Instance } from './cluster.ts';
import { adminToken, balancer, call, credit, ledgerProblems, query, register, type Card } from './http.ts';

/**
 * Faults with several instances (issue 22 "Bad input and faults", decision 048), on real server
 * processes: an instance killed with SIGKILL under checkout load, PostgreSQL and Redis taken away
 * from an instance (a TCP proxy between them is cut; the shared services are never stopped).
 */

test.describe.configure({ mode: 'serial' });

test('kill -9 of an instance under balance checkouts loses nothing: the ledger adds up, no order is paid twice', async () => {
  test.setTimeout(120_000);
  // A fourth instance in the balancer's spare slot, killed mid-load.
  const spare = await startInstance(ports.spare);
  try {
    await expect
      .poll(async () => {
        const seen = new Set<string | null>();
        for (let i = 0; i < 8; i++) seen.add((await call(balancer(), 'GET', '/healthz')).servedBy);
        return seen.has('spare');
      }, { timeout: 15_000 })
      .toBe(true);

    const admin = await adminToken();
    const list = await call<{ list: Card[] }>(balancer(), 'GET', '/api/catalogue/list?price=paid&sort=priceAsc&limit=50');
    const items = list.data.list.filter((c) => c.price > 0 && c.vipFreeLevel === 0).slice(0, 12);
    expect(items.length).toBeGreaterThanOrEqual(6);
    const members = await Promise.all(Array.from({ length: 6 }, () => register('mkill')));
    for (const m of members) await credit(admin, m.id, items.reduce((sum, i) => sum + i.price, 0));

    const answeredPaid = new Set<string>();
    const created = new Set<string>();
    let failures = 0;
    /** One member buys the items one by one through the balancer; a failed call is tried again, as a person would. */
    const shopper = async (member: { token: string }) => {
      for (const item of items) {
        let orderNo: string | undefined;
        for (let attempt = 0; attempt < 5 && !orderNo; attempt++) {
          const order = await call<{ order_no: string }>(balancer(), 'POST', '/api/order/create', { data: { items: [item.id] }, userToken: member.token }).catch(() => undefined);
          if (order?.code === 1) orderNo = order.data.order_no;
          else failures++;
        }
        if (!orderNo) continue;
        created.add(orderNo);
        for (let attempt = 0; attempt < 5; attempt++) {
          const paid = await call<{ state: string }>(balancer(), 'POST', '/api/pay/submit', { data: { order_no: orderNo, method: 'balance' }, userToken: member.token }).catch(() => undefined);
          if (paid?.code === 1 && paid.data.state === 'paid') {
            answeredPaid.add(orderNo);
            break;
          }
          failures++;
          // Paid by the attempt whose answer was lost: the order says so.
          const detail = await call<{ state: string }>(balancer(), 'GET', `/api/order/detail?order_no=${orderNo}`, { userToken: member.token }).catch(() => undefined);
          if (detail?.data?.state === 'paid') break;
        }
      }
    };
    const load = Promise.all(members.map(shopper));
    // Kill it while the checkouts run.
    await expect.poll(() => created.size, { timeout: 30_000 }).toBeGreaterThanOrEqual(8);
    spare.child.kill('SIGKILL');
    await load;

    expect(spare.child.signalCode).toBe('SIGKILL');
    const orders = await query<{ order_no: string; state: string }>(`select order_no, state from shop_order where order_no = any($1)`, [[...created]]);
    const paidInDb = new Set(orders.filter((o) => o.state === 'paid').map((o) => o.order_no));
    // Every payment the member was told about is there, and the ledger adds up.
    for (const no of answeredPaid) expect(paidInDb.has(no), no).toBe(true);
    expect(await ledgerProblems()).toEqual([]);
    // Every member ended up owning every item, each bought once.
    expect(paidInDb.size).toBe(members.length * items.length);
    test.info().annotations.push({ type: 'kill -9', description: `${created.size} orders, ${paidInDb.size} paid, ${failures} failed calls retried` });
  } finally {
    spare.child.kill('SIGKILL');
  }
});

test('PostgreSQL away: /readyz answers 503 while it is down and 200 again by itself, the process stays up', async () => {
  test.setTimeout(120_000);
  const proxy = new TcpProxy(ports.pgProxy, { host: '127.0.0.1', port: Number(new URL(process.env.MULTI_DATABASE_URL!).port || 5432) });
  await proxy.open();
  const url = new URL(process.env.MULTI_DATABASE_URL!);
  url.host = `127.0.0.1:${ports.pgProxy}`;
  let instance: Instance | undefined;
  try {
    instance = await startInstance(ports.outage, { DATABASE_URL: url.toString(), LOG_LEVEL: 'info' });
    const base = instance.url;
    // Load while the database goes away and comes back: the init call and catalogue reads.
    let running = true;
    const statuses: number[] = [];
    const loop = (async () => {
      while (running) {
        const answers = await Promise.all([
          fetch(`${base}/api/index/index`, { headers: { server: 'true' }, signal: AbortSignal.timeout(15_000) }).then((r) => r.status, () => 0),
          fetch(`${base}/api/catalogue/detail?id=1`, { headers: { server: 'true' }, signal: AbortSignal.timeout(15_000) }).then((r) => r.status, () => 0),
        ]);
        statuses.push(...answers);
        await sleep(50);
      }
    })();

    await sleep(500);
    await proxy.cut();
    const cutAt = Date.now();
    await expect.poll(async () => (await fetch(`${base}/readyz`, { headers: { server: 'true' } })).status, { timeout: 10_000 }).toBe(503);
    expect(Date.now() - cutAt).toBeLessThan(10_000);
    // Alive meanwhile (the balancer takes it out of rotation, nothing restarts it).
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    await sleep(2_000);
    expect((await fetch(`${base}/readyz`, { headers: { server: 'true' } })).status).toBe(503);

    await proxy.open();
    await expect.poll(async () => (await fetch(`${base}/readyz`, { headers: { server: 'true' } })).status, { timeout: 20_000 }).toBe(200);
    running = false;
    await loop;
    // Real work again: a member registers through it.
    const member = await register('mpg', base);
    expect(member.id).toBeGreaterThan(0);
    expect(instance.child.exitCode).toBeNull();
    // Requests during the outage were answered (an error), none hung or killed the process.
    expect(statuses).not.toContain(0);
    expect(instance.output()).toContain('readiness check failed');
  } finally {
    await instance?.stop();
    await proxy.cut();
  }
});

test('Redis away: the instance keeps serving, rate limits count locally, captchas go to the database, and the log says so', async () => {
  test.setTimeout(120_000);
  const redisUrl = new URL(process.env.MULTI_REDIS_URL!);
  const proxy = new TcpProxy(ports.redisProxy, { host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
  await proxy.open();
  const viaProxy = new URL(redisUrl);
  viaProxy.host = `127.0.0.1:${ports.redisProxy}`;
  let instance: Instance | undefined;
  try {
    instance = await startInstance(ports.outage, { REDIS_URL: viaProxy.toString(), LOG_LEVEL: 'info', RATE_LIMIT_MAX: '40' });
    const base = instance.url;
    const from = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}`, server: 'true' });
    // With Redis: counted there.
    expect((await fetch(`${base}/api/catalogue/list`, { headers: from(201) })).status).toBe(200);

    await proxy.cut();
    // Serving, and fast: no request waits for a reconnect.
    for (const path of ['/api/catalogue/list', '/api/index/index', '/', '/api/catalogue/detail?id=1']) {
      const started = Date.now();
      // `/` as a browser opens it (the page), the others as the app calls them.
      const headers = path === '/' ? { 'x-forwarded-for': '198.51.100.202', accept: 'text/html' } : from(202);
      const res = await fetch(`${base}${path}`, { headers });
      expect(res.status, path).toBe(200);
      expect(Date.now() - started, path).toBeLessThan(2_000);
    }
    // The limit still holds, counted on this instance: 40 a minute for one address.
    const statuses: number[] = [];
    for (let i = 0; i < 45; i++) statuses.push((await fetch(`${base}/api/catalogue/list`, { headers: from(203) })).status);
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(40)).toEqual([429, 429, 429, 429, 429]);
    // A captcha drawn now is kept in the database and can be checked.
    const captcha = await call<{ id: string }>(base, 'GET', '/api/common/clickCaptcha', { headers: from(204) });
    expect(captcha.code).toBe(1);
    const answer = await call(base, 'GET', `/__test/captchaAnswer?id=${encodeURIComponent(captcha.data.id)}`, { headers: from(204) });
    expect(answer.data).toBeTruthy();
    expect(instance.output()).toMatch(/Redis is unavailable: rate limits are counted on this instance/);
    expect(instance.output()).toMatch(/lost the connection to Redis/);

    await proxy.open();
    await expect.poll(() => /reconnected to Redis/.test(instance!.output()), { timeout: 20_000 }).toBe(true);
    await fetch(`${base}/api/catalogue/list`, { headers: from(205) });
    await expect.poll(() => /Redis is back: rate limits are shared/.test(instance!.output()), { timeout: 5_000 }).toBe(true);
  } finally {
    await instance?.stop();
    await proxy.cut();
  }
});
