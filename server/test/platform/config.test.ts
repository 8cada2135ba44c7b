import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from '../../src/config/env.ts';
import { baseEnv, startServer } from './process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'fc-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('settings from the environment', () => {
  it('falls back to the documented defaults; empty values count as unset', () => {
    const env = loadEnv({ PORT: '', HOST: '' });
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 8000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      REDIS_PREFIX: 'framecraft:',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      RATE_LIMIT_MAX: 600,
      RATE_LIMIT_WINDOW_MS: 60_000,
      BODY_LIMIT_BYTES: 1_048_576,
      SHUTDOWN_TIMEOUT_MS: 10_000,
      testRoutes: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.dataDir).toBe(join(process.cwd(), 'data'));
  });

  it('reads valid values', () => {
    const env = loadEnv({
      PORT: '9001',
      DATABASE_URL: 'postgresql://u:p@db.example:5432/shop',
      REDIS_URL: 'rediss://cache:6380/2',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      NODE_ENV: 'production',
    });
    expect(env).toMatchObject({ PORT: 9001, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1', NODE_ENV: 'production' });
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    const hops = loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('10.0.0.1', 1), hops('10.0.0.1', 2)]).toEqual([true, true, false]);
  });

  it('turns test-only routes on only in the test environment', () => {
    expect(loadEnv({ NODE_ENV: 'test', FRAMECRAFT_TEST_ROUTES: '1' }).testRoutes).toBe(true);
    expect(loadEnv({ NODE_ENV: 'production', FRAMECRAFT_TEST_ROUTES: '1' }).testRoutes).toBe(false);
    expect(loadEnv({ NODE_ENV: 'development', FRAMECRAFT_TEST_ROUTES: '1' }).testRoutes).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid setting PORT="abc": must be a whole number from 0 to 65535'],
    [{ PORT: '65536' }, 'Invalid setting PORT="65536": must be a whole number from 0 to 65535'],
    [{ PORT: '80.5' }, 'Invalid setting PORT="80.5": must be a whole number from 0 to 65535'],
    [{ HOST: 'my host' }, 'Invalid setting HOST="my host": must be a host name or IP address to listen on, such as 0.0.0.0 or 127.0.0.1'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid setting DATABASE_URL: must be a PostgreSQL URL such as postgres://user:password@127.0.0.1:5432/framecraft'],
    [{ DATABASE_URL: 'not a url' }, 'Invalid setting DATABASE_URL: must be a PostgreSQL URL such as postgres://user:password@127.0.0.1:5432/framecraft'],
    [{ REDIS_URL: 'http://cache:6379' }, 'Invalid setting REDIS_URL: must be a Redis URL such as redis://127.0.0.1:6379'],
    [{ NODE_ENV: 'prod' }, 'Invalid setting NODE_ENV="prod": must be one of development, production, test'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid setting LOG_LEVEL="loud": must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ TRUST_PROXY: 'yes' }, 'Invalid setting TRUST_PROXY="yes": must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses'],
    [{ RATE_LIMIT_MAX: '0' }, 'Invalid setting RATE_LIMIT_MAX="0": must be a whole number from 1 to 1000000000'],
    [{ RATE_LIMIT_WINDOW_MS: '1m' }, 'Invalid setting RATE_LIMIT_WINDOW_MS="1m": must be a whole number from 1 to 86400000'],
    [{ BODY_LIMIT_BYTES: '1e6' }, 'Invalid setting BODY_LIMIT_BYTES="1e6": must be a whole number from 1 to 1073741824'],
    [{ SHUTDOWN_TIMEOUT_MS: '-1' }, 'Invalid setting SHUTDOWN_TIMEOUT_MS="-1": must be a whole number from 0 to 600000'],
    [{ REDIS_PREFIX: 'my app:' }, 'Invalid setting REDIS_PREFIX="my app:": must not contain spaces'],
    [{ FRAMECRAFT_TEST_ROUTES: 'yes' }, 'Invalid setting FRAMECRAFT_TEST_ROUTES="yes": must be one of 0, 1'],
  ])('refuses %o with one line naming the setting', (source, line) => {
    expect(() => loadEnv(source)).toThrow(new ConfigError(line));
  });

  it('never echoes a URL setting, which may hold a password', () => {
    expect(() => loadEnv({ DATABASE_URL: 'mysql://admin:s3cret@db/shop' })).toThrow(/^Invalid setting DATABASE_URL: /);
    try {
      loadEnv({ DATABASE_URL: 'mysql://admin:s3cret@db/shop' });
    } catch (err) {
      expect((err as Error).message).not.toContain('s3cret');
    }
  });
});

describe('a bad setting stops the server process', () => {
  it.each([
    ['PORT', 'abc', 'Invalid setting PORT="abc": must be a whole number from 0 to 65535'],
    ['DATABASE_URL', 'mysql://root:hunter2@x/shop', 'Invalid setting DATABASE_URL: must be a PostgreSQL URL such as postgres://user:password@127.0.0.1:5432/framecraft'],
    ['REDIS_URL', 'localhost:6379', 'Invalid setting REDIS_URL: must be a Redis URL such as redis://127.0.0.1:6379'],
    ['NODE_ENV', 'staging', 'Invalid setting NODE_ENV="staging": must be one of development, production, test'],
    ['RATE_LIMIT_MAX', 'many', 'Invalid setting RATE_LIMIT_MAX="many": must be a whole number from 1 to 1000000000'],
    ['PGLITE_SHARED_BUFFERS', 'lots', 'Invalid setting PGLITE_SHARED_BUFFERS="lots": must be a size such as 16MB or 256MB'],
  ])('%s=%s → exit code 1 and exactly one line on stderr', async (name, value, line) => {
    const server = startServer('src/main.ts', baseEnv({ DATA_DIR: dataDir, [name]: value }));
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.stderr()).toBe(`${line}\n`);
    expect(server.stdout()).toBe('');
  });

  it('an unreachable database → one line naming DATABASE_URL, without its password', async () => {
    const server = startServer('src/main.ts', baseEnv({ DATABASE_URL: 'postgres://framecraft:hunter2@127.0.0.1:9/shop' }));
    expect((await server.exited).code).toBe(1);
    expect(server.stderr()).toMatch(/^Cannot connect to the database of DATABASE_URL: .*ECONNREFUSED.*\n$/);
    expect(server.stderr()).not.toContain('hunter2');
  });

  it('an unreachable Redis → one line naming REDIS_URL', async () => {
    const server = startServer(
      'src/main.ts',
      baseEnv({ DATA_DIR: dataDir, REDIS_URL: 'redis://127.0.0.1:9', DATABASE_URL: process.env.DATABASE_URL }),
    );
    expect((await server.exited).code).toBe(1);
    expect(server.stderr()).toMatch(/^Cannot connect to Redis at REDIS_URL: .*ECONNREFUSED.*\n$/);
  });
});
