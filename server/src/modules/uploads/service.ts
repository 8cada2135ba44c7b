import type { MultipartFile } from '@fastify/multipart';
import { UPLOAD_TOPIC_PATTERN } from '@framecraft/contracts/constants';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../shared/errors.ts';
import { streamCollector } from '../../shared/footprint.ts';
import { isAllowed, suffixOf, type AllowLists } from './allow-list.ts';
import { buildSaveName, displayFileName } from './save-name.ts';
import { keyOfUrl, localRoots, LocalStorage, removeQuietly, tempDir, type StorageSet } from '../storage/index.ts';
import { attachment } from './tables.ts';

export type AttachmentRow = typeof attachment.$inferSelect;

export interface UploadSettings extends AllowLists {
  maxSize: number;
  saveName: string;
}

export interface Uploader {
  adminId?: number;
  userId?: number;
}

const IMAGE = /^image\/(png|jpeg|gif|webp|bmp|tiff|avif)$/;

const typeNotAllowed = () => new ApiError('upload.typeNotAllowed');
const sizeExceeded = () => new ApiError('upload.sizeExceeded');
const incomplete = () => new ApiError('upload.incomplete');

/** Streams the part to a temporary file, hashing as it goes; never holds the whole file in memory. */
async function receive(part: MultipartFile, folder: string): Promise<{ temp: string; sha1: string; size: number }> {
  await mkdir(folder, { recursive: true });
  const temp = join(folder, randomUUID());
  const hash = createHash('sha1');
  let size = 0;
  // The embedded database's server frees the dead chunks every few MB (decision 058).
  const streamed = streamCollector();
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      streamed(chunk.length);
      done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, meter, createWriteStream(temp));
  } catch (error) {
    await removeQuietly(temp);
    // A full disk (or quota) is the operator's problem, not the uploader's: a clean answer, no partial file.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') throw new ApiError('upload.noSpace', { data: { reason: code } });
    throw error;
  }
  if (part.file.truncated) {
    await removeQuietly(temp);
    throw sizeExceeded();
  }
  return { temp, sha1: hash.digest('hex'), size };
}

/**
 * Local upload (spec §5, conventions "Uploads"): checks, then stores once per sha1 + topic +
 * storage. A repeat upload raises `quote` in the same statement (INSERT … ON CONFLICT), so
 * concurrent identical uploads end up as one row and one file.
 */
export async function storeUpload(
  db: Db,
  dataDir: string,
  part: MultipartFile,
  topicInput: unknown,
  settings: UploadSettings,
  who: Uploader,
  target: { storages: StorageSet; isPrivate?: boolean },
): Promise<AttachmentRow> {
  const topic = topicInput === undefined || topicInput === '' ? 'default' : String(topicInput);
  if (!UPLOAD_TOPIC_PATTERN.test(topic)) {
    part.file.resume();
    throw typeNotAllowed();
  }
  const originalName = part.filename ?? '';
  const suffix = suffixOf(originalName);
  if (!originalName) {
    part.file.resume();
    throw incomplete();
  }
  if (!isAllowed(suffix, { ext: suffix, mime: '' }, { suffixes: settings.suffixes, mimeTypes: '' })) {
    part.file.resume();
    throw typeNotAllowed();
  }
  const received = await receive(part, tempDir(dataDir));
  try {
    if (received.size === 0) throw incomplete();
    if (received.size > settings.maxSize) throw sizeExceeded();
    // Sniffing libraries load with the first upload (idle RSS budget).
    const { fileTypeFromFile } = await import('file-type');
    const sniffed = await fileTypeFromFile(received.temp);
    if (!isAllowed(suffix, sniffed, settings)) throw typeNotAllowed();
    const mimetype = sniffed!.mime;
    let width = 0;
    let height = 0;
    if (IMAGE.test(mimetype)) {
      const { imageSizeFromFile } = await import('image-size/fromFile');
      const dims = await imageSizeFromFile(received.temp).catch(() => undefined);
      if (!dims) throw typeNotAllowed();
      width = dims.width ?? 0;
      height = dims.height ?? 0;
    }
    const saveName = buildSaveName({ template: settings.saveName, topic, originalName, suffix, sha1: received.sha1 });
    const root = target.storages[target.isPrivate ? 'local_private' : 'local'];
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(attachment)
        .values({
          topic,
          adminId: who.adminId ?? 0,
          userId: who.userId ?? 0,
          url: `/${saveName}`,
          width,
          height,
          name: displayFileName(originalName),
          size: received.size,
          mimetype,
          storage: root.name,
          sha1: received.sha1,
        })
        .onConflictDoUpdate({
          target: [attachment.sha1, attachment.topic, attachment.storage],
          set: { quote: sql`${attachment.quote} + 1`, lastUploadTime: sql`now()` },
        })
        .returning();
      // First upload, or the stored file went missing: put this copy in place.
      await root.put(keyOfUrl(row!.url), received.temp);
      return row!;
    });
  } finally {
    await removeQuietly(received.temp);
  }
}

/** Attachments, newest upload first, optionally filtered (for the admin list). */
export async function listAttachments(db: Db, filter: { topic?: string; page?: number; limit?: number } = {}) {
  const limit = Math.min(Math.max(filter.limit ?? 10, 1), 100);
  const offset = (Math.max(filter.page ?? 1, 1) - 1) * limit;
  const where = filter.topic ? eq(attachment.topic, filter.topic) : undefined;
  const rows = await db.select().from(attachment).where(where).orderBy(desc(attachment.lastUploadTime)).limit(limit).offset(offset);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(attachment).where(where);
  return { list: rows, total: count?.total ?? 0 };
}

/**
 * Releases one reference; the row and the local file go when nothing references them any more.
 * `force` removes regardless (the admin's delete). Returns whether the file was removed.
 */
export async function releaseAttachment(db: Db, dataDir: string, id: number, options: { force?: boolean } = {}): Promise<boolean> {
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(attachment)
      .set({ quote: sql`${attachment.quote} - 1` })
      .where(eq(attachment.id, id))
      .returning();
    if (!row) return undefined;
    if (row.quote > 0 && !options.force) return undefined;
    await tx.delete(attachment).where(and(eq(attachment.id, id)));
    // Inside the transaction: an identical upload waiting on this row's unique key continues only
    // after the commit, then finds no file and puts its own copy in place.
    if (row.storage === 'local' || row.storage === 'local_private') {
      await new LocalStorage(row.storage, localRoots(dataDir)[row.storage]).remove(keyOfUrl(row.url));
    }
    return row;
  });
  return removed !== undefined;
}

/** Whether `url` is an uploaded image (a member's avatar must be one). */
export async function isUploadedImage(db: Db, url: string): Promise<boolean> {
  const [found] = await db
    .select({ id: attachment.id })
    .from(attachment)
    .where(and(eq(attachment.url, url), like(attachment.mimetype, 'image/%')))
    .limit(1);
  return Boolean(found);
}
