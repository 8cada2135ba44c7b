import { shopCollectCrud, shopNoticeCrud, shopTypeCrud } from '@framecraft/contracts/crud/shop';
import { count, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { user } from '../member-access/index.ts';
import { ApiError } from '../../shared/errors.ts';
import { fromContract } from '../admin/index.ts';
import type { CrudContext, Row } from '../admin/index.ts';
import { crudRoutes } from '../admin/index.ts';
import { sanitizeDescription } from './detail.ts';
import { catalogueType, collect, course, notice } from './tables.ts';

const fieldError = (ctx: CrudContext, field: string, key: 'admin.crud.typeCycle' | 'admin.crud.windowOrder') => {
  const msg = ctx.request.t(key);
  return new ApiError('api.validationFailed', { msg, data: { errors: { [field]: msg } } });
};

/** Ids of a type and every type below it. */
async function typeAndBelow(ctx: CrudContext, id: number): Promise<Set<number>> {
  const all = await ctx.db.select({ id: catalogueType.id, pid: catalogueType.pid }).from(catalogueType);
  const found = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const t of all) {
      if (!found.has(t.pid) || found.has(t.id)) continue;
      found.add(t.id);
      grew = true;
    }
  }
  return found;
}

/**
 * Back office of the catalogue's types, notices and favourites (issue 19, on CRUD v2). Every
 * committed write of a type or notice drops the public catalogue cache on every instance.
 */
export function catalogueAdminRoutes(app: FastifyInstance) {
  const changed = () => app.invalidateCatalogue();

  crudRoutes(
    app,
    fromContract(shopTypeCrud, {
      table: catalogueType,
      relationTables: { parent: catalogueType },
      hooks: {
        async beforeSave(data, ctx, existing) {
          const pid = Number(data.pid ?? 0);
          if (existing && pid !== 0 && (await typeAndBelow(ctx, Number(existing.id))).has(pid)) throw fieldError(ctx, 'pid', 'admin.crud.typeCycle');
          return data;
        },
        // A type with items cannot go: the items would lose their shelf and layout.
        async beforeDelete(rows: Row[], ctx) {
          const ids = rows.map((r) => Number(r.id));
          const [{ items } = { items: 0 }] = await ctx.db.select({ items: count() }).from(course).where(inArray(course.typeId, ids));
          if (items > 0) throw new ApiError('admin.crud.typeHasItems');
        },
        afterCommit: changed,
      },
    }),
  );

  crudRoutes(
    app,
    fromContract(shopNoticeCrud, {
      table: notice,
      hooks: {
        beforeSave(data, ctx) {
          const [start, end] = [data.start_time, data.end_time] as (Date | null | undefined)[];
          if (start && end && end <= start) throw fieldError(ctx, 'end_time', 'admin.crud.windowOrder');
          // The storefront shows notices as HTML: the one sanitiser of item descriptions cleans them.
          return { ...data, content_zh: sanitizeDescription(String(data.content_zh ?? '')), content_en: sanitizeDescription(String(data.content_en ?? '')) };
        },
        afterCommit: changed,
      },
    }),
  );

  crudRoutes(app, fromContract(shopCollectCrud, { table: collect, relationTables: { user, course } }));
}
