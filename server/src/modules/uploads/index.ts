/** Public API of uploads (attachments, Qiniu tokens, areas): other modules import only this. */
export { uploadRoutes } from './routes.ts';
export { isUploadedImage, releaseAttachment } from './service.ts';
export { seedAreas } from './area.ts';
export { attachmentAdminRoutes } from './admin-routes.ts';
export { attachment } from './tables.ts';
/** Public API of uploads: other modules import only this. */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AttachmentRow } from './service.ts';
import { attachment } from './tables.ts';

export type { AttachmentRow } from './service.ts';

/** Stored uploads by id (e.g. the files an editor form names), as a map. */
export async function attachmentsByIds(db: Db, ids: readonly number[]): Promise<Map<number, AttachmentRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(attachment).where(inArray(attachment.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}
