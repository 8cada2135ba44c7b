import { inArray, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crudExport } from './tables.ts';

/** Export files (and their rows, so their download links) are kept this long after they were asked for. */
export const EXPORT_KEEP_MS = 24 * 60 * 60 * 1000;
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const PURGE_BATCH = 500;

/**
 * Deletes exports asked for before `now - keepMs`: the file in the private root first, then the
 * row, so a download link of a purged export answers "not found" and never a missing file. Stale
 * queued/running rows of that age (a job that died) go too. Returns how many were purged.
 */
export async function purgeOldExports(app: FastifyInstance, keepMs = EXPORT_KEEP_MS, now = new Date()): Promise<number> {
  const db = app.deps.db;
  const cutoff = new Date(now.getTime() - keepMs);
  let purged = 0;
  for (;;) {
    const rows = await db.select({ id: crudExport.id, fileKey: crudExport.fileKey }).from(crudExport).where(lt(crudExport.createdAt, cutoff)).limit(PURGE_BATCH);
    if (rows.length === 0) return purged;
    for (const row of rows) if (row.fileKey) await app.storage.adapters.local_private.remove(row.fileKey);
    await db.delete(crudExport).where(inArray(crudExport.id, rows.map((r) => r.id)));
    purged += rows.length;
    if (rows.length < PURGE_BATCH) return purged;
  }
}

/** The periodic job on the jobs runner: once an hour across instances. */
export function exportCleanupJob(app: FastifyInstance) {
  app.jobs.every('crud.purgeExports', PURGE_INTERVAL_MS, async () => {
    const purged = await purgeOldExports(app);
    if (purged > 0) app.log.info({ purged }, 'old export files deleted');
  });
}
