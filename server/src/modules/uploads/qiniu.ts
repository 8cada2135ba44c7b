import { QINIU, UPLOAD_TOPIC_PATTERN, type QiniuRegion } from '@framecraft/contracts/constants';
import { loadQiniu, parseHost, regionOf, type HostAddress, type QiniuSettings, type StoredObject } from '../storage/index.ts';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attachment } from './tables.ts';
import type { Uploader } from './service.ts';
import { displayFileName } from './save-name.ts';

export { parseHost, regionOf, statObject, type HostAddress, type QiniuSettings, type StoredObject } from '../storage/index.ts';

/** Upload tokens live one hour; the client asks again for each upload. */
const TOKEN_TTL_S = 3600;

export interface UploadTarget {
  /** The object key (the saved name, no leading slash). */
  key: string;
  maxSize: number;
}

/** The bucket and domain of the public root, or of the private one (admin uploads of paid files, decision 024). */
export const bucketOf = (settings: QiniuSettings, isPrivate: boolean) =>
  isPrivate ? { bucket: settings.privateBucket, domain: settings.privateDomain } : { bucket: settings.bucket, domain: settings.domain };

export interface TokenAnswer {
  token: string;
  domain: string;
  /** Set when the token was issued for one object: the client must upload to this key. */
  key?: string;
  region: QiniuRegion;
  /** The upload hosts to use instead of the region's; empty for the region's own. */
  upHosts: string[];
  protocol: 'https' | 'http';
}

/**
 * `{token, domain}` for a direct upload to the bucket (official SDK: PutPolicy + Mac). With a
 * target the token is limited to that one key (scope `bucket:key`) and the size limit.
 */
export async function issueUploadToken(settings: QiniuSettings, target?: UploadTarget, isPrivate = false): Promise<TokenAnswer> {
  const qiniu = await loadQiniu();
  const { bucket, domain } = bucketOf(settings, isPrivate);
  const mac = new qiniu.auth.digest.Mac(settings.accessKey, settings.secretKey);
  const policy = new qiniu.rs.PutPolicy({
    scope: target ? `${bucket}:${target.key}` : bucket,
    expires: TOKEN_TTL_S,
    ...(target ? { fsizeLimit: target.maxSize } : {}),
  });
  const upHosts = settings.upHost.split(',').map(parseHost).filter((h): h is HostAddress => !!h);
  return {
    token: policy.uploadToken(mac),
    domain,
    ...(target ? { key: target.key } : {}),
    region: regionOf(settings),
    upHosts: upHosts.map((h) => h.host),
    protocol: upHosts[0]?.protocol ?? 'https',
  };
}

/** Spec §3 upload callback record. */
export const callbackRecord = z.object({
  url: z.string().min(1).max(255),
  name: z.string().max(120).default(''),
  size: z.coerce.number().int().nonnegative(),
  type: z.string().max(100).default(''),
  sha1: z.string().regex(/^[0-9a-f]{40}$/i),
  topic: z.string().regex(UPLOAD_TOPIC_PATTERN).default('default'),
});
export type CallbackRecord = z.infer<typeof callbackRecord>;

/** The object key a record's URL names inside the configured domain, or undefined when it is elsewhere. */
export function keyInDomain(settings: QiniuSettings, url: string, isPrivate = false): string | undefined {
  const domain = bucketOf(settings, isPrivate).domain.replace(/\/+$/, '');
  const relative = url.startsWith(domain) ? url.slice(domain.length) : url;
  if (!relative.startsWith('/') || relative.startsWith('//') || relative.includes('..')) return undefined;
  return relative.slice(1);
}

/**
 * Qiniu's etag (qetag) of a file of at most 4 MB: 0x16 then the SHA-1 of the content, URL-safe
 * base64. Larger files hash per 4 MB block, which the file's SHA-1 cannot give.
 */
export function smallFileEtag(sha1: string): string {
  return Buffer.concat([Buffer.from([0x16]), Buffer.from(sha1, 'hex')]).toString('base64url');
}

/** Why a record is refused, or undefined when the bucket holds exactly what the client claims. */
export function mismatch(record: CallbackRecord, stored: StoredObject | undefined): string | undefined {
  if (!stored) return 'object not in the bucket';
  if (stored.fsize !== record.size) return `size ${stored.fsize} in the bucket, ${record.size} claimed`;
  if (record.size <= QINIU.directMaxBytes && stored.hash !== smallFileEtag(record.sha1.toLowerCase())) return 'hash differs from the claimed sha1';
  return undefined;
}

/**
 * Records a direct upload as an attachment (storage 'qiniu'), deduplicated like local uploads.
 * The caller has checked the object in the bucket; its MIME type is taken from there.
 */
export async function recordCloudUpload(db: Db, key: string, input: CallbackRecord, mimeType: string, who: Uploader, isPrivate = false) {
  const [row] = await db
    .insert(attachment)
    .values({
      topic: input.topic,
      adminId: who.adminId ?? 0,
      userId: who.userId ?? 0,
      url: `/${key}`,
      name: displayFileName(input.name),
      size: input.size,
      mimetype: mimeType || input.type,
      storage: isPrivate ? 'qiniu_private' : 'qiniu',
      sha1: input.sha1.toLowerCase(),
    })
    .onConflictDoUpdate({
      target: [attachment.sha1, attachment.topic, attachment.storage],
      set: { quote: sql`${attachment.quote} + 1`, lastUploadTime: sql`now()` },
    })
    .returning();
  return row;
}
