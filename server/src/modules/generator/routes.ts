import { genDesignSchema, nameProblem, type GenDesign } from '@framecraft/contracts/crud/generator';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { genLog } from './tables.ts';
import { databaseKindOf } from '../../db/client.ts';
import { ApiError } from '../../shared/errors.ts';
import { validate } from '../../shared/validation.ts';
import { adminRoute, currentAccess } from '../admin/index.ts';
import { checkConnection, connectionList, fieldList, tableExists, tableList, tablePk } from './introspect.ts';
import { runtimeDispatch } from './runtime.ts';
import { generate, mountAll, removeGeneration, SYSTEM_TABLES } from './service.ts';

const tableQuery = z.object({ table: z.string().regex(/^[A-Za-z_][\w$]{0,62}$/, 'generator.name.notIdentifier'), connection: z.string().max(50).optional() });
const fieldQuery = tableQuery.extend({ clean: z.enum(['0', '1']).default('1') });
const idQuery = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const delQuery = idQuery.extend({ dropTable: z.enum(['0', '1']).default('0') });

/**
 * The code generator and its lookups need their node (401 otherwise, like every admin route) and
 * a super admin: a group holding the node still gets "Only a super administrator …" (code 0).
 */
function superOnly(request: FastifyRequest) {
  if (!currentAccess(request).super) throw new ApiError('generator.superOnly');
}

/**
 * The lookups of spec §7 (`/admin/ajax/getTableList`, `getDatabaseConnectionList`, `getTablePk`,
 * `getTableFieldList`) and the generator (`crud/generator/*`: log, design, generate, delete), plus
 * the generic route of runtime tables (decision 045).
 */
export async function generatorRoutes(app: FastifyInstance) {
  adminRoute(app, { method: 'GET', path: 'ajax/getTableList', node: 'crud/generator/index' }, async (request, reply) => {
    superOnly(request);
    return reply.ok({ list: await tableList(app.deps.db) });
  });
  adminRoute(app, { method: 'GET', path: 'ajax/getDatabaseConnectionList', node: 'crud/generator/index' }, async (request, reply) => {
    superOnly(request);
    return reply.ok({ list: await connectionList(app.deps.db, databaseKindOf(app.deps)) });
  });
  adminRoute(app, { method: 'GET', path: 'ajax/getTablePk', node: 'crud/generator/index' }, async (request, reply) => {
    superOnly(request);
    const query = validate(tableQuery, request.query, request.lang);
    checkConnection(query.connection);
    return reply.ok({ pk: await tablePk(app.deps.db, query.table) });
  });
  adminRoute(app, { method: 'GET', path: 'ajax/getTableFieldList', node: 'crud/generator/index' }, async (request, reply) => {
    superOnly(request);
    const query = validate(fieldQuery, request.query, request.lang);
    checkConnection(query.connection);
    const fields = await fieldList(app.deps.db, query.table);
    const pk = fields.find((f) => f.primaryKey)?.name ?? '';
    const fieldList_ = query.clean === '1' ? Object.fromEntries(fields.map((f) => [f.name, f.comment])) : Object.fromEntries(fields.map((f) => [f.name, f]));
    return reply.ok({ pk, fieldList: fieldList_ });
  });

  adminRoute(app, { method: 'GET', path: 'crud/generator/index', node: 'crud/generator/index' }, async (request, reply) => {
    superOnly(request);
    const rows = await app.deps.db.select().from(genLog).orderBy(desc(genLog.id));
    const tables = new Set((await tableList(app.deps.db)).map((t) => t.table));
    return reply.ok({
      list: rows.map((r) => ({
        id: r.id,
        table: r.tableName,
        title: (r.design as GenDesign).title,
        source: (r.design as GenDesign).source,
        fields: (r.design as GenDesign).fields.length,
        migration: r.migration,
        created_table: r.createdTable,
        table_exists: tables.has(r.tableName),
        files: (r.files as { written?: string[] }).written ?? [],
        served: app.genRuntime.has(r.tableName),
        create_time: Math.floor(r.createdAt.getTime() / 1000),
        update_time: Math.floor(r.updatedAt.getTime() / 1000),
      })),
      total: rows.length,
      system_tables: [...SYSTEM_TABLES],
    });
  });
  /** Reopen: the design exactly as saved. `table` (for the runtime page) or `id`. */
  adminRoute(app, { method: 'GET', path: 'crud/generator/design', node: null }, async (request, reply) => {
    const query = validate(z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647).optional(), table: z.string().max(64).optional() }), request.query, request.lang);
    const [row] = await app.deps.db
      .select()
      .from(genLog)
      .where(query.id ? eq(genLog.id, query.id) : eq(genLog.tableName, query.table ?? ''));
    if (!row) throw new ApiError('generator.notFound');
    // The runtime page of a generated table may read its design with that table's list right; the designer needs super.
    const access = currentAccess(request);
    if (!access.super && !access.nodes.has(`gen/${row.tableName}/index`.toLowerCase())) throw new ApiError('generator.superOnly', { code: 401 });
    return reply.ok({ id: row.id, design: row.design, migration: row.migration, created_table: row.createdTable, files: (row.files as { written?: string[] }).written ?? [] });
  });
  adminRoute(app, { method: 'POST', path: 'crud/generator/check', node: 'crud/generator/generate' }, async (request, reply) => {
    superOnly(request);
    const { table, source } = validate(z.object({ table: z.string(), source: z.enum(['new', 'existing']) }), request.body, request.lang);
    const named = nameProblem(table, 'table');
    if (named) throw new ApiError('api.validationFailed', { data: { errors: { table: request.t(`generator.name.${named}`) } }, msg: request.t(`generator.name.${named}`) });
    const exists = await tableExists(app.deps.db, table);
    const [logged] = await app.deps.db.select({ id: genLog.id }).from(genLog).where(eq(genLog.tableName, table));
    const problem = SYSTEM_TABLES.has(table) ? 'generator.name.reserved' : source === 'new' && exists && !logged ? 'generator.name.exists' : source === 'existing' && !exists ? 'generator.name.missing' : null;
    if (problem) throw new ApiError('api.validationFailed', { data: { errors: { table: request.t(problem) } }, msg: request.t(problem) });
    return reply.ok({ table, exists });
  });
  adminRoute(app, { method: 'POST', path: 'crud/generator/generate', node: 'crud/generator/generate' }, async (request, reply) => {
    superOnly(request);
    const design = validate(genDesignSchema, request.body, request.lang);
    const result = await generate(app, design, currentAccess(request).adminId, (key) => request.t(key as never));
    return reply.ok(result, 'generator.generated');
  });
  adminRoute(app, { method: 'DELETE', path: 'crud/generator/del', node: 'crud/generator/del' }, async (request, reply) => {
    superOnly(request);
    const { id, dropTable } = validate(delQuery, request.query, request.lang);
    return reply.ok(await removeGeneration(app, id, dropTable === '1'), 'generator.deleted');
  });

  runtimeDispatch(app);
  await mountAll(app);
}
