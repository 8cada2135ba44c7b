import { ConfigError, loadEnv } from '../config/env.ts';
import { openDatabase, pgliteDirFor } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seed } from '../db/seed.ts';

/** `npm run db:seed`: migrate and seed the configured database (safe to run any number of times). */
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
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: pgliteDirFor(env.dataDir), pgliteSharedBuffers: env.PGLITE_SHARED_BUFFERS });
  try {
    await migrate(database.db);
    await seed(database.db, { log: (line) => console.log(line), admin: { initialPassword: env.ADMIN_INITIAL_PASSWORD } });
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
