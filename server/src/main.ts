import { buildApp } from './app.ts';
import { ConfigError, loadEnv } from './config/env.ts';
import { openDatabase, pgliteDirFor } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { seed } from './db/seed.ts';
import { openRedis } from './shared/redis.ts';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: pgliteDirFor(env.dataDir) });
  await migrate(database.db);
  await seed(database.db);
  const redis = await openRedis(env.REDIS_URL);
  const app = await buildApp(
    { env, db: database.db, redis },
    { level: env.LOG_LEVEL, ...(env.NODE_ENV === 'production' ? {} : {}) },
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await app.close();
      await redis?.quit();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: env.PORT, host: env.HOST });
  const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  app.log.info({ database: database.kind, redis: Boolean(redis) }, `Framecraft is serving at ${shown}`);
  console.log(`Framecraft is serving at ${shown}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
