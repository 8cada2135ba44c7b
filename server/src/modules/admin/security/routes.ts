import { inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { dataRecycleCrud, dataRecycleLogCrud, sensitiveDataCrud, sensitiveDataLogCrud } from '@framecraft/contracts/crud/security';
import { ApiError } from '../../../shared/errors.ts';
import { validate } from '../../../shared/validation.ts';
import { adminRoute } from '../core/route-table.ts';
import type { ResolvedCrud, Row } from '../crud/define.ts';
import { fromContract } from '../crud/contract.ts';
import { idsQuery } from '../crud/params.ts';
import { context, crudRoutes, duplicateAsMessage, loadRow, scopedRows } from '../crud/routes.ts';
import { MASK } from '../crud/security.ts';
import { securityDataRecycle, securityDataRecycleLog, securitySensitiveData, securitySensitiveDataLog } from '../tables.ts';

/** Recycle rules, the recycle bin (restore), sensitive-data rules and their log (roll back). */
export function securityRoutes(app: FastifyInstance) {
  /** A rule names a registered CRUD controller; its table and key come from the registry, never from input. */
  const target = (controller: string) => {
    const crud = app.crudRegistry.get(controller);
    if (!crud) throw new ApiError('admin.crud.unknownField', { params: { field: controller } });
    return crud;
  };
  const withTable = (data: Row): Row => {
    const crud = target(String(data.controller));
    return { ...data, data_table: crud.tableName, primary_key: crud.pk };
  };

  crudRoutes(app, fromContract(dataRecycleCrud, { table: securityDataRecycle, hooks: { beforeSave: withTable } }));

  const recycleLog = crudRoutes(app, fromContract(dataRecycleLogCrud, { table: securityDataRecycleLog, dataScope: 'admin_id' }));

  crudRoutes(
    app,
    fromContract(sensitiveDataCrud, {
      table: securitySensitiveData,
      hooks: {
        beforeSave(data) {
          const crud = target(String(data.controller));
          for (const field of Object.keys(data.data_fields as object)) {
            if (!crud.columns.has(field)) throw new ApiError('admin.crud.unknownField', { params: { field } });
          }
          return withTable(data);
        },
      },
    }),
  );

  const sensitiveLog = crudRoutes(app, fromContract(sensitiveDataLogCrud, { table: securitySensitiveDataLog, dataScope: 'admin_id' }));

  /**
   * A row action of a log list: the log rows come through the same data scope as the list that
   * shows them (an id outside it is "Record not found", like a missing one), and each touched table
   * keeps its own scope and write guard.
   */
  async function logRowAction<T extends Row>(
    request: FastifyRequest,
    logCrud: ResolvedCrud,
    ids: number[],
    act: (ctx: ReturnType<typeof context>, logs: T[], guarded: (crud: ResolvedCrud, write: () => Promise<void>) => Promise<void>) => Promise<void>,
  ) {
    await app.deps.db.transaction(async (tx) => {
      const ctx = context(app, request, tx);
      const logs = (await scopedRows(logCrud, ctx, ids)) as T[];
      if (logs.length !== new Set(ids).size) throw new ApiError('admin.crud.notFound');
      // Each target table's write guard opens before its first write and checks at the end.
      const opened = new Set<ResolvedCrud>();
      const checks: (() => Promise<void>)[] = [];
      await act(ctx, logs, async (crud, write) => {
        if (!opened.has(crud)) {
          opened.add(crud);
          const check = await crud.guard?.(ctx);
          if (check) checks.push(check);
        }
        await write();
      });
      for (const check of checks) await check();
    });
  }

  // Restore: put each recycled row back with its original key, then drop it from the bin.
  adminRoute(app, { method: 'POST', path: 'security/dataRecycleLog/restore', node: 'security/dataRecycleLog/restore' }, async (request, reply) => {
    const { ids } = validate(idsQuery, request.body, request.lang);
    await duplicateAsMessage(() =>
      logRowAction<typeof securityDataRecycleLog.$inferSelect>(request, recycleLog, ids, async (ctx, logs, guarded) => {
        for (const log of logs) {
          const crud = target(log.controller);
          const table = sql.identifier(crud.tableName);
          await guarded(crud, async () => {
            await ctx.db.execute(sql`insert into ${table} select * from jsonb_populate_record(null::${table}, ${JSON.stringify(log.data)}::jsonb)`);
            // The restored row must be one the admin's list of that table would show.
            await loadRow(crud, ctx, (log.data as Row)[crud.pk]);
          });
        }
        await ctx.db.delete(securityDataRecycleLog).where(inArray(securityDataRecycleLog.id, ids));
      }),
    ).catch((err: unknown) => {
      if (err instanceof ApiError && err.msgKey === 'admin.crud.duplicate') throw new ApiError('admin.security.restoreConflict');
      throw err;
    });
    return reply.ok(null, 'admin.security.restored');
  });

  // Roll back: set each logged field back to its value before the edit.
  adminRoute(app, { method: 'POST', path: 'security/sensitiveDataLog/rollback', node: 'security/sensitiveDataLog/rollback' }, async (request, reply) => {
    const { ids } = validate(idsQuery, request.body, request.lang);
    await logRowAction<typeof securitySensitiveDataLog.$inferSelect>(request, sensitiveLog, ids, async (ctx, logs, guarded) => {
      for (const log of logs) {
        if (log.before === MASK) throw new ApiError('admin.security.rollbackMasked');
        const crud = target(log.controller);
        if (!crud.columns.has(log.dataField)) throw new ApiError('admin.crud.notFound');
        // The edited row must still be within the admin's scope of that table.
        await loadRow(crud, ctx, log.idValue);
        const table = sql.identifier(crud.tableName);
        const field = sql.identifier(log.dataField);
        await guarded(crud, async () => {
          await ctx.db.execute(sql`
            update ${table} set ${field} = (jsonb_populate_record(null::${table}, jsonb_build_object(${log.dataField}::text, ${log.before}::text))).${field}
            where ${sql.identifier(crud.pk)} = ${log.idValue}`);
        });
      }
      await ctx.db.delete(securitySensitiveDataLog).where(inArray(securitySensitiveDataLog.id, ids));
    });
    return reply.ok(null, 'admin.security.rolledBack');
  });
}
