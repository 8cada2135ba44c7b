import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { DEFAULT_PGLITE_SHARED_BUFFERS } from '../config/env.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type the modules see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /** 'pglite' (embedded folder) or 'postgres' (DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Folder of the embedded database, used when no URL is given. */
  pgliteDir: string;
  /** PostgreSQL `shared_buffers` of the embedded database (PGlite keeps all of it resident). */
  pgliteSharedBuffers?: string;
  /** Let V8 compile PGlite's hot WebAssembly functions with its optimising tier (decision 016). */
  pgliteOptimize?: boolean;
}


/**
 * PGlite is one backend in this process, yet PostgreSQL sizes its shared memory (lock tables, process
 * slots, predicate locks, WAL sender slots) for `max_connections` (100) and `max_wal_senders` (10) and
 * zeroes all of it at start: ~4 MB of the WebAssembly memory resident for slots nothing uses
 * (`shared_memory_size` 8MB → 4MB). Five slots leave room for the single-user backend's own needs.
 */
const PGLITE_ONE_BACKEND = ['max_connections=5', 'max_wal_senders=0'];

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // BIGINT (int8) counts and sums come back as strings by default; ours stay below 2^53.
    pg.types.setTypeParser(20, (v) => Number(v));
    // A connection attempt that hangs (server unreachable) fails after 5 s instead of holding the
    // request; after an outage the pool simply opens new connections (decision 048).
    // JIT off (decision 067): PostgreSQL compiles a plan whose estimated cost passes 100 000, which
    // a keyword search with a filter reaches when the planner misjudges how rare its matches are;
    // compiling took 12–14 ms of a 19 ms request, and no query of a shop runs long enough to repay it.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20, connectionTimeoutMillis: 5_000, options: '-c jit=off' });
    // An idle client dropped by the server (restart, DROP DATABASE … FORCE after close) is discarded
    // by the pool; without a listener the 'error' event would crash the process.
    pool.on('error', () => {});
    await pool.query('select 1');
    return { db: drizzle(pool, { schema }) as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  // V8's optimised code for PGlite's hot functions stays resident (~60 MB, a third of the idle
  // budget); baseline code answers the shop's indexed queries as fast (decision 016). Must be set
  // before the module is compiled.
  if (!options.pgliteOptimize) setFlagsFromString('--liftoff-only');
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  mkdirSync(dirname(options.pgliteDir), { recursive: true });
  const client = await PGlite.create(options.pgliteDir, {
    parsers: { 20: (v: string) => Number(v) },
    // Keyword search's trigram index (migration 0005).
    extensions: { pg_trgm },
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      `shared_buffers=${options.pgliteSharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS}`,
      ...PGLITE_ONE_BACKEND.flatMap((setting) => ['-c', setting]),
    ],
  });
  return { db: drizzle(client, { schema }) as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/** Which database the app runs on: the one it was given, or what the environment says (`DATABASE_URL` set = PostgreSQL). */
export function databaseKindOf(deps: { databaseKind?: Database['kind']; env: { DATABASE_URL?: string } }): Database['kind'] {
  return deps.databaseKind ?? (deps.env.DATABASE_URL ? 'postgres' : 'pglite');
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'pgdata');
}

/** Rows of a raw `db.execute` — both drivers answer with `{ rows }`. */
export async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}
