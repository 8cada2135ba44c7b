import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { ApiError } from '../../shared/errors.ts';

/**
 * The table and field lookups of spec §7 (`getTableList`, `getDatabaseConnectionList`,
 * `getTablePk`, `getTableFieldList`), read from the catalogue of the current schema — the same
 * queries on PostgreSQL and PGlite. There is one connection, `default`: the database the server
 * runs on (an empty `connection` means it too).
 */
export const DEFAULT_CONNECTION = 'default';

export function checkConnection(connection: string | undefined) {
  if (connection && connection !== DEFAULT_CONNECTION) throw new ApiError('generator.unknownConnection');
}

/** The one connection: the database the shop runs on (its real name on PostgreSQL). */
export async function connectionList(db: Db, kind: 'pglite' | 'postgres') {
  const database = kind === 'postgres' ? ((await rowsOf<{ name: string }>(db.execute(sql`select current_database() as name`)))[0]?.name ?? '') : 'pgdata';
  return [{ key: DEFAULT_CONNECTION, type: kind === 'postgres' ? 'postgresql' : 'pglite', database, prefix: '' }];
}

export interface TableInfo {
  table: string;
  comment: string;
  connection: string;
}

export async function tableList(db: Db): Promise<TableInfo[]> {
  const rows = await rowsOf<{ table_name: string; comment: string | null }>(
    db.execute(sql`select c.relname as table_name, obj_description(c.oid, 'pg_class') as comment
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') order by c.relname`),
  );
  return rows.map((r) => ({ table: r.table_name, comment: r.comment ?? '', connection: DEFAULT_CONNECTION }));
}

export async function tableExists(db: Db, table: string): Promise<boolean> {
  const rows = await rowsOf<{ n: number }>(
    db.execute(sql`select 1 as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relname = ${table} and c.relkind in ('r', 'p')`),
  );
  return rows.length > 0;
}

/** The primary key column ('' when the table has none or one of several columns). */
export async function tablePk(db: Db, table: string): Promise<string> {
  const rows = await rowsOf<{ column_name: string }>(
    db.execute(sql`select a.attname as column_name
      from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
      where i.indisprimary and n.nspname = current_schema() and c.relname = ${table}`),
  );
  return rows.length === 1 ? rows[0]!.column_name : '';
}

export interface FieldInfo {
  name: string;
  /** information_schema data type, e.g. `character varying`, `integer`. */
  dataType: string;
  /** The short type the designer uses (`varchar`, `integer`, `timestamptz` …) or the data type. */
  type: string;
  length: number | null;
  default: string | null;
  nullable: boolean;
  comment: string;
  primaryKey: boolean;
  position: number;
}

const SHORT_TYPE: Record<string, string> = {
  'character varying': 'varchar',
  'timestamp with time zone': 'timestamptz',
  'timestamp without time zone': 'timestamp',
  'double precision': 'double',
};

export async function fieldList(db: Db, table: string): Promise<FieldInfo[]> {
  const pk = await tablePk(db, table);
  const rows = await rowsOf<{
    column_name: string;
    data_type: string;
    character_maximum_length: number | null;
    column_default: string | null;
    is_nullable: string;
    comment: string | null;
    ordinal_position: number;
  }>(
    db.execute(sql`select c.column_name, c.data_type, c.character_maximum_length, c.column_default, c.is_nullable, c.ordinal_position,
        col_description((quote_ident(c.table_schema) || '.' || quote_ident(c.table_name))::regclass, c.ordinal_position) as comment
      from information_schema.columns c
      where c.table_schema = current_schema() and c.table_name = ${table}
      order by c.ordinal_position`),
  );
  return rows.map((r) => ({
    name: r.column_name,
    dataType: r.data_type,
    type: SHORT_TYPE[r.data_type] ?? r.data_type,
    length: r.character_maximum_length === null ? null : Number(r.character_maximum_length),
    default: r.column_default,
    nullable: r.is_nullable === 'YES',
    comment: r.comment ?? '',
    primaryKey: r.column_name === pk,
    position: Number(r.ordinal_position),
  }));
}
