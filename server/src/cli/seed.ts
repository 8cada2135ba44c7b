import { ConfigError, loadEnv } from '../config/env.ts';
import { openDatabase, pgliteDirFor } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seed } from '../seed.ts';

/** `--items N`: top the catalogue up to N items (benchmarks). */
function itemsArgument(argv: string[]): number | undefined {
  const at = argv.indexOf('--items');
  if (at === -1) return undefined;
  const value = Number(argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) {
    console.error('--items needs a positive whole number, e.g. --items 100000');
    process.exit(1);
  }
  return value;
}

/** `npm run db:seed [-- --items N]`: migrate and seed the configured database (safe to run any number of times). */
async function main() {
  const catalogueItems = itemsArgument(process.argv.slice(2));
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
    await seed(database.db, { log: (line) => console.log(line), admin: { initialPassword: env.ADMIN_INITIAL_PASSWORD }, catalogueItems });
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
