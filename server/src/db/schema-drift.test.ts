import { is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgDialect, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { rowsOf } from './client.ts';
import * as schema from './schema.ts';

/**
 * The Drizzle schema (what the queries are typed against) and the database the committed
 * migrations build must describe the same tables (decision 022): tables, columns, types,
 * nullability, defaults present, primary keys, indexes (name, uniqueness, plain columns).
 */

/** Drizzle's SQL type → PostgreSQL's `format_type` spelling. */
function pgType(column: PgColumn): string {
  const type = column.getSQLType();
  const simple: Record<string, string> = {
    serial: 'integer',
    bigserial: 'bigint',
    smallserial: 'smallint',
    timestamp: 'timestamp without time zone',
    'timestamp with time zone': 'timestamp with time zone',
  };
  if (simple[type]) return simple[type];
  const sized = type.match(/^(varchar|char)\((\d+)\)$/);
  if (sized) return `${sized[1] === 'varchar' ? 'character varying' : 'character'}(${sized[2]})`;
  if (type === 'varchar') return 'character varying';
  // Drizzle writes `numeric(5, 2)`, PostgreSQL `numeric(5,2)`.
  return type.replace(/^numeric\((\d+), (\d+)\)$/, 'numeric($1,$2)');
}

interface Shape {
  columns: Record<string, string>;
  primaryKey: string[];
  indexes: Record<string, string>;
}

const dialect = new PgDialect();

function drizzleShapes(): Record<string, Shape> {
  const shapes: Record<string, Shape> = {};
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const columns: Record<string, string> = {};
    let primaryKey: string[] = [];
    for (const column of config.columns) {
      const hasDefault = column.hasDefault || column.getSQLType().endsWith('serial');
      columns[column.name] = `${pgType(column)}${column.notNull || column.primary ? ' not null' : ''}${hasDefault ? ' default' : ''}`;
      if (column.primary) primaryKey = [column.name];
    }
    for (const key of config.primaryKeys) primaryKey = key.columns.map((c) => c.name);
    const indexes: Record<string, string> = {};
    for (const index of config.indexes) {
      const on = index.config.columns.map((c) => {
        if ('name' in c && typeof c.name === 'string') return c.name;
        // `sql\`${t.column} desc\`` is that column; anything else an expression (e.g. lower(username)).
        const text = dialect.sqlToQuery(c as SQL).sql.replace(/"[^"]+"\.(?=")/g, '').replace(/"/g, '');
        return /^\w+( (asc|desc))?$/i.test(text) ? text.split(' ')[0]! : 'expression';
      });
      indexes[index.config.name!] = `${index.config.unique ? 'unique ' : ''}(${on.join(', ')})${index.config.where ? ' where' : ''}`;
    }
    for (const unique of config.uniqueConstraints) indexes[unique.getName()!] = `unique (${unique.columns.map((c) => c.name).join(', ')})`;
    for (const column of config.columns) {
      if (column.isUnique) indexes[column.uniqueName ?? `${config.name}_${column.name}_unique`] = `unique (${column.name})`;
    }
    shapes[config.name] = { columns, primaryKey, indexes };
  }
  return shapes;
}

async function databaseShapes(ctx: TestContext): Promise<Record<string, Shape>> {
  const db = ctx.database.db;
  const columns = await rowsOf<{ table: string; column: string; type: string; not_null: boolean; has_default: boolean }>(
    db.execute(sql`
      select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
        a.attnotnull as not_null, a.atthasdef as has_default
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
        and c.relname <> '_migrations'
      order by c.relname, a.attnum`),
  );
  const indexes = await rowsOf<{ table: string; index: string; unique: boolean; primary: boolean; columns: string[] | string; partial: boolean }>(
    db.execute(sql`
      select t.relname as table, i.relname as index, x.indisunique as unique, x.indisprimary as primary,
        array(select case when k.attnum = 0 then 'expression' else a.attname end
              from unnest(x.indkey) with ordinality as k(attnum, n)
              left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
              order by k.n)::text[] as columns,
        x.indpred is not null as partial
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = current_schema() and t.relname <> '_migrations'`),
  );
  const shapes: Record<string, Shape> = {};
  const shape = (table: string) => (shapes[table] ??= { columns: {}, primaryKey: [], indexes: {} });
  for (const c of columns) shape(c.table).columns[c.column] = `${c.type}${c.not_null ? ' not null' : ''}${c.has_default ? ' default' : ''}`;
  for (const i of indexes) {
    const on = Array.isArray(i.columns) ? i.columns : i.columns.replace(/^\{|\}$/g, '').split(',');
    if (i.primary) shape(i.table).primaryKey = on;
    else shape(i.table).indexes[i.index] = `${i.unique ? 'unique ' : ''}(${on.join(', ')})${i.partial ? ' where' : ''}`;
  }
  return shapes;
}

describe('Drizzle schema and migrated database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('describe the same tables, columns, types, nullability, defaults, keys and indexes', async () => {
    expect(await databaseShapes(ctx)).toEqual(drizzleShapes());
  });
});
