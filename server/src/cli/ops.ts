import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadEnv, type Env } from '../config/env.ts';
import { openDatabase, pgliteDirFor, type Database } from '../db/client.ts';
import { createBackup } from '../ops/backup.ts';
import { hasEmbeddedDatabase, processesUsing } from '../ops/embedded.ts';
import { OpsError } from '../ops/migrations.ts';
import { assertEmptyTarget, moveDatabase } from '../ops/move.ts';
import { restoreBackup } from '../ops/restore.ts';
import { repoRoot } from '../shared/paths.ts';

/**
 * `npm run backup`, `npm run restore FILE`, `npm run db:move -- --to postgres://…` (decision 047).
 * Settings as the server reads them (environment, then the root .env via scripts/ops.mjs).
 */

const USAGE = `Usage:
  npm run backup [-- --out <folder or file.tar.gz>] [--logical]
  npm run restore <file.tar.gz>
  npm run db:move -- --to postgres://user:password@host:5432/database`;

const say = (line: string) => console.log(line);

function embeddedIdle(env: Env, what: string): void {
  const folder = pgliteDirFor(env.dataDir);
  const holders = processesUsing(folder);
  if (holders.length) {
    throw new OpsError(
      `The embedded database ${folder} is open in another process (pid ${holders.join(', ')}) — probably the running server. PGlite has a single writer: stop the server first (e.g. systemctl stop framecraft), ${what}, then start it again.`,
    );
  }
}

const openEmbedded = (env: Env) =>
  openDatabase({ pgliteDir: pgliteDirFor(env.dataDir), pgliteSharedBuffers: env.PGLITE_SHARED_BUFFERS, pgliteOptimize: true });

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const framecraftVersion = () => (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;

async function backup(env: Env, args: string[]) {
  const { values } = parseArgs({ args, options: { out: { type: 'string' }, logical: { type: 'boolean' } } });
  const out = resolve(values.out ?? 'backups');
  const file = out.endsWith('.tar.gz') ? out : join(out, `framecraft-${stamp()}.tar.gz`);
  if (!env.DATABASE_URL) {
    if (!hasEmbeddedDatabase(pgliteDirFor(env.dataDir))) throw new OpsError(`No embedded database in ${pgliteDirFor(env.dataDir)}: check DATA_DIR (or set DATABASE_URL)`);
    embeddedIdle(env, 'run the backup');
  }
  const database = env.DATABASE_URL ? await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: '' }) : await openEmbedded(env);
  try {
    const manifest = await createBackup({ database, databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, file, logical: values.logical, framecraftVersion: framecraftVersion(), log: say });
    const rows = Object.values(manifest.tables).reduce((s, t) => s + t.rows, 0);
    say(`Backup written: ${file} (${megabytes(statSync(file).size)}; ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.database.dump}; ${manifest.storage.public.files + manifest.storage.private.files} files)`);
  } finally {
    await database.close();
  }
}

async function restore(env: Env, args: string[]) {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new OpsError(`Name the archive to restore.\n${USAGE}`);
  const file = resolve(positionals[0]!);
  const pgliteDir = pgliteDirFor(env.dataDir);
  if (!env.DATABASE_URL) embeddedIdle(env, 'restore');
  const result = await restoreBackup(
    file,
    {
      kind: env.DATABASE_URL ? 'postgres' : 'pglite',
      dataDir: env.dataDir,
      pgliteDir,
      databaseUrl: env.DATABASE_URL,
      open: (): Promise<Database> => (env.DATABASE_URL ? openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: '' }) : openEmbedded(env)),
    },
    say,
  );
  say(`Restored ${file}: ${result.tables} tables, ${result.rows} rows, ${result.files} files into ${env.DATABASE_URL ? 'the database of DATABASE_URL' : pgliteDir} and ${env.dataDir}.`);
  say('Start the server (npm start); it applies any newer migrations of this release at start.');
}

async function move(env: Env, args: string[]) {
  const { values } = parseArgs({ args, options: { to: { type: 'string' } } });
  const to = values.to;
  if (!to || !/^postgres(ql)?:\/\//.test(to) || !URL.canParse(to)) throw new OpsError(`Give the empty PostgreSQL database to move to.\n${USAGE}`);
  const folder = pgliteDirFor(env.dataDir);
  if (!hasEmbeddedDatabase(folder)) throw new OpsError(`No embedded database in ${folder}: check DATA_DIR`);
  embeddedIdle(env, 'move the database');
  let target: Database;
  try {
    target = await openDatabase({ databaseUrl: to, pgliteDir: '' });
  } catch (err) {
    throw new OpsError(`Cannot connect to the target database: ${(err as Error).message}`);
  }
  let source: Database;
  try {
    await assertEmptyTarget(target);
    source = await openEmbedded(env);
  } catch (err) {
    await target.close();
    throw err;
  }
  try {
    say(`Moving ${folder} to ${new URL(to).host}${new URL(to).pathname} …`);
    const result = await moveDatabase(source, target, say);
    const shown = new URL(to);
    if (shown.password) shown.password = '****';
    say('');
    say(`Done: ${Object.keys(result.tables).length} tables, ${result.rows} rows copied and verified (row counts and money totals per table).`);
    say('To switch the shop to PostgreSQL:');
    say(`  1. set DATABASE_URL=${shown.toString()} (in .env, or /etc/framecraft.env for systemd)`);
    say('  2. start the server (npm start / systemctl start framecraft); uploads stay in DATA_DIR (public/, private/)');
    say(`  3. keep ${folder} until you are satisfied, then archive or remove it`);
  } finally {
    await source.close();
    await target.close();
  }
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  let env: Env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof ConfigError) throw new OpsError(err.message);
    throw err;
  }
  if (command === 'backup') await backup(env, args);
  else if (command === 'restore') await restore(env, args);
  else if (command === 'move') await move(env, args);
  else throw new OpsError(USAGE);
}

main().catch((err: unknown) => {
  if (err instanceof OpsError || (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
