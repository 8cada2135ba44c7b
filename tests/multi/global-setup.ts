import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { isReady, ports, sleep, startInstance, type Instance } from './cluster.ts';

/**
 * Several instances (issue 22, decision 048): one fresh PostgreSQL database, the shared Redis
 * under a prefix of this run, three instances of the built server on one shared DATA_DIR (as
 * shared storage would be) and HAProxy round-robin in front. The journeys and the multi-instance
 * checks run against the balancer (E2E_BASE_URL).
 */
export default async function globalSetup() {
  const adminUrl = process.env.MULTI_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `fc_multi_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`create database ${database}`);
  await admin.end();
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;

  const dataDir = mkdtempSync(join(tmpdir(), 'fc-multi-'));
  Object.assign(process.env, {
    MULTI_DATABASE_URL: databaseUrl.toString(),
    MULTI_REDIS_URL: process.env.MULTI_REDIS_URL ?? 'redis://127.0.0.1:6379',
    MULTI_REDIS_PREFIX: `fc-multi-${process.pid}:`,
    MULTI_DATA_DIR: dataDir,
  });

  const instances: Instance[] = [];
  let haproxy: ReturnType<typeof spawn> | undefined;
  const teardown = async () => {
    haproxy?.kill('SIGTERM');
    await Promise.all(instances.map((i) => i.stop()));
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${database} with (force)`);
    await client.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The first migrates and seeds the empty database; the others find it done (advisory lock).
    instances.push(await startInstance(ports.instances[0]!));
    instances.push(...(await Promise.all(ports.instances.slice(1).map((port) => startInstance(port)))));

    const config = join(dataDir, 'haproxy.cfg');
    writeFileSync(config, haproxyConfig());
    haproxy = spawn(process.env.HAPROXY ?? '/usr/sbin/haproxy', ['-f', config, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let haproxyOutput = '';
    haproxy.stdout!.on('data', (d) => (haproxyOutput += d));
    haproxy.stderr!.on('data', (d) => (haproxyOutput += d));
    const balancer = `http://127.0.0.1:${ports.balancer}`;
    // Ready when a round of requests reached all three instances.
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (haproxy.exitCode !== null) throw new Error(`haproxy exited:\n${haproxyOutput}`);
      const seen = new Set<string>();
      if (await isReady(balancer)) {
        for (let i = 0; i < 6; i++) {
          const res = await fetch(`${balancer}/healthz`).catch(() => undefined);
          const by = res?.headers.get('x-served-by');
          if (by) seen.add(by);
        }
      }
      if (seen.size === 3) break;
      if (Date.now() > deadline) throw new Error(`the balancer does not reach the three instances (saw ${[...seen].join(', ')}):\n${haproxyOutput}`);
      await sleep(300);
    }
    process.env.E2E_BASE_URL = balancer;
    process.env.MULTI_INSTANCE_URLS = instances.map((i) => i.url).join(',');
  } catch (err) {
    await teardown().catch(() => {});
    throw err;
  }
  return teardown;
}

/** Round-robin over the three instances (+ a spare slot for the kill -9 test), health-checked on /readyz. */
function haproxyConfig(): string {
  const servers = [...ports.instances.map((port, i) => `  server i${i + 1} 127.0.0.1:${port} check`), `  server spare 127.0.0.1:${ports.spare} check`];
  return `global
  maxconn 2000

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A busy machine answers a probe slowly; that is not an instance down.
  timeout check 5s
  option forwardfor
  # A request whose connection failed (an instance just died) goes to another instance.
  retries 2
  option redispatch 1

frontend shop
  bind 127.0.0.1:${ports.balancer}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk
  http-check send meth GET uri /readyz hdr server true
  default-server inter 1s fall 2 rise 1
  http-response set-header x-served-by %s
${servers.join('\n')}
`;
}
