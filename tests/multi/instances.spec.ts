import { expect, test } from '@playwright/test';
import { adminToken, balancer, call, credit, instanceUrls, ledgerProblems, paidItems, query, register } from './http.ts';

/**
 * Three instances on one PostgreSQL + Redis behind HAProxy round-robin (issue 22 part 4,
 * decision 048): what only shows with several instances.
 */

test('a balance checkout through the balancer: every step may land on another instance, the order is paid once', async () => {
  const admin = await adminToken();
  const member = await register('mbal');
  const [item] = await paidItems(1);
  await credit(admin, member.id, item!.price + 100);
  const order = await call<{ order_no: string }>(balancer(), 'POST', '/api/order/create', { data: { items: [item!.id] }, userToken: member.token });
  expect(order.code, order.msg).toBe(1);
  const paid = await call<{ state: string }>(balancer(), 'POST', '/api/pay/submit', { data: { order_no: order.data.order_no, method: 'balance' }, userToken: member.token });
  expect(paid.data.state).toBe('paid');
  // Paying again through any instance is refused, and every instance sees the order paid.
  for (const url of instanceUrls()) {
    const again = await call(url, 'POST', '/api/pay/submit', { data: { order_no: order.data.order_no, method: 'balance' }, userToken: member.token });
    expect(again.code).toBe(0);
    const detail = await call<{ state: string }>(url, 'GET', `/api/order/detail?order_no=${order.data.order_no}`, { userToken: member.token });
    expect(detail.data.state).toBe('paid');
  }
  const [balance] = await query<{ money: number }>(`select money::int as money from "user" where id = $1`, [member.id]);
  expect(balance!.money).toBe(100);
  expect(await ledgerProblems()).toEqual([]);
});

test('a price changed in the back office is seen at once on each of the three instances', async () => {
  const admin = await adminToken();
  const added = await call<{ id: number }>(balancer(), 'POST', '/admin/shop/course/add', {
    data: { kind: 'material', type_id: 1, title_zh: `多实例-${process.pid}`, title_en: `Multi ${process.pid}`, price: '12.30', status: 'on_sale' },
    adminToken: admin,
  });
  expect(added.code, JSON.stringify(added)).toBe(1);
  const id = added.data.id;
  // Every instance has the item's detail cached (decision 043: the public part, per item and language).
  for (const url of instanceUrls()) {
    expect((await call<{ price: number }>(url, 'GET', `/api/catalogue/detail?id=${id}`)).data.price, url).toBe(1230);
    expect((await call<{ price: number }>(url, 'GET', `/api/catalogue/detail?id=${id}`)).data.price, url).toBe(1230);
  }
  const loaded = await call<{ row: Record<string, unknown> & { original_price: number; vip_price: number | null } }>(balancer(), 'GET', `/admin/shop/course/edit?id=${id}`, { adminToken: admin });
  const { update_time: _ignored, ...row } = loaded.data.row;
  const yuan = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));
  const saved = await call(balancer(), 'POST', '/admin/shop/course/edit', {
    data: { ...row, price: '45.60', original_price: yuan(row.original_price), vip_price: yuan(row.vip_price) },
    adminToken: admin,
  });
  expect(saved.code, JSON.stringify(saved)).toBe(1);
  // At once, on each instance directly: no waiting for a cache to run out.
  for (const url of instanceUrls()) {
    expect((await call<{ price: number }>(url, 'GET', `/api/catalogue/detail?id=${id}`)).data.price, url).toBe(4560);
  }
});

test('expired orders are closed once across the instances and their coupons released once', async () => {
  const admin = await adminToken();
  const code = `MULTI${process.pid}${Date.now() % 100_000}`;
  const now = Math.floor(Date.now() / 1000);
  const added = await call(balancer(), 'POST', '/admin/shop/coupon/add', {
    data: { name: 'multi ¥1 off', code, kind: 'amount', amount: '1', min_spend: '0', start_time: now - 60, end_time: now + 86_400, quantity: 10, per_member: 1, scope: 'all' },
    adminToken: admin,
  });
  expect(added.code, added.msg).toBe(1);
  const [item] = await paidItems(1);
  const orders: string[] = [];
  for (let i = 0; i < 4; i++) {
    const member = await register('mexp');
    const claimed = await call(balancer(), 'POST', '/api/coupon/claim', { data: { code }, userToken: member.token });
    expect(claimed.code, claimed.msg).toBe(1);
    const order = await call<{ order_no: string; discount: number }>(balancer(), 'POST', '/api/order/create', { data: { items: [item!.id] }, userToken: member.token });
    expect(order.code, order.msg).toBe(1);
    orders.push(order.data.order_no);
  }
  const reserved = await query<{ state: string }>(`select mc.state from member_coupon mc join shop_order o on o.id = mc.order_id where o.order_no = any($1)`, [orders]);
  expect(reserved.map((r) => r.state)).toEqual(['reserved', 'reserved', 'reserved', 'reserved']);

  // The orders run out now; the sweeper is due on all three instances at the same moment.
  await query(`update shop_order set expire_time = now() - interval '1 second' where order_no = any($1)`, [orders]);
  const mark = (await query<{ mark: Date }>(`select now() as mark`))[0]!.mark;
  await query(`update job_schedule set next_run_time = now() where name = 'commerce.closeExpiredOrders'`);
  await expect
    .poll(async () => (await query<{ n: number }>(`select count(*)::int as n from shop_order where order_no = any($1) and state = 'closed'`, [orders]))[0]!.n, { timeout: 20_000 })
    .toBe(4);
  // Give the other instances' pollers a few more ticks: none runs the sweep again for this interval.
  await new Promise((r) => setTimeout(r, 2_000));
  const runs = await query<{ state: string }>(`select state from background_job where name = 'commerce.closeExpiredOrders' and create_time >= $1`, [mark]);
  expect(runs.map((r) => r.state)).toEqual(['succeeded']);
  const closed = await query<{ close_time: Date; expire_time: Date }>(`select close_time, expire_time from shop_order where order_no = any($1)`, [orders]);
  for (const row of closed) expect(row.close_time.getTime()).toBe(row.expire_time.getTime());
  // Each coupon back to its member once; the coupon's counts as before (claimed 4, none used).
  const coupons = await query<{ state: string; order_id: number | null }>(`select mc.state, mc.order_id from member_coupon mc join coupon c on c.id = mc.coupon_id where c.code = $1`, [code]);
  expect(coupons).toHaveLength(4);
  for (const c of coupons) expect(c).toEqual({ state: 'available', order_id: null });
  // Nothing was debited or credited for them.
  const ledger = await query(`select 1 from user_money_log where ref_type = 'order' and ref_id in (select id::text from shop_order where order_no = any($1))`, [orders]);
  expect(ledger).toEqual([]);
});

test('a rate limit is one limit across the instances (counted in Redis), whichever instance answers', async () => {
  // A client of its own (the balancer passes its address on in X-Forwarded-For; TRUST_PROXY is the balancer).
  const client = `198.51.100.${(process.pid % 200) + 1}`;
  // Provider notification routes have their own limit of 600 a minute per address (decision 025).
  const answers: { status: number; servedBy: string | null }[] = [];
  for (let batch = 0; batch < 13; batch++) {
    answers.push(
      ...(await Promise.all(
        Array.from({ length: 50 }, async () => {
          const res = await fetch(`${balancer()}/api/pay/notify/sandbox`, { method: 'POST', headers: { 'x-forwarded-for': client, 'content-type': 'text/plain' }, body: 'x' });
          await res.arrayBuffer();
          return { status: res.status, servedBy: res.headers.get('x-served-by') };
        }),
      )),
    );
  }
  const limited = answers.filter((a) => a.status === 429);
  // Counted per instance, each would let 600 through (1800 in all): shared, 600 pass and the rest are refused.
  expect(answers.length - limited.length).toBe(600);
  expect(new Set(limited.map((a) => a.servedBy))).toEqual(new Set(['i1', 'i2', 'i3']));
});
