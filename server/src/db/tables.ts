/**
 * Infrastructure over the aggregate schema for the code generator (decision 033, follow-up 2;
 * decision 045): the SQL names of the product's tables (never generated over) and a committed
 * table by its SQL name, for the relation labels of a generated back-office page. Modules may not
 * import `schema.ts` itself (lint rule `framecraft/module-boundaries`); a table handed out here is
 * an untyped `PgTable`, enough to attach and filter a relation's label — a module's own queries
 * use its own `tables.ts` and other modules' functions.
 */
import { getTableName, isTable } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

const byName = new Map<string, PgTable>(
  Object.values(schema as Record<string, unknown>)
    .filter((v): v is PgTable => isTable(v))
    .map((t) => [getTableName(t), t]),
);

/** The SQL names of every table of the schema (the generated ones committed so far included). */
export function schemaTableNames(): string[] {
  return [...byName.keys()];
}

/** A table of the schema by its SQL name; throws when there is none (a generated module names only tables that exist). */
export function schemaTable(name: string): PgTable {
  const table = byName.get(name);
  if (!table) throw new Error(`no table "${name}" in the schema`);
  return table;
}
