import { attachmentCrud } from '@framecraft/contracts/crud/routine';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../shared/errors.ts';
import { validate } from '../../shared/validation.ts';
import { adminRoute, adminTable, crudRoutes, fromContract, idsQuery, registerDashboardAttachments, unflattenQuery } from '../admin/index.ts';
import { user } from '../member-access/index.ts';
import { releaseAttachment } from './service.ts';
import { attachment } from './tables.ts';

/** routine/attachment: every stored upload; deleting one removes its row and its local file. */
export function attachmentAdminRoutes(app: FastifyInstance) {
  crudRoutes(app, fromContract(attachmentCrud, { table: attachment, relationTables: { admin: adminTable, user }, hidden: ['sha1'] }));
  registerDashboardAttachments(attachmentFigures);

  adminRoute(app, { method: 'DELETE', path: 'routine/attachment/del', node: 'routine/attachment/del' }, async (request, reply) => {
    const { ids } = validate(idsQuery, unflattenQuery(request.query as Record<string, unknown>), request.lang);
    let count = 0;
    for (const id of ids) if (await releaseAttachment(app.deps.db, app.deps.env.dataDir, id, { force: true })) count += 1;
    if (count === 0) throw new ApiError('admin.crud.noneDeleted');
    return reply.ok({ count }, 'admin.crud.deleted');
  });
}

/** The dashboard's attachment figures: how many, how large, by kind of file. */
async function attachmentFigures(db: Db) {
  const kind = sql<string>`case when ${attachment.mimetype} like 'image/%' then 'image' when ${attachment.mimetype} like 'video/%' then 'video' when ${attachment.mimetype} like 'audio/%' then 'audio' else 'other' end`;
  const rows = await db
    .select({ kind, count: sql<number>`count(*)::int`, size: sql<number>`coalesce(sum(${attachment.size}), 0)::bigint` })
    .from(attachment)
    .groupBy(sql`1`);
  return {
    count: rows.reduce((sum, row) => sum + row.count, 0),
    size: rows.reduce((sum, row) => sum + Number(row.size), 0),
    byKind: Object.fromEntries(rows.map((row) => [row.kind, { count: row.count, size: Number(row.size) }])),
  };
}
