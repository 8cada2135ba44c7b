// (d) GET /api/catalogue/list (20 items, a type filter + the popular sort) on a 100 000-item
// catalogue, beside a bare Fastify route answering a 20-item page of the same shape, same run.
// PGlite by default; PostgreSQL when DATABASE_URL is set (the catalogue is seeded into it).
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { freePort, preparedDataDir, removeDir, repoRoot, startProcess, startServer, stopProcess, waitForOk } from './lib.mjs';

const API_HEADERS = { server: 'true', 'think-lang': 'en', accept: 'application/json' };
const ITEMS = Number(process.env.BENCH_CATALOGUE_ITEMS ?? 100_000);

async function load(url, { connections, seconds }) {
  const result = await autocannon({ url, connections, duration: seconds, headers: API_HEADERS });
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, failures: result.non2xx + result.errors + result.timeouts };
}

async function measure(url, options) {
  const answer = await fetch(url, { headers: API_HEADERS });
  const body = await answer.json().catch(() => undefined);
  if (answer.status !== 200 || body?.code !== 1 || body.data.list.length !== 20) throw new Error(`${url} answered ${answer.status} ${JSON.stringify(body)?.slice(0, 300)}`);
  await load(url, { connections: options.connections, seconds: options.warmupSeconds });
  return load(url, options);
}

function seedCatalogue(dataDir) {
  console.log(`· seeding a ${ITEMS}-item catalogue`);
  const result = spawnSync('npm', ['run', 'db:seed', '--', '--items', String(ITEMS)], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`seeding failed: ${result.stderr.slice(-2000)}`);
}

/** @returns rows for the report table */
export async function catalogueListBench({ seconds = 10, warmupSeconds = 3, connections = 50 } = {}) {
  const options = { seconds, warmupSeconds, connections };
  const dataDir = await preparedDataDir('catalogue-list');
  let real;
  let uncached;
  let bare;
  try {
    seedCatalogue(dataDir);
    let sample;
    let path;
    // As shipped (public answers reused for CATALOGUE_CACHE_TTL_MS), then with the cache off: every request queries the database.
    for (const [label, env] of [['real server', {}], ['real server, cache off', { CATALOGUE_CACHE_TTL_MS: '0' }]]) {
      const server = await startServer(dataDir, env);
      try {
        if (!path) {
          const filters = await (await fetch(`${server.origin}/api/catalogue/filters`, { headers: API_HEADERS })).json();
          const type = filters.data.types.find((t) => t.children.length > 0) ?? filters.data.types[0];
          path = `/api/catalogue/list?type=${type.id}&sort=popular&limit=20`;
          sample = await (await fetch(`${server.origin}${path}`, { headers: API_HEADERS })).text();
        }
        console.log(`· ${path} on the ${label} (${connections} connections, ${warmupSeconds} s warm-up, ${seconds} s)`);
        const result = await measure(`${server.origin}${path}`, options);
        if (env.CATALOGUE_CACHE_TTL_MS) uncached = result;
        else real = result;
      } finally {
        await stopProcess(server.child);
      }
    }
    console.log('· a bare Fastify route answering the same page');
    const port = await freePort();
    const child = startProcess(join(repoRoot, 'scripts', 'bench', 'bare-fastify.mjs'), { ...process.env, PORT: String(port), BARE_LIST_BODY: sample });
    try {
      await waitForOk(`http://127.0.0.1:${port}/healthz`, child, 10_000);
      bare = await measure(`http://127.0.0.1:${port}/api/catalogue/list`, options);
    } finally {
      await stopProcess(child);
    }
  } finally {
    removeDir(dataDir);
  }
  const failed = (r) => (r.failures ? `${r.failures} failed` : '');
  const ratio = (real.requestsPerSecond / bare.requestsPerSecond) * 100;
  const onPostgres = Boolean(process.env.DATABASE_URL);
  return [
    { measure: `catalogue list (${ITEMS} items)`, figure: `${Math.round(real.requestsPerSecond)} req/s`, budget: '', note: failed(real) },
    { measure: 'catalogue list p99', figure: `${real.p99Ms} ms`, budget: '25 ms', ok: onPostgres ? real.p99Ms <= 25 : undefined, note: onPostgres ? '' : 'budget applies on PostgreSQL' },
    { measure: 'bare Fastify, same page', figure: `${Math.round(bare.requestsPerSecond)} req/s`, budget: '', note: failed(bare) },
    { measure: 'bare Fastify p99', figure: `${bare.p99Ms} ms`, budget: '', note: '' },
    { measure: 'catalogue / bare throughput', figure: `${ratio.toFixed(0)} %`, budget: '≥ 60 %', ok: ratio >= 60, note: `list at 1/${(bare.requestsPerSecond / real.requestsPerSecond).toFixed(1)} of bare Fastify` },
    { measure: 'catalogue list, cache off', figure: `${Math.round(uncached.requestsPerSecond)} req/s`, budget: '', note: `p99 ${uncached.p99Ms} ms; every request queries the database ${failed(uncached)}` },
  ];
}
