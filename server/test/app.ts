import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadEnv, type Env } from '../src/config/env.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { openRedis } from '../src/shared/redis.ts';
import { adminUrl, withDatabase } from './pg-url.ts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  env: Env;
  close(): Promise<void>;
}

/**
 * A real app on a real database of its own: a copy of the run's migrated template.
 * Redis is used when REDIS_URL is set, under a key prefix of its own.
 * `logger` turns the app's log on (e.g. a stream that keeps the lines).
 * `shareWith` makes a second instance of another test app: same database, same Redis prefix.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: {
    shareWith?: TestContext;
    /** Logger options (e.g. a stream to read the log lines); none by default. */
    logger?: Parameters<typeof buildApp>[1];
    /** Routes a test adds before the app is ready (e.g. one that declares `config.streaming`). */
    beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<TestContext> {
  const template = inject('dbTemplate');
  const id = randomBytes(6).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'fc-test-'));
  const url = process.env.DATABASE_URL;
  const shared = options.shareWith;
  let dropDatabase = async () => {};
  let closeDatabase = async () => {};
  let database: Database;
  if (shared) {
    database = shared.database;
  } else if (url) {
    const name = `fc_t_${id}`;
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    database = await openDatabase({ databaseUrl: withDatabase(url, name), pgliteDir: '' });
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    const folder = join(dataDir, 'pgdata');
    cpSync(template, folder, { recursive: true });
    database = await openDatabase({ pgliteDir: folder });
  }
  if (!shared) closeDatabase = () => database.close();
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    REDIS_URL: process.env.REDIS_URL,
    REDIS_PREFIX: shared?.env.REDIS_PREFIX ?? `fctest:${id}:`,
    WEB_DIST_DIR: join(dataDir, 'no-web-dist'),
    // Tests change rows directly and look again at once; the cache has its own test.
    CATALOGUE_CACHE_TTL_MS: '0',
    ...overrides,
  });
  const redis = await openRedis(env.REDIS_URL);
  const app = await buildApp({ env, db: database.db, redis, databaseKind: database.kind }, options.logger);
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    env,
    async close() {
      await app.close();
      if (redis && !shared) {
        const keys = await redis.keys(`${env.REDIS_PREFIX}*`);
        if (keys.length) await redis.del(...keys);
      }
      await redis?.quit();
      await closeDatabase();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
