// (a) GET /api/index/index on the real server vs. a bare Fastify JSON route, one after the other
// on the same machine, each after a warm-up.
import autocannon from 'autocannon';
import { join } from 'node:path';
import { preparedDataDir, removeDir, repoRoot, startProcess, startServer, stopProcess, waitForOk, freePort } from './lib.mjs';

const API_HEADERS = { server: 'true', 'think-lang': 'en', accept: 'application/json' };

async function load(url, { connections, seconds }) {
  const result = await autocannon({ url, connections, duration: seconds, headers: API_HEADERS });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    bytesPerAnswer: result.requests.average ? result.throughput.average / result.requests.average : 0,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

async function measure(url, options) {
  const answer = await fetch(url, { headers: API_HEADERS });
  const body = await answer.json().catch(() => undefined);
  if (answer.status !== 200 || body?.code !== 1) throw new Error(`${url} answered ${answer.status} ${JSON.stringify(body)}`);
  await load(url, { connections: options.connections, seconds: options.warmupSeconds });
  return load(url, options);
}

async function startBareFastify() {
  const port = await freePort();
  const child = startProcess(join(repoRoot, 'scripts', 'bench', 'bare-fastify.mjs'), { ...process.env, PORT: String(port) });
  const origin = `http://127.0.0.1:${port}`;
  await waitForOk(`${origin}/healthz`, child, 10_000);
  return { child, origin };
}

/** @returns rows for the report table */
export async function throughputBench({ seconds = 10, warmupSeconds = 3, connections = 50 } = {}) {
  const options = { seconds, warmupSeconds, connections };
  const dataDir = await preparedDataDir('throughput');
  let real;
  let bare;
  try {
    console.log(`· /api/index/index on the real server (${connections} connections, ${warmupSeconds} s warm-up, ${seconds} s)`);
    const server = await startServer(dataDir);
    try {
      real = await measure(`${server.origin}/api/index/index`, options);
    } finally {
      await stopProcess(server.child);
    }
    console.log('· the same on a bare Fastify JSON route');
    const baseline = await startBareFastify();
    try {
      bare = await measure(`${baseline.origin}/api/index/index`, options);
    } finally {
      await stopProcess(baseline.child);
    }
  } finally {
    removeDir(dataDir);
  }
  const note = (r) => `${Math.round(r.bytesPerAnswer)} B/answer${r.failures ? `, ${r.failures} failed` : ''}`;
  return [
    { measure: 'GET /api/index/index', figure: `${Math.round(real.requestsPerSecond)} req/s`, budget: '', note: note(real) },
    { measure: 'GET /api/index/index p99', figure: `${real.p99Ms} ms`, budget: '', note: '' },
    { measure: 'bare Fastify JSON route', figure: `${Math.round(bare.requestsPerSecond)} req/s`, budget: '', note: note(bare) },
    { measure: 'bare Fastify p99', figure: `${bare.p99Ms} ms`, budget: '', note: '' },
    {
      measure: 'real / bare throughput',
      figure: `${((real.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(0)} %`,
      budget: '',
      note: `real server at 1/${(bare.requestsPerSecond / real.requestsPerSecond).toFixed(1)} of bare Fastify`,
    },
  ];
}
