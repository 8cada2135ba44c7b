/**
 * The uploads an item save names (lesson videos, lesson attachments, item files), checked before
 * the save's transaction: each must exist and live in a private root, and a lesson video must be
 * an MP4/MOV whose duration is then read from the file (no file reading inside the transaction).
 */
import { LESSON_VIDEO_MIMES, type ItemSave } from '@framecraft/contracts/catalogue-admin';
import type { Language } from '@framecraft/contracts/constants';
import { translate, type MessageKey } from '@framecraft/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../shared/errors.ts';
import { isPrivateStorage, isStorageName, keyOfUrl } from '../../storage/index.ts';
import { attachmentsByIds, type AttachmentRow } from '../../uploads/index.ts';
import { videoDurationSeconds } from './video-duration.ts';

/** One field's message in the validation envelope (`data.errors`), like `validate()` answers. */
export function fieldError(lang: Language, path: string, key: MessageKey): ApiError {
  const msg = translate(lang, key);
  return new ApiError('api.validationFailed', { data: { errors: { [path]: msg } }, msg });
}

export interface StoredObject {
  storage: string;
  objectKey: string;
  size: number;
  format: string;
}
export interface ResolvedUploads {
  objects: Map<number, StoredObject>;
  /** Seconds per lesson video attachment id. */
  durations: Map<number, number>;
}

const formatOf = (row: AttachmentRow) => /\.([a-z0-9]{1,10})$/i.exec(row.url)?.[1]?.toLowerCase() ?? '';

export async function resolveUploads(app: FastifyInstance, input: ItemSave, lang: Language): Promise<ResolvedUploads> {
  const wanted: { id: number; path: string; video: boolean }[] = [];
  input.files.forEach((f, i) => f.attachment_id && wanted.push({ id: f.attachment_id, path: `files.${i}.attachment_id`, video: false }));
  input.chapters.forEach((c, ci) =>
    c.lessons.forEach((l, li) => {
      const at = `chapters.${ci}.lessons.${li}`;
      if (l.video_attachment_id) wanted.push({ id: l.video_attachment_id, path: `${at}.video_attachment_id`, video: true });
      l.attachments.forEach((a, ai) => a.attachment_id && wanted.push({ id: a.attachment_id, path: `${at}.attachments.${ai}.attachment_id`, video: false }));
    }),
  );
  const rows = await attachmentsByIds(app.deps.db, wanted.map((w) => w.id));
  const objects = new Map<number, StoredObject>();
  const durations = new Map<number, number>();
  for (const w of wanted) {
    const row = rows.get(w.id);
    if (!row) throw fieldError(lang, w.path, 'items.attachmentMissing');
    if (!isStorageName(row.storage) || !isPrivateStorage(row.storage)) throw fieldError(lang, w.path, 'items.notPrivate');
    if (w.video && !(LESSON_VIDEO_MIMES as readonly string[]).includes(row.mimetype)) throw fieldError(lang, w.path, 'items.lessonVideoType');
    const objectKey = keyOfUrl(row.url);
    objects.set(w.id, { storage: row.storage, objectKey, size: row.size, format: formatOf(row) });
    if (w.video && !durations.has(w.id)) durations.set(w.id, await durationOf(app, row.storage, objectKey));
  }
  return { objects, durations };
}

/** A local file's duration; a cloud object (reached only over the network) counts 0 here. */
async function durationOf(app: FastifyInstance, storage: string, key: string): Promise<number> {
  if (!isStorageName(storage)) return 0;
  const delivery = await app.storage.adapters[storage].deliver(key, { deadline: Math.floor(Date.now() / 1000) + 60 }).catch(() => undefined);
  if (delivery?.kind !== 'file') return 0;
  return videoDurationSeconds(delivery.path).catch(() => 0);
}
