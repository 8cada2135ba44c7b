/**
 * Storage (decision 024): adapters for the public and private roots (local folders, Qiniu buckets),
 * signed download links, and `GET /download/<token>`. Other modules import only this file.
 *
 * Delivery of a purchase (commerce): after the ownership check,
 *   const { url, expire_time } = await createSignedLink(app, {
 *     memberId, object: { storage, key, name, mime }, disposition: 'attachment' | 'inline', ttlSeconds, lang,
 *   });
 */
import type { FastifyInstance } from 'fastify';
import type { SignedLink, SignedLinkInput } from './signed-link.ts';

export {
  STORAGE_NAMES,
  createStorageSet,
  isPrivateStorage,
  isStorageName,
  keyOfUrl,
  localRoots,
  LocalStorage,
  type Delivery,
  type StorageAdapter,
  type StorageName,
  type StorageSet,
} from './adapter.ts';
export { exists, moveInto, pathInRoot, removeQuietly, tempDir } from './local.ts';
export {
  loadQiniu,
  parseHost,
  privateDownloadUrl,
  readQiniuSettings,
  regionOf,
  statObject,
  type HostAddress,
  type QiniuSettings,
  type StoredObject,
} from './qiniu.ts';
export {
  DEFAULT_TTL_S,
  MAX_TTL_S,
  SIGNED_PREFIX,
  contentDisposition,
  mimeOf,
  verifyLink,
  type Disposition,
  type SignedLink,
  type SignedLinkInput,
  type SignedObject,
} from './signed-link.ts';
export { storagePlugin, type StorageService } from './plugin.ts';
export { downloadRoutes } from './download.ts';

/** A short-lived signed link to one stored object for one member: `{url, expire_time}` (Unix seconds). */
export function createSignedLink(app: FastifyInstance, input: SignedLinkInput): Promise<SignedLink> {
  return app.storage.signedLink(input);
}
