// (e3) The order pages at scale (issue 22, decision 049): on a shop seeded with
// `db:seed -- --items 100000 --members 100000 --orders 1000000` (sizes: BENCH_CATALOGUE_ITEMS,
// BENCH_MEMBERS, BENCH_ORDERS), each call beside a bare Fastify route answering the same bytes,
// interleaved: target and bare route alternate, 3 rounds, the median of each taken, the load
// average printed per round, p50 and p99. PostgreSQL when DATABASE_URL is set (the database named
// in the first row), else the embedded PGlite.
// A database seeded before is reused as it is: the seed step only tops up what is missing (a few
// seconds when nothing is), and BENCH_SEED=off skips it — measure a database exactly as it is (a
// copy of a real shop is never topped up with seeded members). The first row gives the sizes found.
//   orders         my orders (50 members), the admin orders list (plain, filtered + sorted, by member), the dashboard
//   scale-checkout balance payments per second in 3 rounds between bare-route rounds, ledger verified after
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { freePort, median, preparedDataDir, removeDir, repoRoot, startProcess, startServer, stopProcess, waitForOk } from './lib.mjs';

const ITEMS = Number(process.env.BENCH_CATALOGUE_ITEMS ?? 100_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BASE_HEADERS = { server: 'true', 'think-lang': 'en', accept: 'application/json', 'accept-encoding': 'gzip, br' };

const onPostgres = Boolean(process.env.DATABASE_URL);
/** The database measured, by name (never the password). */
function databaseName() {
  if (!onPostgres) return 'PGlite';
  const url = new URL(process.env.DATABASE_URL);
  return `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

function helper(dataDir, args) {
  const result = spawnSync('npx', ['tsx', 'src/cli/bench-checkout.ts', ...args], {
    cwd: join(repoRoot, 'server'),
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`bench-checkout ${args[0]} failed: ${result.stderr.slice(-2000)}`);
  return JSON.parse(result.stdout);
}

/** `BENCH_SEED=off` skips the seed step: the database is measured as it is. */
const SEED = process.env.BENCH_SEED !== 'off';

/** Seed (tops up: a database already seeded at that size is left as it is); the seconds it took, or null when skipped. */
function seedShop(dataDir) {
  if (!SEED) {
    console.log(`· BENCH_SEED=off: no seed step, ${databaseName()} as it is`);
    return null;
  }
  console.log(`· seeding ${ITEMS} items, ${MEMBERS} members, ${ORDERS} orders on ${databaseName()}`);
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'db:seed', '--', '--items', String(ITEMS), '--members', String(MEMBERS), '--orders', String(ORDERS)], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`seeding failed: ${result.stderr.slice(-2000)}`);
  return (Date.now() - started) / 1000;
}

async function load(origin, requests, seconds) {
  const result = await autocannon({ url: origin, connections: CONNECTIONS, duration: seconds, requests });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max, failures: result.non2xx + result.errors + result.timeouts };
}

async function startBare(sample) {
  const port = await freePort();
  const child = startProcess(join(repoRoot, 'scripts', 'bench', 'bare-fastify.mjs'), { ...process.env, PORT: String(port), BARE_LIST_BODY: sample });
  await waitForOk(`http://127.0.0.1:${port}/healthz`, child, 10_000);
  return { child, origin: `http://127.0.0.1:${port}` };
}
const BARE_REQUESTS = [{ method: 'GET', path: '/api/catalogue/list', headers: BASE_HEADERS }];

async function getJson(origin, path, headers) {
  const answer = await fetch(`${origin}${path}`, { headers: { ...BASE_HEADERS, ...headers } });
  const body = await answer.json().catch(() => undefined);
  if (answer.status !== 200 || body?.code !== 1) throw new Error(`${path} answered ${answer.status} ${JSON.stringify(body)?.slice(0, 300)}`);
  return body;
}

const query = (params) =>
  Object.entries(params)
    .flatMap(([key, value]) =>
      Array.isArray(value) ? value.flatMap((item, i) => Object.entries(item).map(([k, v]) => `${key}[${i}][${k}]=${encodeURIComponent(v)}`)) : [`${key}=${encodeURIComponent(value)}`],
    )
    .join('&');

/** The 'database' row: which database, the sizes it holds (counted, not asked for), how long the seed step took. */
function databaseRow(dataDir, seedSeconds) {
  const sizes = helper(dataDir, ['sizes']);
  const seeded = seedSeconds === null ? 'not seeded: BENCH_SEED=off' : `seed step ${seedSeconds.toFixed(0)} s for ${ITEMS} items, ${MEMBERS} members, ${ORDERS} orders`;
  return { measure: 'database', figure: onPostgres ? 'PostgreSQL' : 'PGlite', budget: '', note: `${databaseName()}; holds ${sizes.items} items, ${sizes.members} members, ${sizes.orders} orders (${seeded})` };
}

function row(call, figure) {
  const ratio = figure.rps / figure.bareRps;
  return {
    measure: call.name,
    figure: `${Math.round(figure.rps)} req/s`,
    budget: '',
    note: `${(ratio * 100).toFixed(1)} % of bare ${Math.round(figure.bareRps)}; p50 ${figure.p50} ms, p99 ${figure.p99} ms, max ${figure.max} ms; load ${figure.loads.join(' ')}${figure.failures ? `; ${figure.failures} FAILED` : ''}`,
    ok: figure.failures === 0 ? undefined : false,
  };
}

/** @returns rows for the report table */
export async function ordersBench() {
  const dataDir = await preparedDataDir('orders');
  const rows = [];
  try {
    const seedSeconds = seedShop(dataDir);
    rows.push(databaseRow(dataDir, seedSeconds));
    const tokens = helper(dataDir, ['tokens', '--members', String(CONNECTIONS)]);
    const server = await startServer(dataDir, {}, { timeoutMs: 120_000 });
    let bare;
    try {
      const member = (path) => tokens.members.map((token) => ({ method: 'GET', path, headers: { ...BASE_HEADERS, 'ba-user-token': token } }));
      const admin = (path) => [{ method: 'GET', path, headers: { ...BASE_HEADERS, batoken: tokens.admin } }];
      const now = Math.floor(Date.now() / 1000);
      const calls = [
        { name: `my orders, page 1 (${tokens.members.length} members)`, requests: member('/api/order/list?page=1&limit=10') },
        { name: 'my orders, paid, page 2', requests: member('/api/order/list?state=paid&page=2&limit=10') },
        { name: 'admin orders list, newest first', requests: admin('/admin/shop/order/index?page=1&limit=20') },
        {
          name: 'admin orders: paid + Alipay + 90 days, by pay time',
          requests: admin(
            `/admin/shop/order/index?${query({ search: [{ field: 'state', operator: '=', val: 'paid' }, { field: 'pay_method', operator: '=', val: 'alipay' }, { field: 'create_time', operator: 'RANGE', val: `${now - 90 * 86400},${now}` }], order: 'pay_time,desc', page: 1, limit: 20 })}`,
          ),
        },
        { name: 'admin orders: refunded, by amount', requests: admin(`/admin/shop/order/index?${query({ search: [{ field: 'state', operator: '=', val: 'refunded' }], order: 'amount,desc', page: 1, limit: 20 })}`) },
        { name: 'admin orders: one member', requests: admin(`/admin/shop/order/index?${query({ search: [{ field: 'user_id', operator: '=', val: String(tokens.memberId) }], page: 1, limit: 20 })}`) },
        { name: 'dashboard', requests: admin('/admin/dashboard/index') },
      ];
      // Every call answers before it is measured.
      for (const call of calls) await getJson(server.origin, call.requests[0].path, call.requests[0].headers);
      const sample = JSON.stringify((await getJson(server.origin, calls[0].requests[0].path, calls[0].requests[0].headers)));
      bare = await startBare(sample);
      for (const call of calls) {
        console.log(`· ${call.name}: ${ROUNDS} rounds of ${SECONDS} s, alternating with the bare route (${CONNECTIONS} connections)`);
        await load(server.origin, call.requests, 1);
        const target = [];
        const reference = [];
        const loads = [];
        for (let round = 0; round < ROUNDS; round++) {
          target.push(await load(server.origin, call.requests, SECONDS));
          reference.push(await load(bare.origin, BARE_REQUESTS, SECONDS));
          loads.push(loadavg()[0].toFixed(2));
        }
        rows.push(
          row(call, {
            rps: median(target.map((r) => r.rps)),
            p50: median(target.map((r) => r.p50)),
            p99: median(target.map((r) => r.p99)),
            max: Math.max(...target.map((r) => r.max)),
            bareRps: median(reference.map((r) => r.rps)),
            failures: target.reduce((sum, r) => sum + r.failures, 0),
            loads,
          }),
        );
      }
    } finally {
      if (bare) await stopProcess(bare.child);
      await stopProcess(server.child);
    }
  } finally {
    removeDir(dataDir);
  }
  return rows;
}

/**
 * Balance payments on the seeded shop: 50 members with unpaid orders (bench-checkout prepare) pay
 * a third of their orders per round, all at once, between rounds of the bare route; payments per
 * second (median of the rounds), p50/p99, then the ledger invariant of the run's members and of
 * every member of the database.
 */
export async function scaleCheckoutBench() {
  const members = Number(process.env.BENCH_CHECKOUT_MEMBERS ?? 50);
  const perMember = Number(process.env.BENCH_CHECKOUT_ORDERS ?? 30);
  const dataDir = await preparedDataDir('scale-checkout');
  try {
    const seedSeconds = seedShop(dataDir);
    const database = databaseRow(dataDir, seedSeconds);
    const run = Date.now().toString(36);
    console.log(`· ${members} members × ${perMember} unpaid orders`);
    const prepared = helper(dataDir, ['prepare', '--run', run, '--members', String(members), '--orders', String(perMember)]);
    const server = await startServer(dataDir, {}, { timeoutMs: 120_000 });
    const sample = JSON.stringify({ code: 1, msg: 'Paid', time: 0, data: { order_no: '202601010000000000', state: 'paid', action: { type: 'none' } } });
    const bare = await startBare(sample);
    const rounds = [];
    const latencies = [];
    let paid = 0;
    let refused = 0;
    let failed = 0;
    try {
      const queues = prepared.members.map(({ token, orders }) => ({ token, orders: [...orders].sort(() => Math.random() - 0.5) }));
      for (let round = 0; round < ROUNDS; round++) {
        const started = performance.now();
        let roundPaid = 0;
        await Promise.all(
          queues.map(async ({ token, orders }) => {
            const mine = orders.slice(Math.floor((round * orders.length) / ROUNDS), Math.floor(((round + 1) * orders.length) / ROUNDS));
            for (const orderNo of mine) {
              const t0 = performance.now();
              const answer = await fetch(`${server.origin}/api/pay/submit`, {
                method: 'POST',
                headers: { ...BASE_HEADERS, 'content-type': 'application/json', 'ba-user-token': token },
                body: JSON.stringify({ order_no: orderNo, method: 'balance' }),
              });
              latencies.push(performance.now() - t0);
              const body = await answer.json().catch(() => undefined);
              if (body?.code === 1 && body.data.state === 'paid') roundPaid += 1;
              else if (body?.code === 0) refused += 1;
              else failed += 1;
            }
          }),
        );
        paid += roundPaid;
        const seconds = (performance.now() - started) / 1000;
        const reference = await load(bare.origin, BARE_REQUESTS, SECONDS);
        rounds.push({ payRate: roundPaid / seconds, bareRps: reference.rps, load: loadavg()[0].toFixed(2) });
      }
    } finally {
      await stopProcess(bare.child);
      await stopProcess(server.child);
    }
    const verified = helper(dataDir, ['verify', '--run', run]);
    const everyone = helper(dataDir, ['ledger']);
    latencies.sort((a, b) => a - b);
    const at = (q) => (latencies[Math.floor(latencies.length * q)] ?? 0).toFixed(0);
    const ok = verified.broken === 0 && verified.paid === paid && failed === 0 && everyone.balance === 0 && everyone.rows === 0;
    return [
      database,
      {
        measure: `balance payments (${members} members at once)`,
        figure: `${Math.round(median(rounds.map((r) => r.payRate)))} pay/s`,
        budget: '',
        note: `median of ${ROUNDS} rounds (${rounds.map((r) => Math.round(r.payRate)).join(', ')}); bare ${Math.round(median(rounds.map((r) => r.bareRps)))} req/s; p50 ${at(0.5)} ms, p99 ${at(0.99)} ms; ${paid} paid, ${refused} refused (insufficient), ${failed} failed; load ${rounds.map((r) => r.load).join(' ')}`,
      },
      { measure: 'ledger invariant after the run', figure: ok ? 'holds' : 'BROKEN', budget: 'holds', ok, note: `run: ${verified.members} members, ${verified.paid} paid, ${verified.broken} broken; all ${everyone.members} members: ${everyone.balance + everyone.rows} broken` },
    ];
  } finally {
    removeDir(dataDir);
  }
}
