import { designToCrud, genController, type GenDesign, type GenField } from '@framecraft/contracts/crud/generator';
import { bigint, integer, numeric, pgTable, serial, smallint, text, timestamp, varchar, type PgColumnBuilderBase, type PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { crudRoutes, fromContract } from '../admin/index.ts';

/**
 * Generated tables working at once (decision 045). A Vite-built page cannot appear without a
 * rebuild and Fastify takes no routes once it listens, so the generation log's design is served
 * as is: one generic route `/admin/gen/:table/:action` dispatches to the CRUD factory's own
 * handlers, built by `crudRoutes` on a capturing view of the app (its guards, node checks,
 * recycle bin, sensitive-data log and export all apply). Once the owner commits the emitted module,
 * its static routes take precedence and the runtime entry is not built.
 */
type Captured = Pick<RouteOptions, 'handler'> & { preHandler: (request: FastifyRequest) => Promise<void> };

interface RuntimeTable {
  controller: string;
  routes: Map<string, Captured>;
}

declare module 'fastify' {
  interface FastifyInstance {
    genRuntime: Map<string, RuntimeTable>;
  }
}

function column(field: GenField) {
  const n = field.name;
  switch (field.dbType) {
    case 'integer':
      return integer(n);
    case 'bigint':
      return bigint(n, { mode: 'number' });
    case 'smallint':
      return smallint(n);
    case 'numeric':
      return numeric(n);
    case 'varchar':
      return varchar(n, { length: field.length });
    case 'text':
      return text(n);
    case 'timestamptz':
      return timestamp(n, { withTimezone: true });
  }
}

/** The Drizzle table of a design (columns by their SQL names). */
export function tableOf(design: Pick<GenDesign, 'table' | 'fields' | 'createTime'>): PgTable {
  const columns: Record<string, PgColumnBuilderBase> = { id: serial('id').primaryKey() };
  for (const f of design.fields) columns[f.name] = column(f);
  if (design.createTime) columns.create_time = timestamp('create_time', { withTimezone: true }).defaultNow();
  return pgTable(design.table, columns) as unknown as PgTable;
}

/** A relation's table: its `id` and the label field (enough to attach and filter it). */
export function relationTableOf(table: string, labelField: string, labelIsText: boolean): PgTable {
  const columns: Record<string, PgColumnBuilderBase> = { id: integer('id').primaryKey(), [labelField]: labelIsText ? varchar(labelField) : integer(labelField) };
  return pgTable(table, columns) as unknown as PgTable;
}

export function isStatic(app: FastifyInstance, table: string): boolean {
  const controller = genController(table);
  return app.crudRegistry.has(controller) && !app.genRuntime.has(table);
}

/** Build (or rebuild) the runtime CRUD of a generated table. */
export function mountRuntime(app: FastifyInstance, design: GenDesign, relationTables: Record<string, PgTable>): void {
  if (isStatic(app, design.table)) return;
  const routes = new Map<string, Captured>();
  const capture = Object.create(app) as FastifyInstance;
  Object.defineProperty(capture, 'adminRouteTable', { value: [] });
  Object.defineProperty(capture, 'route', {
    value: (options: RouteOptions & { preHandler: Captured['preHandler'] }) => {
      routes.set(`${String(options.method)} ${options.url}`, { handler: options.handler, preHandler: options.preHandler });
      return capture;
    },
  });
  const definition = designToCrud(design);
  crudRoutes(capture, fromContract(definition, { table: tableOf(design), relationTables }));
  app.genRuntime.set(design.table, { controller: definition.controller, routes });
}

export function unmountRuntime(app: FastifyInstance, table: string): void {
  const entry = app.genRuntime.get(table);
  if (!entry) return;
  app.genRuntime.delete(table);
  app.crudRegistry.delete(entry.controller);
}

/** The one generic route of every runtime table. */
export function runtimeDispatch(app: FastifyInstance) {
  app.decorate('genRuntime', new Map<string, RuntimeTable>());
  for (const method of ['GET', 'POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/admin/gen/:table/:action',
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const { table, action } = request.params as { table: string; action: string };
        const captured = app.genRuntime.get(table)?.routes.get(`${method} /admin/gen/${table}/${action}`);
        if (!captured) return reply.callNotFound();
        await captured.preHandler(request);
        return (captured.handler as (this: FastifyInstance, req: FastifyRequest, rep: FastifyReply) => unknown).call(app, request, reply);
      },
    });
  }
}
