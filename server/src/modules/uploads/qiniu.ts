import qiniu from 'qiniu';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { attachment } from './tables.ts';
import type { Uploader } from './service.ts';
import { sql } from 'drizzle-orm';

export interface QiniuSettings {
  accessKey: string;
  secretKey: string;
  bucket: string;
  domain: string;
}

/** Upload tokens live one hour; the client asks again for each upload. */
const TOKEN_TTL_S = 3600;

/** `{token, domain}` for a direct upload to the bucket (official SDK: PutPolicy + Mac). */
export function issueUploadToken(settings: QiniuSettings): { token: string; domain: string } {
  const mac = new qiniu.auth.digest.Mac(settings.accessKey, settings.secretKey);
  const policy = new qiniu.rs.PutPolicy({ scope: settings.bucket, expires: TOKEN_TTL_S });
  return { token: policy.uploadToken(mac), domain: settings.domain };
}

/** Spec §3 upload callback record. */
export const callbackRecord = z.object({
  url: z.string().min(1).max(255),
  name: z.string().max(120).default(''),
  size: z.coerce.number().int().nonnegative(),
  type: z.string().max(100).default(''),
  sha1: z.string().regex(/^[0-9a-f]{40}$/i),
  topic: z.string().regex(/^[A-Za-z0-9_-]{1,20}$/).default('default'),
});

/**
 * Records a direct upload as an attachment (storage 'qiniu'), deduplicated like local uploads.
 * Only paths inside the configured domain are accepted, so the record cannot point elsewhere.
 */
export async function recordCloudUpload(db: Db, settings: QiniuSettings, input: z.infer<typeof callbackRecord>, who: Uploader) {
  const domain = settings.domain.replace(/\/+$/, '');
  const relative = input.url.startsWith(domain) ? input.url.slice(domain.length) : input.url;
  if (!relative.startsWith('/') || relative.startsWith('//') || relative.includes('..')) return undefined;
  const [row] = await db
    .insert(attachment)
    .values({
      topic: input.topic,
      adminId: who.adminId ?? 0,
      userId: who.userId ?? 0,
      url: relative,
      name: input.name,
      size: input.size,
      mimetype: input.type,
      storage: 'qiniu',
      sha1: input.sha1.toLowerCase(),
    })
    .onConflictDoUpdate({
      target: [attachment.sha1, attachment.topic, attachment.storage],
      set: { quote: sql`${attachment.quote} + 1`, lastUploadTime: sql`now()` },
    })
    .returning();
  return row;
}
