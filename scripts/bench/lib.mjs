// Shared helpers of the benchmarks: builds, free ports, starting and stopping server processes.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags, serverProcessEnv } from '../server-node-flags.mjs';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const serverMain = join(repoRoot, 'server', 'dist', 'main.js');
export const webIndex = join(repoRoot, 'web', 'dist', 'index.html');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function run(command, args, label) {
  console.log(`· ${label}`);
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${label} failed (exit ${result.status})`);
}

const SKIPPED = new Set(['node_modules', 'dist', '.tmp', 'test', 'tests']);

/** Newest modification time of the files under the given paths (dependencies, builds and tests skipped). */
function newestSource(paths) {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path, { withFileTypes: true })) {
        if (SKIPPED.has(entry.name) || /\.test\.[cm]?[jt]sx?$/.test(entry.name)) continue;
        newest = Math.max(newest, newestSource([join(path, entry.name)]));
      }
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  }
  return newest;
}

/** Missing, or older than any of its sources. */
function needsBuild(output, sources) {
  return !existsSync(output) || statSync(output).mtimeMs < newestSource(sources.map((path) => join(repoRoot, path)));
}

/** Sources of both builds; the same lists as scripts/start.mjs, so the bench and `npm start` agree. */
const SHARED_SOURCES = ['packages/contracts/src', 'packages/contracts/locales', 'package-lock.json'];

/** Build what a benchmark needs when it is missing or older than its sources. */
export function ensureServerBuild() {
  if (needsBuild(serverMain, ['server/src', 'server/build.mjs', 'server/package.json', ...SHARED_SOURCES])) {
    run(process.execPath, [join(repoRoot, 'server', 'build.mjs')], 'building the server');
  }
}
export function ensureWebBuild() {
  // WEB_DIST_DIR points the server at another build, which is then benchmarked as it is.
  if (process.env.WEB_DIST_DIR) return;
  const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'scripts/compress-dist.mjs'];
  if (needsBuild(webIndex, [...sources, ...SHARED_SOURCES])) {
    run('npm', ['run', 'build', '-w', 'web'], 'building the web app');
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export function tempDir(name) {
  return mkdtempSync(join(tmpdir(), `framecraft-bench-${name}-`));
}
export function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/** One GET; resolves with the status (0 when nothing answered). */
export function probe(url, headers = {}) {
  return new Promise((resolve) => {
    const req = request(url, { headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.setTimeout(2000, () => req.destroy());
    req.end();
  });
}

/** Resolves when `url` answers 200; rejects when the process exits or the time runs out. */
export async function waitForOk(url, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} before ${url} answered`);
    if ((await probe(url)) === 200) return;
    await sleep(5);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Environment of a benchmarked server: production mode, quiet logs, a rate limit high enough
 * not to be what is measured. DATABASE_URL / REDIS_URL pass through when set (bench PostgreSQL).
 */
export function serverEnv({ port, dataDir }) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000000',
  };
}

/** Start a Node script as a child process (the server with its production V8 flags); its output is kept for error reports. */
export function startProcess(script, env) {
  const isServer = script === serverMain;
  const flags = isServer ? serverNodeFlags(env) : [];
  const child = spawn(process.execPath, [...flags, script], { cwd: repoRoot, env: isServer ? serverProcessEnv(env) : env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.output = '';
  const keep = (chunk) => {
    child.output = (child.output + chunk).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return child;
}

/** Start the built server on a data folder; resolves once /healthz answers. */
export async function startServer(dataDir, extraEnv = {}, { timeoutMs = 30_000 } = {}) {
  const port = await freePort();
  const child = startProcess(serverMain, { ...serverEnv({ port, dataDir }), ...extraEnv });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${origin}/healthz`, child, timeoutMs);
  } catch (err) {
    await stopProcess(child);
    throw new Error(`${err.message}\n${child.output}`);
  }
  return { child, origin };
}

/** SIGTERM (graceful shutdown), then SIGKILL if it lingers. */
export async function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Resident memory of a process in bytes (Linux /proc; `ps` elsewhere). */
export function residentBytes(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
    if (kb) return kb * 1024;
  } catch {
    // not Linux
  }
  const ps = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' });
  return Number(ps.stdout.trim()) * 1024;
}

/** A fresh data folder, migrated and seeded by one start of the server (main.js does both). */
export async function preparedDataDir(name) {
  const dataDir = tempDir(name);
  // A first start migrates and seeds the demo shop: slower than a cold start, more so on a busy machine.
  const { child } = await startServer(dataDir, {}, { timeoutMs: 180_000 });
  await stopProcess(child);
  return dataDir;
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
