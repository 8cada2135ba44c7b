import { QINIU, type QiniuRegion } from '@framecraft/contracts/constants';

/** The SDK loads with its first use: most shops store locally, and it costs ~4 MB of heap (idle RSS budget). */
export async function loadQiniu() {
  return (await import('qiniu')).default;
}

export interface QiniuSettings {
  accessKey: string;
  secretKey: string;
  /** The public bucket (files anyone may fetch from `domain`). */
  bucket: string;
  domain: string;
  /** The private bucket (paid files, lessons): fetched only through private download URLs. */
  privateBucket: string;
  privateDomain: string;
  /** One of spec §9's regions; z1 unless set. */
  region: string;
  /** Overrides of the region's hosts (`[http[s]://]host[:port]`), for private deployments and tests. */
  upHost: string;
  rsHost: string;
}

/** Reads the Qiniu settings (site settings `qiniu*`). */
export async function readQiniuSettings(siteConfig: { string(name: string): Promise<string> }): Promise<QiniuSettings> {
  const get = (name: string) => siteConfig.string(name);
  return {
    accessKey: await get('qiniuAccessKey'),
    secretKey: await get('qiniuSecretKey'),
    bucket: await get('qiniuBucket'),
    domain: await get('qiniuDomain'),
    privateBucket: await get('qiniuPrivateBucket'),
    privateDomain: await get('qiniuPrivateDomain'),
    region: await get('qiniuRegion'),
    upHost: await get('qiniuUpHost'),
    rsHost: await get('qiniuRsHost'),
  };
}

export interface HostAddress {
  protocol: 'https' | 'http';
  host: string;
}

/** `http://127.0.0.1:9000` → {http, 127.0.0.1:9000}; a bare host means https. */
export function parseHost(value: string): HostAddress | undefined {
  const match = /^(?:(https?):\/\/)?([A-Za-z0-9.-]+(?::\d{1,5})?)\/?$/.exec(value.trim());
  return match ? { protocol: (match[1] as 'http' | 'https' | undefined) ?? 'https', host: match[2]! } : undefined;
}

export const regionOf = (settings: QiniuSettings): QiniuRegion =>
  (QINIU.regions as readonly string[]).includes(settings.region) ? (settings.region as QiniuRegion) : QINIU.region;

async function bucketManager(settings: QiniuSettings) {
  const qiniu = await loadQiniu();
  const mac = new qiniu.auth.digest.Mac(settings.accessKey, settings.secretKey);
  const override = parseHost(settings.rsHost);
  const config = override
    ? new qiniu.conf.Config({ useHttpsDomain: override.protocol === 'https', zone: new qiniu.conf.Zone([], [], '', override.host, '', '') })
    : new qiniu.conf.Config({ useHttpsDomain: true, regionsProvider: qiniu.httpc.Region.fromRegionId(regionOf(settings)) });
  return new qiniu.rs.BucketManager(mac, config);
}

export interface StoredObject {
  fsize: number;
  hash: string;
  mimeType: string;
}

/** `BucketManager.stat` on the region's RS host (or the configured override); the public bucket unless named. */
export async function statObject(settings: QiniuSettings, key: string, bucket = settings.bucket): Promise<StoredObject | undefined> {
  const manager = await bucketManager(settings);
  const { data, resp } = await manager.stat(bucket, key);
  if (resp.statusCode !== 200 || !data) return undefined;
  return { fsize: Number(data.fsize), hash: String(data.hash), mimeType: String(data.mimeType ?? '') };
}

/** The `attname` query Qiniu's download hosts turn into `content-disposition: attachment; filename…`. */
const withAttname = (key: string, attname: string | undefined) => (attname ? `${key}?attname=${encodeURIComponent(attname)}` : key);

/**
 * A private bucket's download URL (official SDK `privateDownloadUrl`, Qiniu's documented scheme:
 * `<domain>/<key>?e=<deadline>&token=<AK>:<urlsafe base64 HMAC-SHA1 of the URL so far>`). The
 * `attname` is part of the signed URL, so it cannot be changed either.
 */
export async function privateDownloadUrl(settings: QiniuSettings, key: string, deadline: number, attname?: string): Promise<string> {
  const manager = await bucketManager(settings);
  return manager.privateDownloadUrl(settings.privateDomain.replace(/\/+$/, ''), withAttname(key, attname), deadline);
}

/** A public bucket's download URL. */
export async function publicDownloadUrl(settings: QiniuSettings, key: string, attname?: string): Promise<string> {
  const manager = await bucketManager(settings);
  return manager.publicDownloadUrl(settings.domain.replace(/\/+$/, ''), withAttname(key, attname));
}
