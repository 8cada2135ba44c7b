import { buildApp } from './app.ts';
import { ConfigError, loadEnv, type Env } from './config/env.ts';
import { openDatabase, pgliteDirFor, type Database } from './db/client.ts';
import { migrate, MigrationChangedError } from './db/migrate.ts';
import { seed } from './seed.ts';
import { settleFootprint } from './shared/footprint.ts';
import { logRedisAvailability, openRedis } from './shared/redis.ts';

/** A start-up failure the operator can fix; printed as one line, exit code 1. */
class StartupError extends Error {}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0];

async function openConfiguredDatabase(env: Env): Promise<Database> {
  try {
    return await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: pgliteDirFor(env.dataDir), pgliteSharedBuffers: env.PGLITE_SHARED_BUFFERS, pgliteOptimize: env.PGLITE_WASM_OPTIMIZE === '1' });
  } catch (err) {
    throw new StartupError(
      env.DATABASE_URL
        ? `Cannot connect to the database of DATABASE_URL: ${reason(err)}`
        : `Cannot open the embedded database in DATA_DIR=${JSON.stringify(env.DATA_DIR)} (${pgliteDirFor(env.dataDir)}): ${reason(err)}`,
    );
  }
}

async function openConfiguredRedis(env: Env) {
  try {
    return await openRedis(env.REDIS_URL);
  } catch (err) {
    throw new StartupError(`Cannot connect to Redis at REDIS_URL: ${reason(err)}`);
  }
}

async function main() {
  const env = loadEnv();
  const redis = await openConfiguredRedis(env);
  const database = await openConfiguredDatabase(env);
  try {
    await migrate(database.db);
  } catch (err) {
    if (err instanceof MigrationChangedError) throw new StartupError(err.message);
    throw err;
  }
  await seed(database.db, { admin: { initialPassword: env.ADMIN_INITIAL_PASSWORD, announce: (line) => console.log(line) } });
  const app = await buildApp({ env, db: database.db, redis, databaseKind: database.kind }, { level: env.LOG_LEVEL });
  if (env.testRoutes) await app.register((await import('./plugins/test-routes.ts')).testRoutes);
  if (redis) logRedisAvailability(redis, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Long-lived requests (event streams) would hold the close forever: cut them after the grace period.
    const cut = setTimeout(() => {
      app.log.warn('shutdown grace period over: closing the remaining connections');
      app.server.closeAllConnections();
    }, env.SHUTDOWN_TIMEOUT_MS);
    try {
      await app.close();
      clearTimeout(cut);
      await redis?.quit();
      await database.close();
      app.log.info('shut down cleanly');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  let address: string;
  try {
    address = await app.listen({ port: env.PORT, host: env.HOST });
  } catch (err) {
    throw new StartupError(`Cannot listen on HOST=${env.HOST} PORT=${env.PORT}: ${reason(err)}`);
  }
  const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  app.log.info({ database: database.kind, redis: Boolean(redis) }, `Framecraft is serving at ${shown}`);
  console.log(`Framecraft is serving at ${shown}`);
  // Background jobs start once the app serves; closing the app (shutdown) stops them and waits for running ones.
  app.jobs.start(env.JOBS_POLL_MS);
  if (database.kind === 'pglite') settleFootprint();
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof StartupError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
