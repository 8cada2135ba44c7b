import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Password of the seeded super admin `admin` in the journeys. */
export const E2E_ADMIN_PASSWORD = 'E2e-admin-123';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** The real built server on a fresh embedded database, shared by the journeys of one run. */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'fc-e2e-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      // /__test/captchaAnswer: the journeys solve the click captcha from its stored answer.
      FRAMECRAFT_TEST_ROUTES: '1',
      // The seeded super admin's password (used only when the first admin is created).
      ADMIN_INITIAL_PASSWORD: E2E_ADMIN_PASSWORD,
      // The code generator writes its source here, never into the checkout (decision 045).
      GENERATOR_OUTPUT_DIR: join(dataDir, 'generated-source'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + Number(process.env.E2E_READY_MS ?? 60_000); // a loaded machine may need longer
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/readyz`, { headers: { server: 'true' } });
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
