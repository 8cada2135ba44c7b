import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../src/cli/scale-seed.ts';
import { rowsOf } from '../src/db/client.ts';
import { adminKit, qs } from '../src/modules/admin/test-kit.ts';
import { commerceKit } from '../src/modules/commerce/test-kit.ts';
import { createTestApp, type TestContext } from './app.ts';

/**
 * Issue 22 / decision 049: every query my-orders, the admin orders list (each filter and sort),
 * the dashboard and a balance checkout send runs on an index. The app's own queries are captured
 * (through the database session's logger) while real HTTP calls are answered on seeded orders,
 * then EXPLAINed with sequential scans priced out (`enable_seqscan = off`, as the catalogue's
 * plan test, decision 043): a plan that still scans one of the watched tables has no index to
 * use there, and the test fails. Runs on PGlite and on PostgreSQL (DATABASE_URL).
 */
const WATCHED = ['shop_order', 'order_line', 'user_money_log', 'pay_log', 'ownership', 'user'];

describe('order pages run on indexes', () => {
  let ctx: TestContext;
  const captured: { query: string; params: unknown[] }[] = [];
  let capturing = false;
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedScale(ctx.database.db, { members: 300, orders: 3000 });
    // Listen to the app's own queries: the session's logger, also handed to its transactions' sessions.
    const session = (ctx.database.db as unknown as { session: { logger: unknown; options?: { logger?: unknown } } }).session;
    const logger = { logQuery: (query: string, params: unknown[]) => void (capturing && captured.push({ query, params })) };
    session.logger = logger;
    if (session.options) session.options.logger = logger;
  }, 240_000);
  afterAll(() => ctx.close());

  /** The query with its parameters written in as literals (EXPLAIN takes no parameters here). */
  const inline = ({ query, params }: (typeof captured)[number]) =>
    query.replace(/\$(\d+)/g, (_, n: string) => {
      const value = params[Number(n) - 1];
      if (typeof value === 'number' || typeof value === 'bigint') return String(value);
      if (typeof value === 'boolean') return String(value);
      if (value === null || value === undefined) return 'null';
      return `'${String(value instanceof Date ? value.toISOString() : value).replace(/'/g, "''")}'`;
    });

  async function during(work: () => Promise<unknown>) {
    captured.length = 0;
    capturing = true;
    try {
      await work();
    } finally {
      capturing = false;
    }
    return captured.filter((q) => /^\s*(select|with|update|delete)/i.test(q.query) && WATCHED.some((t) => new RegExp(`"?\\b${t}\\b"?`).test(q.query))).slice();
  }

  async function seqScansOf(queries: typeof captured): Promise<string[]> {
    const found: string[] = [];
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const q of queries) {
        const result = (await tx.execute(sql.raw(`explain ${inline(q)}`))) as unknown as { rows: Record<string, string>[] };
        const plan = result.rows.map((row) => Object.values(row)[0]).join('\n');
        const scanned = WATCHED.filter((table) => new RegExp(`Seq Scan on "?${table}"?\\b`).test(plan));
        if (scanned.length > 0) found.push(`${scanned.join(', ')} ← ${inline(q)}\n${plan}`);
      }
    });
    return found;
  }

  it('the check itself finds a scan where no index serves the query', async () => {
    const queries = await during(() => ctx.database.db.execute(sql`select id from shop_order where currency = 'USD' and memo = 'x'`));
    expect(queries).toHaveLength(1);
    expect(await seqScansOf(queries)).toHaveLength(1);
  });

  it('my orders: each state filter, pages, the detail', async () => {
    const kit = commerceKit(ctx);
    const [buyer] = await rowsOf<{ user_id: number }>(ctx.database.db.execute(sql`select user_id from shop_order group by user_id order by count(*) desc limit 1`));
    const { token } = await ctx.app.tokens.issue('user', buyer!.user_id);
    const queries = await during(async () => {
      for (const state of [undefined, 'unpaid', 'paid', 'closed', 'refunded']) {
        for (const page of [1, 2]) expect((await kit.call('GET', `/api/order/list?${qs({ state, page, limit: 5 })}`, token)).code).toBe(1);
      }
      const list = await kit.call('GET', '/api/order/list?page=1&limit=5', token);
      expect((await kit.call('GET', `/api/order/detail?order_no=${list.data.list[0].order_no}`, token)).code).toBe(1);
      expect((await kit.call('GET', '/api/pay/log?page=1&limit=10', token)).code).toBe(1);
    });
    expect(queries.length).toBeGreaterThan(20);
    expect(await seqScansOf(queries)).toEqual([]);
  });

  it('the admin orders list: filtered by state, method, kind, member and dates, sorted each way', async () => {
    const admins = adminKit(ctx);
    const { token } = await admins.superAdmin();
    const [member] = await rowsOf<{ user_id: number }>(ctx.database.db.execute(sql`select user_id from shop_order limit 1`));
    const now = Math.floor(Date.now() / 1000);
    const filters: Record<string, unknown>[] = [
      {},
      { search: [{ field: 'state', operator: '=', val: 'paid' }] },
      { search: [{ field: 'state', operator: '=', val: 'refunded' }] },
      { search: [{ field: 'pay_method', operator: '=', val: 'balance' }] },
      { search: [{ field: 'kind', operator: '=', val: 'topup' }] },
      { search: [{ field: 'user_id', operator: '=', val: String(member!.user_id) }] },
      { search: [{ field: 'create_time', operator: 'RANGE', val: `${now - 30 * 86400},${now}` }] },
      { search: [{ field: 'pay_time', operator: 'RANGE', val: `${now - 7 * 86400},${now}` }] },
      { search: [{ field: 'state', operator: '=', val: 'paid' }, { field: 'pay_method', operator: '=', val: 'alipay' }, { field: 'create_time', operator: 'RANGE', val: `${now - 90 * 86400},${now}` }] },
    ];
    const orders = [undefined, 'id,asc', 'amount,desc', 'pay_time,desc', 'create_time,desc'];
    const queries = await during(async () => {
      for (const filter of filters) {
        for (const order of orders) {
          const answer = await admins.call('GET', `/admin/shop/order/index?${qs({ ...filter, order, limit: 20, page: 1 })}`, token);
          expect(answer.code, JSON.stringify(answer).slice(0, 300)).toBe(1);
        }
      }
    });
    expect(queries.length).toBeGreaterThanOrEqual(filters.length * orders.length * 2);
    expect(await seqScansOf(queries)).toEqual([]);
  });

  it('the dashboard', async () => {
    const admins = adminKit(ctx);
    const { token } = await admins.superAdmin();
    const queries = await during(async () => expect((await admins.call('GET', '/admin/dashboard/index', token)).code).toBe(1));
    expect(queries.length).toBeGreaterThan(3);
    expect(await seqScansOf(queries)).toEqual([]);
  });

  it('a balance checkout: order, payment, ledger', async () => {
    const kit = commerceKit(ctx);
    const m = await kit.member(100_000);
    const item = await kit.item({ price: 1234 });
    const queries = await during(async () => {
      const created = await kit.call('POST', '/api/order/create', m.token, { items: [item.id] });
      expect(created.code).toBe(1);
      expect((await kit.call('GET', '/api/pay/methods', m.token)).code).toBe(1);
      expect((await kit.call('POST', '/api/pay/submit', m.token, { order_no: created.data.order_no, method: 'balance' })).code).toBe(1);
    });
    expect(queries.length).toBeGreaterThan(5);
    expect(await seqScansOf(queries)).toEqual([]);
  });
});
