import { ConfigError, loadEnv } from '../config/env.ts';
import { openDatabase, pgliteDirFor } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seed } from '../seed.ts';
import { seedScale } from './scale-seed.ts';

/** `--items N` (top the catalogue up to N items), `--members N`, `--orders N` (benchmarks, decision 049). */
function countArgument(argv: string[], name: string, example: number): number | undefined {
  const at = argv.indexOf(`--${name}`);
  if (at === -1) return undefined;
  const value = Number(argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} needs a positive whole number, e.g. --${name} ${example}`);
    process.exit(1);
  }
  return value;
}

/** `npm run db:seed [-- --items N --members N --orders N]`: migrate and seed the configured database (safe to run any number of times). */
async function main() {
  const argv = process.argv.slice(2);
  const catalogueItems = countArgument(argv, 'items', 100_000);
  const members = countArgument(argv, 'members', 100_000);
  const orders = countArgument(argv, 'orders', 1_000_000);
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
    if (members || orders) await seedScale(database.db, { members, orders, log: (line) => console.log(line) });
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
