/**
 * Back office of items (`shop/course`, decision 041): the list on the generic CRUD (quick search,
 * filters, sort, paging, export, drag-sort), and the editor's own calls — load, add, edit (version
 * guarded), soft delete — on the same permission nodes.
 */
import { itemAddInput, itemEditInput, itemIdQuery } from '@framecraft/contracts/catalogue-admin';
import { shopCourseCrud } from '@framecraft/contracts/crud/shop';
import { isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { validate } from '../../../shared/validation.ts';
import { adminRoute, crudRoutes, fromContract, idsQuery, unflattenQuery } from '../../admin/index.ts';
import { catalogueType, course } from '../tables.ts';
import { loadEditorItem, saveItem, softDeleteItems } from './editor.ts';

export function catalogueAdminRoutes(app: FastifyInstance) {
  crudRoutes(
    app,
    fromContract(shopCourseCrud, {
      table: course,
      relationTables: { type: catalogueType },
      hidden: ['description_zh', 'description_en', 'search_text', 'gallery'],
      // Soft-deleted items stay for their buyers but leave the back office.
      hooks: { scope: async () => isNull(course.deletedAt) },
    }),
  );

  adminRoute(app, { method: 'GET', path: 'shop/course/edit', node: 'shop/course/edit' }, async (request, reply) => {
    const { id } = validate(itemIdQuery, request.query, request.lang);
    return reply.ok({ row: await loadEditorItem(app.deps.db, id) });
  });
  adminRoute(app, { method: 'POST', path: 'shop/course/add', node: 'shop/course/add' }, async (request, reply) => {
    const input = validate(itemAddInput, request.body, request.lang);
    return reply.ok(await saveItem(app, input, request.lang), 'items.saved');
  });
  adminRoute(app, { method: 'POST', path: 'shop/course/edit', node: 'shop/course/edit' }, async (request, reply) => {
    const input = validate(itemEditInput, request.body, request.lang);
    return reply.ok(await saveItem(app, input, request.lang), 'items.saved');
  });
  adminRoute(app, { method: 'DELETE', path: 'shop/course/del', node: 'shop/course/del' }, async (request, reply) => {
    const { ids } = validate(idsQuery, unflattenQuery(request.query as Record<string, unknown>), request.lang);
    return reply.ok({ count: await softDeleteItems(app, ids) }, 'items.deleted');
  });
}
