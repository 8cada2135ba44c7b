import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { logRequest, SLOW_REQUEST_MS } from '../../src/plugins/request-log.ts';
import { createTestApp, type TestContext } from '../app.ts';

interface Line {
  level: number;
  msg: string;
  path?: string;
  status?: number;
  reqId?: string;
}
const LEVEL = { debug: 20, info: 30, warn: 40 } as const;

describe('request log', () => {
  const lines: Line[] = [];
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { logger: { level: 'debug', stream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) } } });
  });
  afterAll(() => ctx.close());
  const about = (path: string) => lines.filter((line) => line.path === path);

  it('writes one debug line per ordinary request, without the query string (no tokens in the log)', async () => {
    await ctx.app.inject({ url: '/api/index/index?batoken=secret-token-value', headers: { server: 'true' } });
    const mine = about('/api/index/index');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ level: LEVEL.debug, msg: 'request completed', status: 200 });
    expect(JSON.stringify(lines)).not.toContain('secret-token-value');
    // Fastify's own "incoming request" / "request completed" info lines are off.
    expect(lines.some((line) => line.level === LEVEL.info && /incoming request/.test(line.msg))).toBe(false);
  });

  it('refused requests at info', async () => {
    await ctx.app.inject({ url: '/api/nope', headers: { server: 'true' } });
    expect(about('/api/nope')[0]).toMatchObject({ level: LEVEL.info, status: 404 });
  });
});

describe('request log levels of the hook', () => {
  it('failures and slow requests at warn', async () => {
    const lines: Line[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) } }, disableRequestLogging: true });
    app.addHook('onResponse', logRequest);
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_REQUEST_MS + 50));
      return { ok: true };
    });
    app.get('/fast', async () => ({ ok: true }));
    await app.inject({ url: '/boom' });
    await app.inject({ url: '/slow' });
    await app.inject({ url: '/fast' });
    await app.close();
    const mine = lines.filter((line) => line.path);
    expect(mine).toMatchObject([
      { level: LEVEL.warn, msg: 'request failed', path: '/boom', status: 500 },
      { level: LEVEL.warn, msg: 'slow request', path: '/slow', status: 200 },
    ]);
    // At info (production), the ordinary request leaves no line.
    expect(mine).toHaveLength(2);
  });
});
