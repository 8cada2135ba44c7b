import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { CrudListAnswer } from '@framecraft/contracts/admin';
import { CRUD_LIST_COUNT_CAP } from '@framecraft/contracts/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, isUniqueViolation } from '../../../shared/errors.ts';
import { validate } from '../../../shared/validation.ts';
import { scopedAdminIds } from '../core/access.ts';
import { adminRoute, currentAccess } from '../core/route-table.ts';
import { resolveCrud, toApiRow, toDbValues, type CrudAction, type CrudContext, type CrudDefinition, type ReadContext, type ResolvedCrud, type Row } from './define.ts';
import { exportRoute } from './export.ts';
import { idQuery, idsQuery, indexQuery, sortableBody, unflattenQuery, type IndexQuery } from './params.ts';
import { buildFilters, buildOrder, type Translate } from './query.ts';
import { copyToRecycle, logSensitiveChanges } from './security.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every CRUD table by controller (the recycle log restores through it). */
    crudRegistry: Map<string, ResolvedCrud>;
  }
}

const notFound = () => new ApiError('admin.crud.notFound');

/** A unique index refusing the write (PostgreSQL 23505) → "The same data already exists". */
export async function duplicateAsMessage<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError('admin.crud.duplicate');
    throw err;
  }
}

export function context(app: FastifyInstance, request: FastifyRequest, db = app.deps.db): CrudContext {
  return { db, request, access: currentAccess(request) };
}

/** Run one write of a table inside its transaction, wrapped in the table's invariant guard. */
export async function guardedWrite<T>(crud: ResolvedCrud, ctx: CrudContext, write: () => Promise<T>): Promise<T> {
  const check = await crud.guard?.(ctx);
  const result = await write();
  await check?.();
  return result;
}

/**
 * Rows this admin may touch: data scope on the owner column plus the definition's own limit.
 * The one place that decides it — the list, every row action of the factory and the custom row
 * actions (recycle-bin restore, sensitive-data rollback) all go through it.
 */
export async function scopeConditions(crud: ResolvedCrud, ctx: ReadContext): Promise<SQL[]> {
  const where: SQL[] = [];
  if (crud.dataScope) {
    const ids = await scopedAdminIds(ctx.db, ctx.access);
    if (ids) where.push(inArray(crud.columns.get(crud.dataScope)!, ids));
  }
  const extra = await crud.hooks?.scope?.(ctx);
  if (extra) where.push(extra);
  return where;
}

export async function attachRelations(crud: ResolvedCrud, ctx: ReadContext, rows: Row[]) {
  for (const rel of crud.relations ?? []) {
    const columns = new Map<string, PgColumn>(Object.values(getTableColumns(rel.table)).map((c) => [c.name, c]));
    const values = [...new Set(rows.map((r) => r[rel.localField]).filter((v) => v !== null && v !== undefined && v !== 0))];
    const found = new Map<unknown, Row>();
    if (values.length) {
      const select = Object.fromEntries([rel.foreignField, ...rel.fields].map((f) => [f, columns.get(f)!]));
      const related = await ctx.db.select(select).from(rel.table).where(inArray(columns.get(rel.foreignField)!, values));
      for (const r of related as Row[]) found.set(r[rel.foreignField], r);
    }
    for (const row of rows) row[rel.as] = found.get(row[rel.localField]) ?? null;
  }
  await crud.hooks?.expand?.(rows, ctx);
}

function asTree(rows: Row[], pk: string): Row[] {
  const byId = new Map(rows.map((r) => [r[pk], { ...r }]));
  const roots: Row[] = [];
  for (const row of byId.values()) {
    const parent = byId.get(row.pid);
    if (parent && parent !== row) ((parent.children as Row[] | undefined) ?? (parent.children = [])).push(row);
    else roots.push(row);
  }
  return roots;
}

/** The rows with these keys that the admin's list would show; rows outside the scope are simply absent. */
export async function scopedRows(crud: ResolvedCrud, ctx: CrudContext, ids: readonly unknown[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  return (await ctx.db
    .select()
    .from(crud.table)
    .where(and(inArray(crud.pkColumn, [...ids]), ...(await scopeConditions(crud, ctx))))) as Row[];
}

/** One row within the admin's scope, or "Record not found" (the same answer as a missing row). */
export async function loadRow(crud: ResolvedCrud, ctx: CrudContext, id: unknown): Promise<Row> {
  const [row] = await ctx.db
    .select()
    .from(crud.table)
    .where(and(eq(crud.pkColumn, id), ...(await scopeConditions(crud, ctx))))
    .limit(1);
  if (!row) throw notFound();
  return row as Row;
}

/** The WHERE (scope + filters) and ORDER BY of a list, as the index and the export read it. */
export async function listQuery(crud: ResolvedCrud, ctx: ReadContext, query: IndexQuery, t: Translate) {
  const where = [...(await scopeConditions(crud, ctx)), ...buildFilters(crud, query, t)];
  return { condition: where.length ? and(...where) : undefined, order: buildOrder(crud, query.order, t) };
}

/**
 * The list's total, bounded (decision 052): an unfiltered list of a million orders would otherwise
 * count them all on every page view. `count(*)` over the first `cap + 1` matching rows (a `LIMIT` subquery),
 * so its cost never grows past `cap` rows whatever the table holds. Exact up to the cap; above it
 * `total` is the cap and `totalCapped` says there are more.
 */
async function cappedTotal(crud: ResolvedCrud, ctx: ReadContext, condition: SQL | undefined, cap = CRUD_LIST_COUNT_CAP): Promise<{ total: number; totalCapped: boolean }> {
  const matching = ctx.db.select({ one: sql<number>`1`.as('one') }).from(crud.table).where(condition).limit(cap + 1).as('matching');
  const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(matching);
  return n > cap ? { total: cap, totalCapped: true } : { total: n, totalCapped: false };
}

/** One page of API rows with their relations attached. */
export async function pageOfRows(crud: ResolvedCrud, ctx: ReadContext, list: Awaited<ReturnType<typeof listQuery>>, limit: number, offset: number): Promise<Row[]> {
  const rows = (await ctx.db.select().from(crud.table).where(list.condition).orderBy(...list.order).limit(limit).offset(offset)) as Row[];
  const apiRows = rows.map((r) => toApiRow(crud, r));
  await attachRelations(crud, ctx, apiRows);
  return apiRows;
}

/** Register the CRUD routes of a declared table: `/admin/<controller>/{index,edit,add,del,sortable}`. */
export function crudRoutes(app: FastifyInstance, definition: CrudDefinition): ResolvedCrud {
  const crud = resolveCrud(definition);
  app.crudRegistry.set(crud.controller, crud);
  const node = (action: string) => `${crud.controller}/${action}`;
  const has = (action: CrudAction) => crud.actions.includes(action);
  const committed = (action: 'add' | 'edit' | 'del' | 'sortable') => crud.hooks?.afterCommit?.(action);
  const updateKey = ['update_time', 'updatetime'].map((n) => crud.keys.get(n)).find(Boolean);

  if (has('index')) {
    adminRoute(app, { method: 'GET', path: node('index'), node: node('index') }, async (request, reply) => {
      const ctx = context(app, request);
      const query = validate(indexQuery, unflattenQuery(request.query as Row), request.lang);
      const list = await listQuery(crud, ctx, query, (key, params) => request.t(key, params));
      const filtered = Boolean(query.quickSearch || query.search.length || query.initKey);
      const { total, totalCapped } = await cappedTotal(crud, ctx, list.condition);
      const wholeTree = crud.tree && !filtered && !query.select;
      const rows = await pageOfRows(crud, ctx, list, wholeTree ? 100_000 : query.limit, wholeTree ? 0 : (query.page - 1) * query.limit);
      return reply.ok<CrudListAnswer<Row>>({ list: wholeTree ? asTree(rows, crud.pk) : rows, total, totalCapped, remark: '' });
    });
    exportRoute(app, crud);
  }

  if (has('edit')) {
    adminRoute(app, { method: 'GET', path: node('edit'), node: node('edit') }, async (request, reply) => {
      const ctx = context(app, request);
      const { id } = validate(idQuery, request.query, request.lang);
      const row = toApiRow(crud, await loadRow(crud, ctx, id));
      await attachRelations(crud, ctx, [row]);
      return reply.ok({ row });
    });
    adminRoute(app, { method: 'POST', path: node('edit'), node: node('edit') }, async (request, reply) => {
      const { id } = validate(idQuery, request.body, request.lang);
      const input = validate(crud.schemas.edit!, request.body, request.lang);
      await duplicateAsMessage(() => app.deps.db.transaction(async (tx) => {
        const ctx = context(app, request, tx);
        await guardedWrite(crud, ctx, async () => {
          const before = await loadRow(crud, ctx, id);
          const prepared = (await crud.hooks?.beforeSave?.(input, ctx, toApiRow(crud, before))) ?? input;
          const values = toDbValues(crud, prepared);
          if (updateKey) values[updateKey] = new Date();
          const [after] = (await tx.update(crud.table).set(values).where(eq(crud.pkColumn, id)).returning()) as Row[];
          await logSensitiveChanges(ctx.db, crud, before, after!, ctx.access.adminId, request);
          await crud.hooks?.afterSave?.(toApiRow(crud, after!), input, ctx);
        });
      }));
      await committed('edit');
      return reply.ok(null, 'admin.crud.saved');
    });
  }

  if (has('add')) {
    adminRoute(app, { method: 'POST', path: node('add'), node: node('add') }, async (request, reply) => {
      const input = validate(crud.schemas.add!, request.body, request.lang);
      const id = await duplicateAsMessage(() => app.deps.db.transaction(async (tx) => {
        const ctx = context(app, request, tx);
        return guardedWrite(crud, ctx, async () => {
          const prepared = (await crud.hooks?.beforeSave?.(input, ctx)) ?? input;
          const values = toDbValues(crud, prepared);
          if (crud.dataScope) values[crud.keys.get(crud.dataScope)!] = ctx.access.adminId;
          const [row] = (await tx.insert(crud.table).values(values).returning()) as Row[];
          const apiRow = toApiRow(crud, row!);
          if (crud.weigh && !(crud.weigh in input)) {
            await tx.update(crud.table).set({ [crud.keys.get(crud.weigh)!]: apiRow[crud.pk] }).where(eq(crud.pkColumn, apiRow[crud.pk]));
          }
          await crud.hooks?.afterSave?.(apiRow, input, ctx);
          return apiRow[crud.pk];
        });
      }));
      await committed('add');
      return reply.ok({ id }, 'admin.crud.added');
    });
  }

  if (has('del')) {
    adminRoute(app, { method: 'DELETE', path: node('del'), node: node('del') }, async (request, reply) => {
      const { ids } = validate(idsQuery, unflattenQuery(request.query as Row), request.lang);
      const deleted = await app.deps.db.transaction(async (tx) => {
        const ctx = context(app, request, tx);
        return guardedWrite(crud, ctx, async () => {
          const rows = await scopedRows(crud, ctx, ids);
          if (rows.length === 0) return 0;
          const apiRows = rows.map((r) => toApiRow(crud, r));
          const found = apiRows.map((r) => r[crud.pk]);
          await crud.hooks?.beforeDelete?.(apiRows, ctx);
          if (crud.tree) {
            const [child] = await tx
              .select({ id: crud.pkColumn })
              .from(crud.table)
              .where(and(inArray(crud.columns.get('pid')!, found), sql`not (${inArray(crud.pkColumn, found)})`))
              .limit(1);
            if (child) throw new ApiError('admin.crud.hasChildren');
          }
          await copyToRecycle(ctx.db, crud, found, ctx.access.adminId, request);
          await tx.delete(crud.table).where(inArray(crud.pkColumn, found));
          return found.length;
        });
      });
      if (deleted === 0) throw new ApiError('admin.crud.noneDeleted');
      await committed('del');
      return reply.ok({ count: deleted }, 'admin.crud.deleted');
    });
  }

  if (has('sortable') && crud.weigh) {
    const weighKey = crud.keys.get(crud.weigh)!;
    const weighColumn = crud.columns.get(crud.weigh)!;
    adminRoute(app, { method: 'POST', path: node('sortable'), node: node('sortable') }, async (request, reply) => {
      const { id, targetId } = validate(sortableBody, request.body, request.lang);
      await app.deps.db.transaction(async (tx) => {
        const ctx = context(app, request, tx);
        await guardedWrite(crud, ctx, async () => {
          const scope = await scopeConditions(crud, ctx);
          // Lock the table's order while it is rewritten, so two drags cannot interleave.
          await tx.execute(sql`lock table ${sql.identifier(crud.tableName)} in share row exclusive mode`);
          const ordered = await tx
            .select({ id: crud.pkColumn, weigh: weighColumn })
            .from(crud.table)
            .where(scope.length ? and(...scope) : undefined)
            .orderBy(sql`${weighColumn} desc`, sql`${crud.pkColumn} asc`);
          const from = ordered.findIndex((r) => r.id === id);
          const to = ordered.findIndex((r) => r.id === targetId);
          if (from === -1 || to === -1) throw notFound();
          const [moved] = ordered.splice(from, 1);
          ordered.splice(to, 0, moved!);
          // Highest weight first: rewrite only rows whose weight changes.
          for (const [index, row] of ordered.entries()) {
            const weigh = ordered.length - index;
            if (row.weigh !== weigh) await tx.update(crud.table).set({ [weighKey]: weigh }).where(eq(crud.pkColumn, row.id));
          }
        });
      });
      await committed('sortable');
      return reply.ok(null, 'admin.crud.sorted');
    });
  }
  return crud;
}
