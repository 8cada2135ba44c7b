import { sql } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDirFor, rowsOf } from '../../src/db/client.ts';
import { baseEnv, serverDir, startServer, type ServerProcess } from './process.ts';

/**
 * The production bundle as a real process on its own embedded database (PGlite even when the
 * suite runs on PostgreSQL: this is about closing the embedded folder cleanly).
 */
// Each test starts the built server on a fresh database (migrate + seed): slow on a busy 2-core machine.
describe('graceful shutdown of the built server', { timeout: 60_000 }, () => {
  // Under server/ so that the bundle finds migrations/ and node_modules/ by walking up, as dist/ does.
  const buildDir = join(serverDir, '.tmp', `build-${randomBytes(4).toString('hex')}`);
  const bundle = join(buildDir, 'main.js');
  const dataDirs: string[] = [];
  beforeAll(() => {
    execFileSync(process.execPath, [join(serverDir, 'build.mjs'), '--outdir', buildDir], { stdio: 'pipe' });
  });
  afterAll(() => {
    rmSync(buildDir, { recursive: true, force: true });
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  function start(extra: Record<string, string> = {}) {
    const dataDir = mkdtempSync(join(tmpdir(), 'fc-shutdown-'));
    dataDirs.push(dataDir);
    const server = startServer(
      bundle,
      baseEnv({
        NODE_ENV: 'test',
        FRAMECRAFT_TEST_ROUTES: '1',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'debug', // the incoming-request line (debug) tells that the slow request arrived
        REDIS_URL: process.env.REDIS_URL,
        REDIS_PREFIX: `fctest:${randomBytes(6).toString('hex')}:`,
        ...extra,
      }),
    );
    return { server, dataDir };
  }

  /** Wait until the server has logged that the slow request arrived. */
  async function arrived(server: ServerProcess) {
    while (!/"url":"\/__test\/slow/.test(server.stdout())) await sleep(20);
  }

  it('lets in-flight requests finish, refuses new connections, closes the database and exits 0', async () => {
    const { server, dataDir } = start();
    const url = await server.listening;
    let slowDone = false;
    const slow = fetch(`${url}/__test/slow?ms=1500`, { headers: { server: 'true' } }).then(async (res) => {
      slowDone = true;
      return { status: res.status, body: await res.json() };
    });
    await arrived(server);
    server.child.kill('SIGTERM');

    // New connections are refused while the slow request is still running.
    let refused = false;
    while (!refused && !slowDone) {
      refused = await fetch(`${url}/healthz`, { headers: { server: 'true' } }).then(
        () => false,
        () => true,
      );
      if (!refused) await sleep(25);
    }
    expect(refused).toBe(true);
    expect(slowDone).toBe(false);

    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 1, data: { sleptMs: 1500 } });
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.stdout()).toContain('shut down cleanly');
    expect(server.stderr()).toBe('');

    // The embedded folder opens again and holds what the server migrated and seeded.
    const database = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
    try {
      const [row] = await rowsOf<{ settings: number }>(database.db.execute(sql`select count(*) as settings from config`));
      expect(row!.settings).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });

  it('cuts requests that outlive the grace period, then still closes cleanly', async () => {
    const { server, dataDir } = start({ SHUTDOWN_TIMEOUT_MS: '300' });
    const url = await server.listening;
    const endless = fetch(`${url}/__test/slow?ms=60000`, { headers: { server: 'true' } }).then(
      () => 'answered',
      () => 'cut',
    );
    await arrived(server);
    server.child.kill('SIGTERM');
    expect(await endless).toBe('cut');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.stdout()).toContain('shutdown grace period over');
    const database = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
    await database.db.execute(sql`select 1`);
    await database.close();
  });

  it('serves test-only routes only when asked to', async () => {
    const { server } = start({ FRAMECRAFT_TEST_ROUTES: '0' });
    const url = await server.listening;
    const res = await fetch(`${url}/__test/slow?ms=1`, { headers: { server: 'true', 'think-lang': 'en' } });
    expect(res.status).toBe(404);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  });
});
