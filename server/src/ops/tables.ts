import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';

/**
 * The logical copy of the shop's tables that backup, restore and `db:move` share (decision 047):
 * each table's rows as `row_to_json` text read through a cursor in batches, written back with
 * `json_populate_recordset` — the same on PGlite and PostgreSQL, exact for every column type
 * (numbers, bytea, jsonb and timestamps travel as PostgreSQL's own text). The migration record
 * (`_migrations`) is not copied: the target runs the same migration files instead.
 */

export interface Column {
  name: string;
  type: string;
  generated: boolean;
  identity: boolean;
}

export interface TableInfo {
  name: string;
  columns: Column[];
  /** Integer-cent columns whose sums are compared after a copy (money, price, amount, …). */
  moneyColumns: string[];
}

export interface TableStats {
  rows: number;
  /** Sum per money column, as text (bigint-safe). */
  money: Record<string, string>;
}

export interface SequenceState {
  name: string;
  /** null when the sequence was never used. */
  lastValue: string | null;
}

export const MIGRATIONS_TABLE = '_migrations';
const MONEY_NAME = /(^|_)(money|price|amount|discount|balance|total|fee|commission|bonus|cost)(_|$)/;
const INTEGER_TYPES = new Set(['smallint', 'integer', 'bigint']);

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function listTables(db: Db): Promise<TableInfo[]> {
  const rows = await rowsOf<{ table: string; column: string; type: string; generated: boolean; identity: boolean }>(
    db.execute(sql`select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type",
        a.attgenerated <> '' as "generated", a.attidentity <> '' as "identity"
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = current_schema() and c.relkind = 'r' and not c.relispartition and c.relname <> ${MIGRATIONS_TABLE}
      order by c.relname, a.attnum`),
  );
  const tables = new Map<string, TableInfo>();
  for (const row of rows) {
    let table = tables.get(row.table);
    if (!table) tables.set(row.table, (table = { name: row.table, columns: [], moneyColumns: [] }));
    table.columns.push({ name: row.column, type: row.type, generated: row.generated, identity: row.identity });
    if (!row.generated && (INTEGER_TYPES.has(row.type) || row.type.startsWith('numeric')) && MONEY_NAME.test(row.column)) table.moneyColumns.push(row.column);
  }
  return [...tables.values()];
}

/** Everything in the current schema (tables, views, sequences): an empty target has none. */
export async function schemaObjects(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') order by c.relname`),
  );
  return rows.map((r) => r.name);
}

export async function tableStats(db: Db, table: TableInfo): Promise<TableStats> {
  const sums = table.moneyColumns.map((c) => `coalesce(sum(${ident(c)}), 0)::text as ${ident(`sum:${c}`)}`);
  const [row] = await rowsOf<Record<string, string>>(db.execute(sql.raw(`select count(*)::text as "rows"${sums.map((s) => `, ${s}`).join('')} from ${ident(table.name)}`)));
  return { rows: Number(row!.rows), money: Object.fromEntries(table.moneyColumns.map((c) => [c, row![`sum:${c}`]!])) };
}

export async function allStats(db: Db, tables: TableInfo[]): Promise<Record<string, TableStats>> {
  const stats: Record<string, TableStats> = {};
  for (const table of tables) stats[table.name] = await tableStats(db, table);
  return stats;
}

/** Differences between what a copy should hold and what it holds, one line each (empty when equal). */
export function compareStats(expected: Record<string, TableStats>, actual: Record<string, TableStats>): string[] {
  const problems: string[] = [];
  for (const [name, want] of Object.entries(expected)) {
    const got = actual[name];
    if (!got) {
      problems.push(`table ${name} is missing`);
      continue;
    }
    if (got.rows !== want.rows) problems.push(`table ${name}: ${got.rows} rows, expected ${want.rows}`);
    for (const [column, sum] of Object.entries(want.money)) {
      if (got.money[column] !== sum) problems.push(`table ${name}: sum of ${column} is ${got.money[column]}, expected ${sum}`);
    }
  }
  return problems;
}

export async function readSequences(db: Db): Promise<SequenceState[]> {
  return rowsOf<SequenceState>(
    db.execute(sql`select sequencename as "name", last_value::text as "lastValue" from pg_sequences where schemaname = current_schema() order by sequencename`),
  );
}

export async function writeSequences(db: Db, sequences: SequenceState[]): Promise<void> {
  for (const seq of sequences) {
    if (seq.lastValue !== null) await db.execute(sql`select setval(${ident(seq.name)}::regclass, ${seq.lastValue}::bigint, true)`);
  }
}

const copiedColumns = (table: TableInfo) => table.columns.filter((c) => !c.generated);

/**
 * Read a table's rows as JSON text, `batch` rows at a time, through a cursor. Call inside a
 * transaction (a cursor lives in one); with REPEATABLE READ every table comes from one snapshot.
 */
export async function* exportRows(tx: Db, table: TableInfo, batch = 2000): AsyncGenerator<string[]> {
  const columns = copiedColumns(table).map((c) => ident(c.name)).join(', ');
  await tx.execute(sql.raw(`declare fc_export no scroll cursor for select row_to_json(x)::text as j from (select ${columns} from ${ident(table.name)}) x`));
  try {
    for (;;) {
      const rows = await rowsOf<{ j: string }>(tx.execute(sql.raw(`fetch ${batch} from fc_export`)));
      if (rows.length === 0) return;
      yield rows.map((r) => r.j);
    }
  } finally {
    await tx.execute(sql.raw('close fc_export'));
  }
}

/** Insert rows given as JSON object texts (from `exportRows`) into the same table of another database. */
export async function importRows(tx: Db, table: TableInfo, rows: string[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = copiedColumns(table).map((c) => ident(c.name)).join(', ');
  const overriding = table.columns.some((c) => c.identity) ? ' overriding system value' : '';
  await tx.execute(
    sql`${sql.raw(`insert into ${ident(table.name)} (${columns})${overriding} select ${columns} from json_populate_recordset(null::${ident(table.name)}, `)}${`[${rows.join(',')}]`}::json)`,
  );
}

export interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

/**
 * Foreign keys are dropped while rows are copied (any order then works, self-references too)
 * and added back afterwards, which checks every row.
 */
export async function dropForeignKeys(tx: Db): Promise<ForeignKey[]> {
  const keys = await rowsOf<ForeignKey>(
    tx.execute(sql`select cl.relname as "table", co.conname as "name", pg_get_constraintdef(co.oid) as "definition"
      from pg_constraint co join pg_class cl on cl.oid = co.conrelid join pg_namespace n on n.oid = cl.relnamespace
      where co.contype = 'f' and n.nspname = current_schema()`),
  );
  for (const key of keys) await tx.execute(sql.raw(`alter table ${ident(key.table)} drop constraint ${ident(key.name)}`));
  return keys;
}

export async function addForeignKeys(tx: Db, keys: ForeignKey[]): Promise<void> {
  for (const key of keys) await tx.execute(sql.raw(`alter table ${ident(key.table)} add constraint ${ident(key.name)} ${key.definition}`));
}

/** Rows that migrations or nothing put in a freshly migrated database go, before a copy fills it. */
export async function emptyTables(tx: Db, tables: TableInfo[]): Promise<void> {
  if (tables.length) await tx.execute(sql.raw(`truncate ${tables.map((t) => ident(t.name)).join(', ')}`));
}
