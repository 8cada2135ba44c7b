// (e) Every storefront call on a large catalogue (100 000 items by default), each beside a bare
// Fastify route answering the same bytes, interleaved: target and bare route alternate, 3 rounds,
// the median of each taken, the load average printed per round. Run with the catalogue cache off
// (every request reaches the database — crawlers walking pages and keywords, members, detail
// views) and on (as shipped). PostgreSQL when DATABASE_URL is set, else the embedded PGlite.
// Budgets (issue 21): cache off, each call ≥ 10 % of the bare route's throughput and p99 ≤ 50 ms at
// 50 connections (judged on PostgreSQL); the deepest page ≤ 2× the cost of page 1.
import autocannon from 'autocannon';
import pg from 'pg';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { freePort, median, preparedDataDir, removeDir, repoRoot, startProcess, startServer, stopProcess, waitForOk } from './lib.mjs';

const API_HEADERS = { server: 'true', 'think-lang': 'en', accept: 'application/json', 'accept-encoding': 'gzip, br' };
const ITEMS = Number(process.env.BENCH_CATALOGUE_ITEMS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 3;
const CONNECTIONS = 50;
/** How deep the "deepest page" is: followed through each page's `next` cursor, as a scrolling visitor does. */
const DEEP_PAGES = Number(process.env.BENCH_DEEP_PAGES ?? 500);
const RATIO_BUDGET = 0.1;
const P99_BUDGET_MS = 50;

const onPostgres = Boolean(process.env.DATABASE_URL);
const get = async (origin, path) => {
  const answer = await fetch(`${origin}${path}`, { headers: API_HEADERS });
  const body = await answer.json().catch(() => undefined);
  if (answer.status !== 200 || body?.code !== 1) throw new Error(`${path} answered ${answer.status} ${JSON.stringify(body)?.slice(0, 300)}`);
  return body.data;
};

/**
 * CPU time in seconds (user + system), from Linux's /proc: the whole machine's busy time, a child
 * process's, and this process's (where autocannon runs). Undefined elsewhere.
 */
function cpuNow(pid) {
  try {
    const machine = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const ticks = 100; // USER_HZ on Linux
    const busy = (machine[0] + machine[1] + machine[2] + machine[5] + machine[6] + machine[7]) / ticks;
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const server = (Number(fields[11]) + Number(fields[12])) / ticks;
    const own = process.cpuUsage();
    return { busy, server, generator: (own.user + own.system) / 1e6 };
  } catch {
    return undefined;
  }
}

/**
 * autocannon builds every connection's copy of every request before the run: for thousands of
 * URLs that takes seconds and shows as the first requests' latency. Long lists are one request
 * whose path is set as it is sent, from one turn shared by all connections.
 */
function requestsFor(paths) {
  if (paths.length <= 1000) return paths.map((path) => ({ method: 'GET', path }));
  let turn = 0;
  return [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[turn++ % paths.length] }) }];
}

/** One autocannon run over `paths` (cycled through by every connection). */
async function load(origin, paths, seconds, pid) {
  const before = pid ? cpuNow(pid) : undefined;
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: seconds,
    headers: API_HEADERS,
    requests: requestsFor(paths),
  });
  const after = before ? cpuNow(pid) : undefined;
  const per = (key) => (after && result.requests.total ? ((after[key] - before[key]) / result.requests.total) * 1e6 : undefined);
  // Per request, in µs: the server process, the load generator, and the rest of the machine (the database, the kernel).
  const cpu = after ? { total: per('busy'), server: per('server'), generator: per('generator') } : undefined;
  return { rps: result.requests.average, p99: result.latency.p99, max: result.latency.max, failures: result.non2xx + result.errors + result.timeouts, cpu };
}

/**
 * PostgreSQL's autovacuum setting, printed with the database. Off (as on this project's CI
 * machines), the rows the detail stage's view counts update stay unvacuumed for the stages after
 * it, and index-only reads of those pages visit the table (decision 066).
 */
async function autovacuumSetting() {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query('show autovacuum')).rows[0].autovacuum;
  } finally {
    await client.end();
  }
}

/** Tops the catalogue up to ITEMS (nothing to do on a database seeded before); BENCH_SEED=off skips it (the database as it is). */
function seedCatalogue(dataDir) {
  if (process.env.BENCH_SEED === 'off') {
    console.log('· BENCH_SEED=off: no seed step, the catalogue as it is');
    return;
  }
  console.log(`· seeding a ${ITEMS}-item catalogue on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`);
  const result = spawnSync('npm', ['run', 'db:seed', '--', '--items', String(ITEMS)], { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`seeding failed: ${result.stderr.slice(-2000)}`);
}

/** The calls measured: name → the URLs a run cycles through (one URL, or a mix that defeats a URL cache). */
async function storefrontCalls(origin) {
  const filters = await get(origin, '/api/catalogue/filters');
  const parent = filters.types.find((t) => t.children.length > 0) ?? filters.types[0];
  const first = await get(origin, '/api/catalogue/list?limit=20');
  const ids = first.list.map((card) => card.id);
  const everyId = [...ids];
  // The deepest page: follow the cursors (what infinite scroll does), keeping some ids for detail views.
  let page = first;
  for (let i = 1; i < DEEP_PAGES && page.next; i++) {
    page = await get(origin, `/api/catalogue/list?limit=20&snapshot=${first.snapshot}&after=${page.next}`);
    if (i % 25 === 0) ids.push(...page.list.map((card) => card.id));
    everyId.push(...page.list.map((card) => card.id));
  }
  // Common and rare ones, with and without a trigram: '雪夜' (two characters, no trigram) matches nothing here.
  const keywords = ['ae', 'film', 'drama', 'light', 'city', 'night', 'color', 'grade', 'pack', 'course', '夜', '城市', '雪夜'];
  const sorts = ['newest', 'popular', 'priceAsc', 'priceDesc'];
  const crawl = [];
  for (let p = 1; p <= 50; p++) crawl.push(`/api/catalogue/list?page=${p}&sort=${sorts[p % 4]}${p % 3 === 0 ? `&type=${parent.id}` : ''}`);
  for (const keyword of keywords) crawl.push(`/api/catalogue/list?keyword=${encodeURIComponent(keyword)}`);
  return {
    deepPage: `/api/catalogue/list?limit=20&snapshot=${first.snapshot}&after=${page.next ?? ''}`,
    calls: [
      { name: 'list, page 1', paths: ['/api/catalogue/list?limit=20'] },
      { name: `list, page ${DEEP_PAGES} (cursor)`, paths: [`/api/catalogue/list?limit=20&snapshot=${first.snapshot}&after=${page.next}`], deep: true },
      { name: 'list, type + price sort', paths: [`/api/catalogue/list?type=${parent.id}&sort=priceAsc&limit=20`] },
      { name: 'list, keywords', paths: keywords.map((k) => `/api/catalogue/list?keyword=${encodeURIComponent(k)}`) },
      { name: `detail (${ids.length} items)`, paths: ids.map((id) => `/api/catalogue/detail?id=${id}`) },
      // Decision 069: a process holds some 3 000 detail answers, so items viewed in turn by the
      // 10 000 are each built again, as for a crawler walking every item.
      { name: `detail (${everyId.length} items in turn)`, paths: everyId.map((id) => `/api/catalogue/detail?id=${id}`) },
      { name: 'home', paths: ['/api/catalogue/home'] },
      { name: 'VIP tiers', paths: ['/api/vip/tiers'] },
      { name: `crawler mix (${crawl.length} URLs)`, paths: crawl },
    ],
  };
}

/** A bare Fastify route answering the bytes of `sample` (same size, no database). */
async function startBare(sample) {
  const port = await freePort();
  const child = startProcess(join(repoRoot, 'scripts', 'bench', 'bare-fastify.mjs'), { ...process.env, PORT: String(port), BARE_LIST_BODY: sample });
  await waitForOk(`http://127.0.0.1:${port}/healthz`, child, 10_000);
  return { child, origin: `http://127.0.0.1:${port}` };
}

/** The minimal DB-backed list route (decision 053): the reference for what this machine allows. */
async function startMinimal() {
  const port = await freePort();
  const child = startProcess(join(repoRoot, 'scripts', 'bench', 'minimal-db-route.mjs'), { ...process.env, PORT: String(port) });
  await waitForOk(`http://127.0.0.1:${port}/healthz`, child, 10_000);
  return { child, origin: `http://127.0.0.1:${port}` };
}

/** Target and bare route alternately, ROUNDS times; medians of each. */
async function interleaved(server, bare, call) {
  const target = [];
  const reference = [];
  const loads = [];
  await load(server.origin, call.paths, 1); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    target.push(await load(server.origin, call.paths, SECONDS, server.child.pid));
    reference.push(await load(bare.origin, ['/api/catalogue/list'], SECONDS));
    loads.push(loadavg()[0].toFixed(2));
  }
  return {
    rps: median(target.map((r) => r.rps)),
    p99: median(target.map((r) => r.p99)),
    max: Math.max(...target.map((r) => r.max)),
    bareRps: median(reference.map((r) => r.rps)),
    failures: target.reduce((sum, r) => sum + r.failures, 0),
    loads,
    cpu: target.every((r) => r.cpu) ? Object.fromEntries(['total', 'server', 'generator'].map((key) => [key, median(target.map((r) => r.cpu[key]))])) : undefined,
  };
}

/** Where a request's CPU went (medians, µs): on a machine this load saturates, the total bounds the throughput. */
function cpuNote(cpu) {
  if (!cpu) return '';
  const us = (value) => `${Math.round(value)}`;
  return `; CPU/request ${us(cpu.total)} µs: server ${us(cpu.server)}, load generator ${us(cpu.generator)}, database + kernel ${us(cpu.total - cpu.server - cpu.generator)}`;
}

function rowsOf(label, call, figure, cacheOff) {
  const ratio = figure.rps / figure.bareRps;
  const judged = cacheOff;
  return [
    {
      measure: `${call.name}, ${label}`,
      figure: `${(ratio * 100).toFixed(1)} %`,
      budget: judged ? '≥ 10 %' : '',
      ok: judged ? ratio >= RATIO_BUDGET : undefined,
      note: `${Math.round(figure.rps)} req/s vs bare ${Math.round(figure.bareRps)}; load ${figure.loads.join(' ')}${figure.failures ? `; ${figure.failures} failed` : ''}${cpuNote(figure.cpu)}`,
    },
    {
      measure: `${call.name}, ${label}: p99`,
      figure: `${figure.p99} ms`,
      budget: judged ? `${P99_BUDGET_MS} ms` : '',
      ok: judged && onPostgres ? figure.p99 <= P99_BUDGET_MS : undefined,
      note: `max ${figure.max} ms${judged && !onPostgres ? '; the p99 budget is judged on PostgreSQL' : ''}`,
    },
  ];
}

/** @returns rows for the report table */
export async function storefrontBench() {
  const dataDir = await preparedDataDir('storefront');
  const rows = [];
  try {
    seedCatalogue(dataDir);
    for (const [label, env] of [
      ['cache off', { CATALOGUE_CACHE_TTL_MS: '0' }],
      ['cache on', {}],
    ]) {
      const server = await startServer(dataDir, env, { timeoutMs: 120_000 });
      let bare;
      try {
        const { calls } = await storefrontCalls(server.origin);
        const sample = JSON.stringify({ code: 1, msg: '', time: 0, data: await get(server.origin, '/api/catalogue/list?limit=20') });
        bare = await startBare(sample);
        const figures = new Map();
        for (const call of calls) {
          console.log(`· ${call.name}, ${label}: ${ROUNDS} rounds of ${SECONDS} s, alternating with the bare route (${CONNECTIONS} connections)`);
          const figure = await interleaved(server, bare, call);
          figures.set(call, figure);
          rows.push(...rowsOf(label, call, figure, label === 'cache off'));
        }
        if (label === 'cache off' && onPostgres) {
          // What any implementation could reach here: Fastify + pg + the same query + gzip, nothing else.
          const minimal = await startMinimal();
          try {
            console.log(`· list, page 1: the minimal Fastify + pg route, ${ROUNDS} rounds alternating with the bare route`);
            const figure = await interleaved(minimal, bare, calls[0]);
            const ours = figures.get(calls[0]);
            rows.push({
              measure: 'list, page 1: minimal Fastify + pg route (reference)',
              figure: `${((figure.rps / figure.bareRps) * 100).toFixed(1)} %`,
              budget: '',
              note: `${Math.round(figure.rps)} req/s, p99 ${figure.p99} ms: the same query by hand, gzip, no plugins — Framecraft's list page 1 reaches ${((ours.rps / figure.rps) * 100).toFixed(0)} % of it; load ${figure.loads.join(' ')}${cpuNote(figure.cpu)}`,
            });
          } finally {
            await stopProcess(minimal.child);
          }
        }
        if (label === 'cache off') {
          const [pageOne, deep] = [calls[0], calls.find((c) => c.deep)];
          const cost = figures.get(pageOne).rps / figures.get(deep).rps;
          rows.push({ measure: `deepest page cost ÷ page 1, ${label}`, figure: `${cost.toFixed(2)}×`, budget: '≤ 2×', ok: cost <= 2, note: `page ${DEEP_PAGES} through the cursor` });
        }
      } finally {
        if (bare) await stopProcess(bare.child);
        await stopProcess(server.child);
      }
    }
  } finally {
    removeDir(dataDir);
  }
  const vacuum = onPostgres ? `; autovacuum ${await autovacuumSetting()}` : '; no autovacuum (the server vacuums hourly)';
  rows.unshift({ measure: 'database', figure: onPostgres ? 'PostgreSQL' : 'PGlite', budget: '', note: `${process.env.BENCH_SEED === 'off' ? 'as it is (BENCH_SEED=off)' : `${ITEMS} items`}${vacuum}; budgets of issue 21 apply on PostgreSQL` });
  return rows;
}

/**
 * The embedded database as a shop owner first runs it: the demo shop on PGlite (whatever
 * DATABASE_URL says), as shipped, under 50 connections of detail views, list pages and home —
 * budget: no request over 1 s.
 */
export async function embeddedDemoBench() {
  const saved = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  const dataDir = await preparedDataDir('embedded-demo');
  try {
    const server = await startServer(dataDir, {}, { timeoutMs: 120_000 });
    try {
      const first = await get(server.origin, '/api/catalogue/list?limit=50');
      const paths = [...first.list.map((card) => `/api/catalogue/detail?id=${card.id}`), '/api/catalogue/home', '/api/catalogue/list?sort=popular', '/api/catalogue/list?page=2'];
      console.log(`· demo shop on PGlite: ${paths.length} URLs, ${CONNECTIONS} connections, 10 s`);
      await load(server.origin, paths, 2);
      const result = await load(server.origin, paths, 10);
      return [
        { measure: 'demo shop on PGlite, 50 connections: slowest request', figure: `${result.max} ms`, budget: '1000 ms', ok: result.max <= 1000 && result.failures === 0, note: `${Math.round(result.rps)} req/s, p99 ${result.p99} ms${result.failures ? `, ${result.failures} failed` : ''}; load ${loadavg()[0].toFixed(2)}` },
      ];
    } finally {
      await stopProcess(server.child);
    }
  } finally {
    removeDir(dataDir);
    if (saved !== undefined) process.env.DATABASE_URL = saved;
  }
}
