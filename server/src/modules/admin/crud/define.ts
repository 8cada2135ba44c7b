import type { FastifyRequest } from 'fastify';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { z } from 'zod';
import type { CrudTableDef } from '@framecraft/contracts/crud/define';
import type { Db } from '../../../db/client.ts';
import type { AdminAccess } from '../core/access.ts';

export type CrudAction = 'index' | 'edit' | 'add' | 'del' | 'sortable';

/** Another table's fields attached to each row, looked up in one batch (e.g. a department's parent). */
export interface CrudRelation {
  /** Key of the attached object on each row, e.g. `parent`. */
  as: string;
  /** This table's field holding the other table's key, e.g. `pid`. */
  localField: string;
  table: PgTable;
  /** The other table's key field, e.g. `id`. */
  foreignField: string;
  /** Fields of the other table to attach. */
  fields: string[];
  /** Fields of the other table that `search[]` may filter on as `<as>.<field>` (a subquery on the key). */
  filter?: string[];
}

/** What a hook may use: the database (the transaction inside writes), the request and the admin's access. */
export interface CrudContext extends ReadContext {
  request: FastifyRequest;
}

/** What reading rows needs (the list, and the export job, which has no request). */
export interface ReadContext {
  db: Db;
  access: AdminAccess;
}

export type Row = Record<string, unknown>;

/**
 * Runs at the start of every write transaction on the table (edit, add, del, sortable, recycle-bin
 * restore, sensitive-data rollback) and may return a check that runs at its end, in the same
 * transaction: throwing there rolls the whole write back. Used for invariants that no single
 * field check can see (e.g. "no group gains a permission", auth/grants.ts).
 */
export type WriteGuard = (ctx: CrudContext) => Promise<(() => Promise<void>) | undefined>;

/**
 * A back-office table as the factory runs it: always the output of `fromContract` (every table is
 * on CRUD v2 since decision 050 — the hand-written v1 declarations are gone). Field names are the SQL column names (what the API and the
 * web table use). Only declared fields can be searched, filtered or sorted; writes pass through
 * the zod schema of the action, so unknown fields never reach SQL.
 */
export interface CrudDefinition {
  /** Controller path: URLs `/admin/<controller>/<action>`, nodes `<controller>/<action>`. */
  controller: string;
  table: PgTable;
  /** Fields matched by `quickSearch` (case-insensitive LIKE). */
  quickSearch: string[];
  filterable: string[];
  sortable: string[];
  /** Default `order`, e.g. `weigh,desc`; the primary key always breaks ties. */
  defaultOrder?: string;
  /** Never sent to the client (e.g. `password`). */
  hidden?: string[];
  /** The weight column re-written by `sortable`. */
  weigh?: string;
  /** `pid` tree: an unfiltered list comes back as a tree (`children`), without paging. */
  tree?: boolean;
  /** Column holding the owning admin's id: rows are limited to the admin's data scope. */
  dataScope?: string;
  relations?: CrudRelation[];
  /** Invariant checked around every write to the table, whichever route makes it. */
  guard?: WriteGuard;
  /** zod schema per write action; an action without one is not offered. */
  schemas: { add?: z.ZodType<Row>; edit?: z.ZodType<Row> };
  /** Actions offered (default: index, edit, add, del, and sortable when `weigh` is set). */
  actions?: CrudAction[];
  hooks?: {
    /** Turn validated input into column values (hash a password, check grants …). */
    beforeSave?(data: Row, ctx: CrudContext, existing?: Row): Promise<Row> | Row;
    /** After the row is written, in the same transaction (e.g. group memberships). */
    afterSave?(row: Row, input: Row, ctx: CrudContext): Promise<void>;
    /** Refuse or prepare a delete, in the delete transaction. */
    beforeDelete?(rows: Row[], ctx: CrudContext): Promise<void>;
    /** Extra data for listed rows (e.g. an admin's groups). */
    expand?(rows: Row[], ctx: ReadContext): Promise<void>;
    /** Extra rows-level limit beyond the data scope (e.g. groups an admin may see). */
    scope?(ctx: ReadContext): Promise<import('drizzle-orm').SQL | undefined>;
    /** After a write committed (add, edit, del, sortable): e.g. drop caches on every instance. */
    afterCommit?(action: 'add' | 'edit' | 'del' | 'sortable'): void | Promise<void>;
  };
  /** The v2 definition this one was derived from (the export formats cells by its field types). */
  contract: CrudTableDef;
}

export interface ResolvedCrud extends CrudDefinition {
  tableName: string;
  /** SQL column name → column. */
  columns: Map<string, PgColumn>;
  /** SQL column name → Drizzle property key. */
  keys: Map<string, string>;
  pk: string;
  pkColumn: PgColumn;
  actions: CrudAction[];
}

export function resolveCrud(def: CrudDefinition): ResolvedCrud {
  const columns = new Map<string, PgColumn>();
  const keys = new Map<string, string>();
  let pk: string | undefined;
  for (const [key, column] of Object.entries(getTableColumns(def.table))) {
    columns.set(column.name, column);
    keys.set(column.name, key);
    if (column.primary) pk = column.name;
  }
  if (!pk) throw new Error(`CRUD table ${getTableName(def.table)} has no primary key`);
  const declared = [...def.quickSearch, ...def.filterable, ...def.sortable, ...(def.weigh ? [def.weigh] : [])];
  for (const field of declared) {
    const [as, related] = field.split('.');
    const relation = related ? def.relations?.find((r) => r.as === as) : undefined;
    const known = related ? Boolean(relation?.filter?.includes(related) && columnByName(relation.table, related)) : columns.has(field);
    if (!known) throw new Error(`CRUD ${def.controller}: unknown field ${field}`);
  }
  const actions: CrudAction[] = def.actions ?? [
    'index',
    ...(def.schemas.edit ? (['edit'] as const) : []),
    ...(def.schemas.add ? (['add'] as const) : []),
    'del',
    ...(def.weigh ? (['sortable'] as const) : []),
  ];
  return { ...def, tableName: getTableName(def.table), columns, keys, pk, pkColumn: columns.get(pk)!, actions };
}

/** A Drizzle row (property keys) → API row (column names, dates as epoch seconds, hidden fields left out). */
export function toApiRow(crud: ResolvedCrud, row: Row): Row {
  const out: Row = {};
  for (const [name, key] of crud.keys) {
    if (crud.hidden?.includes(name)) continue;
    const value = row[key];
    out[name] = value instanceof Date ? Math.floor(value.getTime() / 1000) : value;
  }
  return out;
}

/** Validated API values (column names) → Drizzle insert/update values; anything else is dropped. */
export function toDbValues(crud: ResolvedCrud, data: Row): Row {
  const out: Row = {};
  for (const [name, value] of Object.entries(data)) {
    const key = crud.keys.get(name);
    if (key && name !== crud.pk && value !== undefined) out[key] = value;
  }
  return out;
}

/** A table's column by its SQL name. */
export function columnByName(table: PgTable, name: string): PgColumn | undefined {
  return Object.values(getTableColumns(table)).find((c) => c.name === name);
}
