import { resolve } from 'node:path';
import { exists, moveInto, pathInRoot, removeQuietly } from './local.ts';
import { privateDownloadUrl, publicDownloadUrl, statObject, type QiniuSettings } from './qiniu.ts';

/**
 * Where a stored object lives (decision 024): the driver and whether the root is public.
 * The `attachment.storage` column and the catalogue's file/lesson rows hold these names.
 */
export const STORAGE_NAMES = ['local', 'local_private', 'qiniu', 'qiniu_private'] as const;
export type StorageName = (typeof STORAGE_NAMES)[number];
export const isStorageName = (value: unknown): value is StorageName => (STORAGE_NAMES as readonly unknown[]).includes(value);
export const isPrivateStorage = (name: StorageName) => name.endsWith('_private');

/** How a verified signed link hands over the bytes: a local file we stream, or a redirect to the cloud. */
export type Delivery = { kind: 'file'; path: string } | { kind: 'redirect'; url: string };

export interface DeliveryOptions {
  /** The name the browser saves the file under (`attachment`), or undefined to show it inline. */
  attname?: string;
  /** Unix seconds after which a cloud URL stops working. */
  deadline: number;
}

/** One storage root. Keys are the saved names without their leading slash (`storage/topic/…`). */
export interface StorageAdapter {
  readonly name: StorageName;
  readonly isPrivate: boolean;
  /** Puts a finished temporary file at `key` unless a copy is already there (local roots only). */
  put(key: string, tempFile: string): Promise<void>;
  has(key: string): Promise<boolean>;
  /** Removes the object; cloud objects are kept (decision 006: the back office deletes records, not bucket objects). */
  remove(key: string): Promise<void>;
  deliver(key: string, options: DeliveryOptions): Promise<Delivery>;
}

/** Local folder roots: public = DATA_DIR/public (served by `/storage/*`), private = DATA_DIR/private (never served). */
export const localRoots = (dataDir: string) => ({ local: resolve(dataDir, 'public'), local_private: resolve(dataDir, 'private') });

export class LocalStorage implements StorageAdapter {
  readonly isPrivate: boolean;
  constructor(
    readonly name: 'local' | 'local_private',
    readonly root: string,
  ) {
    this.isPrivate = name === 'local_private';
  }
  /** The absolute file of a key; throws for anything that would leave the root. */
  path(key: string): string {
    return pathInRoot(this.root, key);
  }
  async put(key: string, tempFile: string) {
    const target = this.path(key);
    if (!(await exists(target))) await moveInto(tempFile, target);
  }
  has(key: string) {
    return exists(this.path(key));
  }
  async remove(key: string) {
    await removeQuietly(this.path(key));
  }
  async deliver(key: string): Promise<Delivery> {
    return { kind: 'file', path: this.path(key) };
  }
}

export class QiniuStorage implements StorageAdapter {
  readonly isPrivate: boolean;
  constructor(
    readonly name: 'qiniu' | 'qiniu_private',
    private readonly settings: () => Promise<QiniuSettings>,
  ) {
    this.isPrivate = name === 'qiniu_private';
  }
  put(): Promise<void> {
    // Browsers upload straight to the bucket with a token (decision 013); the server never holds the bytes.
    return Promise.reject(new Error('Qiniu objects are uploaded by the browser'));
  }
  async has(key: string) {
    const settings = await this.settings();
    return (await statObject(settings, key, this.isPrivate ? settings.privateBucket : settings.bucket)) !== undefined;
  }
  async remove() {}
  async deliver(key: string, options: DeliveryOptions): Promise<Delivery> {
    const settings = await this.settings();
    const url = this.isPrivate
      ? await privateDownloadUrl(settings, key, options.deadline, options.attname)
      : await publicDownloadUrl(settings, key, options.attname);
    return { kind: 'redirect', url };
  }
}

export type StorageSet = Record<StorageName, StorageAdapter>;

/** The four roots of one app. */
export function createStorageSet(dataDir: string, qiniuSettings: () => Promise<QiniuSettings>): StorageSet {
  const roots = localRoots(dataDir);
  return {
    local: new LocalStorage('local', roots.local),
    local_private: new LocalStorage('local_private', roots.local_private),
    qiniu: new QiniuStorage('qiniu', qiniuSettings),
    qiniu_private: new QiniuStorage('qiniu_private', qiniuSettings),
  };
}

/** `/storage/a/b.zip` or `storage/a/b.zip` → the key `storage/a/b.zip`. */
export const keyOfUrl = (url: string) => url.replace(/^\/+/, '');
