import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './client.ts';

/** How often the embedded database is vacuumed (decision 066). */
export const EMBEDDED_VACUUM_INTERVAL_MS = 60 * 60 * 1000;

/**
 * A table is analysed again once this many rows changed, plus this share of its rows: PostgreSQL's
 * own autovacuum defaults (`autovacuum_analyze_threshold`, `autovacuum_analyze_scale_factor`).
 */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;

/**
 * The embedded database's autovacuum (decision 066): PGlite is one backend in this process with no
 * autovacuum worker, so without this its tables were never vacuumed — every updated row (a sale, a
 * flushed view count) left index-only scans visiting the table until the next seed. Every table
 * is vacuumed (the visibility map makes that cheap where nothing changed); one is analysed too
 * when autovacuum's rule would have: never analysed, or enough rows changed since. One statement
 * per table, so requests queued on PGlite's one connection go between tables. Returns how many
 * tables were vacuumed, and the names of those analysed.
 */
export async function vacuumEachTable(db: Db): Promise<{ vacuumed: number; analyzed: string[] }> {
  // The change counters reach pg_stat_user_tables when a backend flushes them; PGlite's one
  // backend does when asked (and forgets them when it stops: a restart only delays an analyse).
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const tables = await rowsOf<{ name: string; analyze: boolean }>(
    db.execute(sql`
      select c.relname as name,
        c.reltuples < 0 or coalesce(s.n_mod_since_analyze, 0) > ${ANALYZE_THRESHOLD} + ${ANALYZE_SCALE_FACTOR} * c.reltuples as analyze
      from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
      where c.relkind = 'r' and c.relnamespace = current_schema()::regnamespace
      order by c.relname`),
  );
  for (const { name, analyze } of tables) await db.execute(analyze ? sql`vacuum (analyze) ${sql.identifier(name)}` : sql`vacuum ${sql.identifier(name)}`);
  return { vacuumed: tables.length, analyzed: tables.filter((table) => table.analyze).map((table) => table.name) };
}
