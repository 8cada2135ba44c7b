import { request as httpRequest } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/app.ts';
import { adminLog } from '../tables.ts';
import { adminKit } from '../test-kit.ts';
import { TERMINAL_TEXT } from './routes.ts';

/** Issue 20: the web terminal's stream against real processes (conventions "Terminal stream"). */
const node = process.execPath;
const TEST_COMMANDS = {
  'test.fail': { file: node, args: ['-e', 'console.log("about to fail"); console.error("bad thing"); process.exit(3)'] },
  'test.ask': { file: node, args: ['-e', 'process.stdout.write("Proceed? (Y/n) "); setInterval(() => {}, 1000)'] },
  // Prints its pid and a grandchild's, then waits: the stop must reach both.
  'test.wait': {
    file: node,
    args: [
      '-e',
      'const c = require("child_process").spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" }); console.log("pids " + process.pid + " " + c.pid); setInterval(() => {}, 1000)',
    ],
  },
  'test.slow': { file: node, args: ['-e', 'console.log("first"); setTimeout(() => { console.log("second") }, 1500)'] },
  'test.limit': { file: node, args: ['-e', 'setInterval(() => {}, 1000)'], timeoutMs: 1_000 },
};

interface Event {
  data: string;
  uuid: string;
  extend: string;
  key: string;
}
const parse = (body: string): Event[] =>
  body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)) as Event);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('GET /admin/ajax/terminal', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof adminKit>;
  let superToken: string;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_MAX: '100000' });
    for (const [key, command] of Object.entries(TEST_COMMANDS)) ctx.app.terminalCommands.set(key, command);
    kit = adminKit(ctx);
    superToken = (await kit.superAdmin()).token;
    // Any free port: CI runs another test pass beside this one (decision 060).
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as { port: number }).port;
  });
  afterAll(() => ctx.close());

  const run = async (command: string, token = superToken) => {
    const answer = await ctx.app.inject({ method: 'GET', url: `/admin/ajax/terminal?command=${encodeURIComponent(command)}&uuid=u-1&extend=ext&batoken=${token}&server=1` });
    return { answer, events: parse(answer.body), data: parse(answer.body).map((e) => e.data) };
  };

  it('runs a real whitelisted command: link, the command line, its output, exitCode 0, success, completed', async () => {
    const { answer, events, data } = await run('version.node');
    expect(answer.headers['content-type']).toContain('text/event-stream');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['x-accel-buffering']).toBe('no');
    expect(data).toEqual(['command-link-success', '> node --version', process.version, 'exitCode: 0', 'command-exec-success', 'command-exec-completed']);
    expect(events[0]).toEqual({ data: 'command-link-success', uuid: 'u-1', extend: 'ext', key: 'version.node' });
  });

  it('writes every run to the admin log, without the token', async () => {
    const { row } = await kit.superAdmin().then(async (a) => ({ row: a.row, r: await run('version.node', a.token) }));
    const [log] = await ctx.database.db.select().from(adminLog).where(and(eq(adminLog.adminId, row.id), eq(adminLog.title, 'Terminal - version.node')));
    expect(log!.url).toBe('/admin/ajax/terminal?command=version.node');
    expect(log!.data).toMatchObject({ command: 'version.node', uuid: 'u-1', result: { kind: 'exit', code: 0 } });
  });

  it('exit 1: output from stdout and stderr, exitCode, exec-error, completed', async () => {
    const { data } = await run('test.fail');
    expect(data).toEqual(['command-link-success', expect.stringContaining('> node -e'), 'about to fail', 'bad thing', 'exitCode: 3', 'command-exec-error', 'command-exec-completed']);
  });

  it('a command asking (Y/n) ends as interactive and its process is stopped', async () => {
    const { data } = await run('test.ask');
    expect(data.slice(-3)).toEqual(['Proceed? (Y/n)', `Error:${TERMINAL_TEXT.interactive}`, 'command-exec-error']);
  });

  it('a command over its time limit is stopped', async () => {
    const { data } = await run('test.limit');
    expect(data).toEqual(['command-link-success', expect.any(String), `Error:${TERMINAL_TEXT.timeout}`, 'command-exec-error', 'command-exec-completed']);
  });

  it('refuses a command that is not whitelisted', async () => {
    for (const command of ['rm -rf /', 'version', '', 'constructor']) {
      expect((await run(command)).data).toEqual(['Error:The command was not allowed to be executed', 'command-exec-error']);
    }
  });

  it('refuses an admin who is not a super admin, and a missing or bad token', async () => {
    const { token } = await kit.adminWith([]);
    const expected = ['Error:You are not super administrator or not logged in', 'command-exec-error'];
    expect((await run('version.node', token)).data).toEqual(expected);
    expect((await run('version.node', '')).data).toEqual(expected);
    expect((await run('version.node', 'nonsense')).data).toEqual(expected);
  });

  it('streams lines as they come, one command at a time, and a disconnect kills the process group', async () => {
    // Streaming: the first line arrives while the process still runs.
    const slow = await new Promise<{ firstAt: number; endAt: number; body: string }>((resolve, reject) => {
      const started = Date.now();
      let firstAt = 0;
      let body = '';
      httpRequest({ port, host: '127.0.0.1', path: `/admin/ajax/terminal?command=test.slow&uuid=s&batoken=${superToken}` }, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
          if (!firstAt && body.includes('"first"')) firstAt = Date.now() - started;
        });
        res.on('end', () => resolve({ firstAt, endAt: Date.now() - started, body }));
      })
        .on('error', reject)
        .end();
    });
    expect(parse(slow.body).map((e) => e.data)).toContain('second');
    expect(slow.endAt - slow.firstAt).toBeGreaterThan(1_000);

    // A waiting command; while it runs a second one is refused.
    let pids: number[] = [];
    const req = httpRequest({ port, host: '127.0.0.1', path: `/admin/ajax/terminal?command=test.wait&uuid=w&batoken=${superToken}` }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        const found = /pids (\d+) (\d+)/.exec(body);
        if (found) pids = [Number(found[1]), Number(found[2])];
      });
      res.on('error', () => undefined);
    });
    req.on('error', () => undefined);
    req.end();
    await until(() => pids.length === 2);
    expect(pids.every(alive)).toBe(true);
    expect((await run('version.node')).data).toEqual([`Error:${TERMINAL_TEXT.busy}`, 'command-exec-error']);

    req.destroy();
    await until(() => !pids.some(alive));
    // The server is free again.
    expect((await run('version.node')).data).toContain('command-exec-success');
  });
});

describe('POST /admin/ajax/changeTerminalConfig and the init call', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof adminKit>;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_MAX: '100000' });
    kit = adminKit(ctx);
  });
  afterAll(() => ctx.close());

  it('a super admin stores the package manager and the development-server flag; the init call returns them', async () => {
    const { token } = await kit.superAdmin();
    expect((await kit.call('GET', '/admin/index/index', token)).data.terminal).toEqual({ npmPackageManager: 'pnpm', phpDevelopmentServer: false, npmRegistries: ['npm'] });
    const saved = await kit.call('POST', '/admin/ajax/changeTerminalConfig', token, { manager: 'npm', phpDevelopmentServer: true });
    expect(saved).toMatchObject({ code: 1, data: { npmPackageManager: 'npm', phpDevelopmentServer: true } });
    expect((await kit.call('GET', '/admin/index/index', token)).data.terminal).toMatchObject({ npmPackageManager: 'npm', phpDevelopmentServer: true });
    expect((await kit.call('POST', '/admin/ajax/changeTerminalConfig', token, { manager: 'bash -c' })).code).toBe(0);
    const [log] = await ctx.database.db.select().from(adminLog).where(eq(adminLog.title, 'Terminal - Config')).orderBy(adminLog.id);
    expect(log!.data).toEqual({ manager: 'npm', phpDevelopmentServer: true });
  });

  it('refuses an admin who is not a super admin', async () => {
    const { token } = await kit.adminWith([]);
    expect((await kit.call('POST', '/admin/ajax/changeTerminalConfig', token, { manager: 'npm' })).code).toBe(401);
  });
});

describe('in production', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ NODE_ENV: 'production', RATE_LIMIT_MAX: '100000' });
  });
  afterAll(() => ctx.close());

  it('runs nothing until the setting terminalInProduction is on', async () => {
    const { token } = await adminKit(ctx).superAdmin();
    const run = async () => parse((await ctx.app.inject({ method: 'GET', url: `/admin/ajax/terminal?command=version.node&uuid=p&batoken=${token}` })).body).map((e) => e.data);
    expect(await run()).toEqual([`Error:${TERMINAL_TEXT.production}`, 'command-exec-error']);
    await ctx.app.siteConfig.set({ terminalInProduction: 1 });
    expect(await run()).toContain('command-exec-success');
  });
});
