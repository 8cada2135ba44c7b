import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Qiniu Kodo speaking its documented wire format: form upload (`POST /`,
 * multipart with `token`), resumable upload v2 (`POST /buckets/{bucket}/objects/{key}/uploads`,
 * `PUT …/uploads/{uploadId}/{partNumber}`, `POST …/uploads/{uploadId}`) and the RS `stat`
 * (`GET /stat/{encodedEntry}`). Upload tokens and RS management signatures are checked with the
 * secret key, objects get Qiniu's etag (qetag). Several ports share one store, so tests can make
 * one "host" fail while another works.
 */

const BLOCK = 4 * 1024 * 1024;

export interface StoredObject {
  bucket: string;
  key: string;
  data: Buffer;
  mimeType: string;
  hash: string;
}

export interface LoggedRequest {
  host: number;
  method: string;
  path: string;
  status: number;
}

interface MultipartUpload {
  bucket: string;
  key: string;
  parts: Map<number, { data: Buffer; etag: string }>;
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const fromB64url = (s: string) => Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString();
const sha1 = (b: Buffer) => createHash('sha1').update(b).digest();

/** Qiniu's etag: one 4 MB block → 0x16 + sha1; more → 0x96 + sha1 of the blocks' sha1s. */
export function qetag(data: Buffer): string {
  if (data.length <= BLOCK) return b64url(Buffer.concat([Buffer.from([0x16]), sha1(data)]));
  const blocks: Buffer[] = [];
  for (let at = 0; at < data.length; at += BLOCK) blocks.push(sha1(data.subarray(at, at + BLOCK)));
  return b64url(Buffer.concat([Buffer.from([0x96]), sha1(Buffer.concat(blocks))]));
}

/** Compares signatures; Qiniu's SDKs keep base64 padding, Node's base64url drops it. */
const sameText = (a: string, b: string) => {
  const [x, y] = [a.replace(/=+$/, ''), b.replace(/=+$/, '')];
  return x.length === y.length && timingSafeEqual(Buffer.from(x), Buffer.from(y));
};

export class FakeQiniu {
  readonly objects = new Map<string, StoredObject>();
  /** Buckets whose objects are served only through private download URLs. */
  readonly privateBuckets = new Set<string>();
  readonly uploads = new Map<string, MultipartUpload>();
  readonly log: LoggedRequest[] = [];
  /** Per host index: statuses to answer with before serving normally ('always' keeps failing). */
  readonly faults = new Map<number, { status: number; remaining: number | 'always' }>();
  /** Part PUTs wait this long (ms) — lets a test interrupt a multipart upload midway. */
  partDelayMs = 0;
  private servers: Server[] = [];

  constructor(
    readonly accessKey: string,
    readonly secretKey: string,
  ) {}

  /** Starts `count` hosts on free local ports; answers their `http://127.0.0.1:port` URLs. */
  async start(count = 2): Promise<string[]> {
    for (let index = 0; index < count; index++) {
      const server = createServer((req, res) => void this.handle(index, req, res));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      this.servers.push(server);
    }
    return this.urls;
  }

  get urls(): string[] {
    return this.servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`);
  }

  async stop(): Promise<void> {
    await Promise.all(this.servers.map((s) => new Promise((resolve) => s.close(resolve))));
    this.servers = [];
  }

  fail(host: number, status: number, remaining: number | 'always' = 1) {
    this.faults.set(host, { status, remaining });
  }

  /** Forgets every multipart upload in progress (as Qiniu does when an uploadId expires → 612). */
  expireUploads() {
    this.uploads.clear();
  }

  requests(filter: Partial<LoggedRequest> & { pathIncludes?: string } = {}): LoggedRequest[] {
    return this.log.filter(
      (r) =>
        (filter.host === undefined || r.host === filter.host) &&
        (filter.method === undefined || r.method === filter.method) &&
        (filter.status === undefined || r.status === filter.status) &&
        (filter.pathIncludes === undefined || r.path.includes(filter.pathIncludes)),
    );
  }

  /** Checks an upload token (`ak:sign:encodedPolicy`) and answers its policy, or an error text. */
  verifyUploadToken(token: string): { scope: string; deadline: number; fsizeLimit?: number } | string {
    const [ak, sign, encoded] = token.split(':');
    if (!ak || !sign || !encoded || ak !== this.accessKey) return 'bad token';
    if (!sameText(sign, b64url(createHmac('sha1', this.secretKey).update(encoded).digest()))) return 'bad token';
    const policy = JSON.parse(fromB64url(encoded)) as { scope: string; deadline: number; fsizeLimit?: number };
    if (policy.deadline < Date.now() / 1000) return 'expired token';
    return policy;
  }

  private allows(policy: { scope: string }, bucket: string, key: string): boolean {
    const [scopeBucket, ...rest] = policy.scope.split(':');
    return scopeBucket === bucket && (rest.length === 0 || rest.join(':') === key);
  }

  private async handle(host: number, req: IncomingMessage, res: ServerResponse) {
    const path = req.url ?? '/';
    const answer = (status: number, body: unknown) => {
      this.log.push({ host, method: req.method ?? '', path, status });
      res.writeHead(status, { 'content-type': 'application/json', 'x-reqid': randomUUID() });
      res.end(JSON.stringify(body));
    };
    // Browsers upload cross-origin, as they do to Qiniu's hosts.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-expose-headers', 'x-reqid');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, PUT, DELETE',
        'access-control-allow-headers': 'authorization, content-type, content-md5',
        'access-control-max-age': '600',
      });
      return res.end();
    }
    const body = await readBody(req);
    const fault = this.faults.get(host);
    if (fault && fault.remaining !== 0) {
      if (fault.remaining !== 'always') fault.remaining--;
      return answer(fault.status, { error: 'service unavailable' });
    }
    try {
      const url = new URL(path, 'http://fake');
      const parts = url.pathname.split('/').filter(Boolean);
      if (req.method === 'POST' && url.pathname === '/') return answer(...(await this.formUpload(req, body)));
      if (req.method === 'GET' && parts[0] === 'stat' && parts.length === 2) return answer(...this.stat(req, parts[1]!));
      if (parts[0] === 'buckets' && parts[2] === 'objects' && parts[4] === 'uploads') {
        const policy = this.verifyUploadToken((req.headers.authorization ?? '').replace(/^UpToken /, ''));
        if (typeof policy === 'string') return answer(401, { error: policy });
        const bucket = parts[1]!;
        const key = parts[3] === '~' ? '' : fromB64url(parts[3]!);
        if (!this.allows(policy, bucket, key)) return answer(403, { error: 'key doesn\'t match with scope' });
        if (req.method === 'POST' && parts.length === 5) return answer(...this.initParts(bucket, key));
        if (req.method === 'PUT' && parts.length === 7) return answer(...(await this.putPart(req, parts[5]!, Number(parts[6]), body)));
        if (req.method === 'POST' && parts.length === 6) return answer(...this.complete(parts[5]!, body, policy.fsizeLimit));
      }
      if (req.method === 'GET') return this.download(host, req, res, decodeURIComponent(url.pathname.slice(1)));
      return answer(404, { error: 'not found' });
    } catch (error) {
      return answer(400, { error: error instanceof Error ? error.message : 'bad request' });
    }
  }

  private async formUpload(req: IncomingMessage, body: Buffer): Promise<[number, unknown]> {
    const form = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: new Uint8Array(body) }).formData();
    const policy = this.verifyUploadToken(String(form.get('token') ?? ''));
    if (typeof policy === 'string') return [401, { error: policy }];
    const file = form.get('file');
    if (!(file instanceof Blob)) return [400, { error: 'file is required' }];
    const bucket = policy.scope.split(':')[0]!;
    const key = String(form.get('key') ?? '');
    if (!this.allows(policy, bucket, key)) return [403, { error: 'key doesn\'t match with scope' }];
    const data = Buffer.from(await file.arrayBuffer());
    if (policy.fsizeLimit !== undefined && data.length > policy.fsizeLimit) return [413, { error: 'file too large' }];
    const crc = form.get('crc32');
    if (crc !== null && Number(crc) !== crc32(data)) return [406, { error: 'crc32 not match' }];
    return [200, this.store(bucket, key, data, file.type || 'application/octet-stream')];
  }

  private initParts(bucket: string, key: string): [number, unknown] {
    const uploadId = randomUUID().replace(/-/g, '');
    this.uploads.set(uploadId, { bucket, key, parts: new Map() });
    return [200, { uploadId, expireAt: Math.floor(Date.now() / 1000) + 7 * 86400 }];
  }

  private async putPart(req: IncomingMessage, uploadId: string, partNumber: number, data: Buffer): Promise<[number, unknown]> {
    if (this.partDelayMs) await new Promise((r) => setTimeout(r, this.partDelayMs));
    const upload = this.uploads.get(uploadId);
    if (!upload) return [612, { error: 'no such uploadId' }];
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) return [400, { error: 'invalid partNumber' }];
    const md5 = createHash('md5').update(data).digest('hex');
    const claimed = req.headers['content-md5'];
    if (claimed && claimed !== md5) return [400, { error: 'md5 not match' }];
    const etag = qetag(data);
    upload.parts.set(partNumber, { data, etag });
    return [200, { etag, md5 }];
  }

  private complete(uploadId: string, body: Buffer, fsizeLimit?: number): [number, unknown] {
    const upload = this.uploads.get(uploadId);
    if (!upload) return [612, { error: 'no such uploadId' }];
    const request = JSON.parse(body.toString()) as { parts: { etag: string; partNumber: number }[]; mimeType?: string; customVars?: Record<string, string> };
    const chunks: Buffer[] = [];
    for (const { etag, partNumber } of request.parts) {
      const part = upload.parts.get(partNumber);
      if (!part || part.etag !== etag) return [400, { error: `part ${partNumber} etag not match` }];
      chunks.push(part.data);
    }
    const data = Buffer.concat(chunks);
    if (fsizeLimit !== undefined && data.length > fsizeLimit) return [413, { error: 'file too large' }];
    this.uploads.delete(uploadId);
    return [200, { ...this.store(upload.bucket, upload.key, data, request.mimeType ?? 'application/octet-stream'), ...request.customVars }];
  }

  private store(bucket: string, key: string, data: Buffer, mimeType: string) {
    const hash = qetag(data);
    this.objects.set(`${bucket}:${key}`, { bucket, key, data, mimeType, hash });
    return { hash, key };
  }

  /** The bucket's public download domain: `GET /{key}`. */
  /**
   * A download host. Objects of `privateBuckets` need Qiniu's private download URL: `e` (deadline,
   * Unix seconds, not passed) and `token` = `AK:` + URL-safe base64 HMAC-SHA1 of the whole URL before
   * `&token=`; `attname` becomes `content-disposition: attachment`.
   */
  private download(host: number, req: IncomingMessage, res: ServerResponse, key: string) {
    const object = [...this.objects.values()].find((o) => o.key === key);
    const path = req.url ?? '';
    let status = object ? 200 : 404;
    if (object && this.privateBuckets.has(object.bucket)) {
      const at = path.lastIndexOf('&token=');
      const signed = `http://${req.headers.host}${path.slice(0, at)}`;
      const [ak, sign] = (at < 0 ? '' : decodeURIComponent(path.slice(at + 7))).split(':');
      const deadline = Number(new URL(signed).searchParams.get('e'));
      const valid = ak === this.accessKey && !!sign && sameText(sign, b64url(createHmac('sha1', this.secretKey).update(signed).digest()));
      if (!valid) status = 401;
      else if (!(deadline > Date.now() / 1000)) status = 403;
    }
    this.log.push({ host, method: 'GET', path, status });
    if (status !== 200) return res.writeHead(status).end();
    const attname = new URL(path, 'http://fake').searchParams.get('attname');
    res.writeHead(200, {
      'content-type': object!.mimeType,
      'content-length': object!.data.length,
      etag: `"${object!.hash}"`,
      ...(attname ? { 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(attname)}` } : {}),
    });
    res.end(object!.data);
  }

  /** RS stat: `Authorization: Qiniu ak:sign` over method, path, Host, Content-Type, X-Qiniu-* headers. */
  private stat(req: IncomingMessage, encodedEntry: string): [number, unknown] {
    if (!this.verifyManagement(req)) return [401, { error: 'bad token' }];
    const [bucket, ...key] = fromB64url(encodedEntry).split(':');
    const object = this.objects.get(`${bucket}:${key.join(':')}`);
    if (!object) return [612, { error: 'no such file or directory' }];
    return [200, { fsize: object.data.length, hash: object.hash, mimeType: object.mimeType, putTime: Date.now() * 10_000, type: 0 }];
  }

  private verifyManagement(req: IncomingMessage): boolean {
    const [scheme, credential] = (req.headers.authorization ?? '').split(' ');
    const [ak, sign] = (credential ?? '').split(':');
    if (scheme !== 'Qiniu' || ak !== this.accessKey || !sign) return false;
    const host = req.headers.host ?? '';
    const dateHeaders = Object.entries(req.headers)
      .filter(([name]) => name.startsWith('x-qiniu-') && name.length > 8)
      .map(([name, value]) => `${canonicalHeader(name)}: ${String(value)}`)
      .sort()
      .join('\n');
    const contentType = req.headers['content-type'] ?? 'application/x-www-form-urlencoded';
    // The Node SDK writes the port twice in the Host line (host already carries it); accept both.
    const port = host.split(':')[1];
    const hosts = port ? [host, `${host}:${port}`] : [host];
    return hosts.some((h) => {
      const signed = `${req.method} ${req.url}\nHost: ${h}\nContent-Type: ${contentType}${dateHeaders ? `\n${dateHeaders}` : ''}\n\n`;
      return sameText(sign, b64url(createHmac('sha1', this.secretKey).update(signed).digest()));
    });
  }
}

const canonicalHeader = (name: string) => name.split('-').map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('-');

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 as the form upload's `crc32` field carries it (and as PNG chunks use it). */
export function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

