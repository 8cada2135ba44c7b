import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { E2E_ADMIN_PASSWORD } from '../e2e/global-setup.ts';

/**
 * The pieces of the multi-instance run (issue 22, decision 048): real server processes from the
 * built bundle, and a TCP proxy that a test can cut to take PostgreSQL or Redis away from one
 * instance without touching the shared services.
 */

/** Ports of this run: the balancer, three instances, then the fault tests' own (`MULTI_PORT_BASE`, default 9500). */
export const PORT_BASE = Number(process.env.MULTI_PORT_BASE ?? 9500);
export const ports = {
  balancer: PORT_BASE,
  instances: [PORT_BASE + 1, PORT_BASE + 2, PORT_BASE + 3],
  /** A fourth server slot of the balancer, started and killed by the kill -9 test. */
  spare: PORT_BASE + 4,
  /** An instance of its own for the PostgreSQL / Redis outage tests, and its proxies. */
  outage: PORT_BASE + 5,
  pgProxy: PORT_BASE + 10,
  redisProxy: PORT_BASE + 11,
};

export interface Instance {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM, and wait for the exit. */
  stop(): Promise<void>;
}

/** Settings every instance of the run shares (set by the global setup). */
export function sharedEnv(): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATA_DIR: process.env.MULTI_DATA_DIR!,
    DATABASE_URL: process.env.MULTI_DATABASE_URL!,
    REDIS_URL: process.env.MULTI_REDIS_URL!,
    REDIS_PREFIX: process.env.MULTI_REDIS_PREFIX!,
    LOG_LEVEL: 'warn',
    // The journeys all come from 127.0.0.1; the shared-limit test uses a client address of its own.
    RATE_LIMIT_MAX: '100000',
    // The balancer is on this machine and adds X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
    JOBS_POLL_MS: '500',
    FRAMECRAFT_TEST_ROUTES: '1',
    ADMIN_INITIAL_PASSWORD: E2E_ADMIN_PASSWORD,
  };
}

/** Start `server/dist/main.js` on `port` and wait for `/readyz`. */
export async function startInstance(port: number, env: Record<string, string> = {}): Promise<Instance> {
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    env: { ...process.env, ...sharedEnv(), PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const instance: Instance = {
    url,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited early:\n${output}`);
    if (await isReady(url)) return instance;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`instance on ${port} did not become ready:\n${output}`);
    }
    await sleep(200);
  }
}

export async function isReady(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/readyz`, { headers: { server: 'true' }, signal: AbortSignal.timeout(5_000) });
    return res.ok;
  } catch {
    return false;
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A TCP proxy from `port` to `target` that can be cut (every connection dropped, new ones
 * refused) and restored: an outage of the service behind it, as the server sees it.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  /** Drop every connection and refuse new ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = server ? new Promise((r) => server.close(r)) : Promise.resolve();
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await closed;
  }
}
