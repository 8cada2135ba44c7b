import pg from 'pg';
import { E2E_ADMIN_PASSWORD } from '../e2e/global-setup.ts';

/** Plain HTTP calls of the multi-instance checks (no browser): the balancer or one instance directly. */

export type Envelope<T = unknown> = { code: number; msg: string; data: T };

export const balancer = () => process.env.E2E_BASE_URL!;
export const instanceUrls = () => process.env.MULTI_INSTANCE_URLS!.split(',');

export async function call<T = unknown>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  options: { data?: unknown; userToken?: string; adminToken?: string; headers?: Record<string, string> } = {},
): Promise<Envelope<T> & { status: number; servedBy: string | null }> {
  const headers: Record<string, string> = { server: 'true', ...options.headers };
  if (options.userToken) headers['ba-user-token'] = options.userToken;
  if (options.adminToken) headers.batoken = options.adminToken;
  if (options.data !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, { method, headers, body: options.data === undefined ? undefined : JSON.stringify(options.data), signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let body: Envelope<T>;
  try {
    body = JSON.parse(text) as Envelope<T>;
  } catch {
    body = { code: -1, msg: text.slice(0, 200), data: undefined as T };
  }
  return { ...body, status: res.status, servedBy: res.headers.get('x-served-by') };
}

/**
 * The seeded super admin's token, solving the login captcha when the site asks for it from its
 * stored answer (the test route, as the journeys' `adminToken`): the captcha drawn on one instance
 * is checked by whichever answers the login.
 */
export async function adminToken(base = balancer()): Promise<string> {
  const settings = await call<{ captcha: boolean }>(base, 'GET', '/admin/index/login');
  let captcha = {};
  if (settings.data.captcha) {
    const { id } = (await call<{ id: string }>(base, 'GET', '/api/common/clickCaptcha')).data;
    const answer = (await call<{ width: number; height: number; targets: { x: number; y: number }[] }>(base, 'GET', `/__test/captchaAnswer?id=${encodeURIComponent(id)}`)).data;
    captcha = { captchaId: id, captchaInfo: `${answer.targets.map((t) => `${t.x},${t.y}`).join('-')};${answer.width};${answer.height}` };
  }
  const answer = await call<{ userInfo: { token: string } }>(base, 'POST', '/admin/index/login', { data: { username: 'admin', password: E2E_ADMIN_PASSWORD, ...captcha } });
  if (answer.code !== 1) throw new Error(`admin login failed: ${JSON.stringify(answer)}`);
  return answer.data.userInfo.token;
}

let serial = 0;
/** A new member (registered through `base`). */
export async function register(prefix: string, base = balancer()): Promise<{ id: number; token: string; username: string }> {
  const username = `${prefix}${process.pid % 1000}${Date.now() % 100_000}${serial++}`;
  const answer = await call<{ userInfo: { id: number; token: string } }>(base, 'POST', '/api/user/checkIn', { data: { tab: 'register', username, password: 'secret123' } });
  if (answer.code !== 1) throw new Error(`register failed: ${JSON.stringify(answer)}`);
  return { username, id: answer.data.userInfo.id, token: answer.data.userInfo.token };
}

/** An admin credit of `cents` to a member's balance (through the ledger, with a unique key). */
export async function credit(token: string, userId: number, cents: number, base = balancer()) {
  const answer = await call(base, 'POST', '/admin/user/moneyLog/add', {
    data: { user_id: userId, money: (cents / 100).toFixed(2), memo: 'multi credit', idempotency_key: `multi-${userId}-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    adminToken: token,
  });
  if (answer.code !== 1) throw new Error(`credit failed: ${JSON.stringify(answer)}`);
}

export interface Card {
  id: number;
  price: number;
  vipFreeLevel: number;
}

/** Paid items a regular member must buy. */
export async function paidItems(count: number, base = balancer()): Promise<Card[]> {
  const list = await call<{ list: Card[] }>(base, 'GET', '/api/catalogue/list?price=paid&sort=priceAsc&limit=50');
  const found = list.data.list.filter((c) => c.price > 0 && c.vipFreeLevel === 0).slice(0, count);
  if (found.length < count) throw new Error(`only ${found.length} paid items`);
  return found;
}

/** One query on the run's database. */
export async function query<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.MULTI_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * The ledger invariant: every member's balance is the sum of their ledger lines, every paid
 * balance order has exactly one purchase line of its amount, and no order was debited twice.
 */
export async function ledgerProblems(): Promise<string[]> {
  const problems: string[] = [];
  const drift = await query<{ id: number; money: number; sum: number }>(
    `select u.id, u.money::bigint as money, coalesce(sum(l.money), 0)::bigint as sum
       from "user" u left join user_money_log l on l.user_id = u.id group by u.id, u.money having u.money <> coalesce(sum(l.money), 0)`,
  );
  for (const d of drift) problems.push(`member ${d.id}: balance ${d.money} but ledger sum ${d.sum}`);
  const unpaid = await query<{ id: number; debits: number; debited: number; amount: number }>(
    `select o.id, o.amount::bigint as amount, count(l.id)::int as debits, coalesce(-sum(l.money), 0)::bigint as debited
       from shop_order o left join user_money_log l on l.kind = 'purchase' and l.ref_type = 'order' and l.ref_id = o.id::text
      where o.state = 'paid' and o.pay_method = 'balance' and o.amount > 0
      group by o.id, o.amount having count(l.id) <> 1 or coalesce(-sum(l.money), 0) <> o.amount`,
  );
  for (const o of unpaid) problems.push(`paid order ${o.id}: ${o.debits} debits of ${o.debited} for ${o.amount}`);
  const stray = await query<{ ref_id: string }>(
    `select l.ref_id from user_money_log l left join shop_order o on o.id::text = l.ref_id
      where l.kind = 'purchase' and l.ref_type = 'order' and (o.id is null or o.state not in ('paid', 'refunded'))`,
  );
  for (const s of stray) problems.push(`a purchase debit for order ${s.ref_id}, which is not paid`);
  return problems;
}
