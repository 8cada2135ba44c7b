// Checks the web terminal runs as whitelisted commands (server/src/modules/admin/terminal):
// `versions`, `database`, `redis`. Each prints lines and exits 0 when the check passed, 1 otherwise.
// It reads the same environment as the server (DATABASE_URL, REDIS_URL) and never prints a password.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const requireFromServer = createRequire(join(root, 'server', 'package.json'));

function version(program, args = ['--version']) {
  try {
    return execFileSync(program, args, { encoding: 'utf8', timeout: 15_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'not installed';
  }
}

const masked = (url) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

async function versions() {
  console.log(`node ${process.version}`);
  console.log(`npm ${version('npm')}`);
  console.log(`pnpm ${version('pnpm')}`);
  console.log(`yarn ${version('yarn')}`);
  console.log(`os ${os.type()} ${os.release()} ${os.arch()}`);
  return 0;
}

async function database() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('DATABASE_URL is not set: the server uses its embedded database (PGlite) in DATA_DIR, which only the server process opens.');
    return 0;
  }
  console.log(`Connecting to ${masked(url)}`);
  const pg = requireFromServer('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    const { rows } = await client.query('select version() as version');
    console.log(rows[0].version);
    console.log('Database connection OK');
    return 0;
  } catch (error) {
    console.log(`Database connection failed: ${error.message}`);
    return 1;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function redis() {
  const url = process.env.REDIS_URL;
  if (!url) {
    console.log('REDIS_URL is not set: the server runs without Redis (one instance).');
    return 0;
  }
  console.log(`Connecting to ${masked(url)}`);
  const { Redis } = requireFromServer('ioredis');
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null, connectTimeout: 10_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    console.log(`PING ${await client.ping()}`);
    const info = await client.info('server');
    const line = info.split(/\r?\n/).find((l) => l.startsWith('redis_version:'));
    if (line) console.log(`Redis ${line.slice('redis_version:'.length)}`);
    console.log('Redis connection OK');
    return 0;
  } catch (error) {
    console.log(`Redis connection failed: ${error.message}`);
    return 1;
  } finally {
    client.disconnect();
  }
}

const checks = { versions, database, redis };
const check = checks[process.argv[2]];
if (!check) {
  console.log(`Usage: node scripts/terminal-check.mjs ${Object.keys(checks).join('|')}`);
  process.exit(2);
}
process.exitCode = await check();
