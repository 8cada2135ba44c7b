import multipart from '@fastify/multipart';
import { fullUrl } from '@framecraft/contracts/url';
import { UPLOAD_TOPIC_PATTERN } from '@framecraft/contracts/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../shared/errors.ts';
import { currentAdmin, currentUser, requireAdmin, requireUser } from '../session/index.ts';
import { storeUpload, type AttachmentRow, type Uploader, type UploadSettings } from './service.ts';
import { parseList, suffixOf } from './allow-list.ts';
import { serveUploads } from './serve.ts';
import { buildSuffixSvg } from './suffix-svg.ts';
import { listAreas } from './area.ts';
import { bucketOf, callbackRecord, issueUploadToken, keyInDomain, mismatch, recordCloudUpload, statObject, type QiniuSettings } from './qiniu.ts';
import { isPrivateStorage, isStorageName, readQiniuSettings } from '../storage/index.ts';
import { buildSaveName } from './save-name.ts';
import { z } from 'zod';
import { validate } from '../../shared/validation.ts';

async function uploadSettings(app: FastifyInstance): Promise<UploadSettings & { cdnUrl: string }> {
  const site = await app.siteConfig.publicSite();
  return {
    maxSize: site.upload.maxSize,
    saveName: site.upload.saveName,
    suffixes: site.upload.allowedSuffixes,
    mimeTypes: site.upload.allowedMimeTypes,
    cdnUrl: site.cdnUrl,
  };
}

/**
 * The answer of an upload (conventions "Uploads"): `{file: {id, url, full_url, …}}`. A file in a
 * private root (`private: true`) has its key in `url` and no `full_url`: it is reached only through
 * signed links (decision 024).
 */
export function fileAnswer(row: AttachmentRow, base: { cdnUrl: string; origin: string }) {
  const isPrivate = isStorageName(row.storage) && isPrivateStorage(row.storage);
  return {
    id: row.id,
    topic: row.topic,
    url: row.url,
    full_url: isPrivate ? '' : fullUrl(row.url, base),
    name: row.name,
    size: row.size,
    mimetype: row.mimetype,
    suffix: suffixOf(row.url),
    sha1: row.sha1,
    width: row.width,
    height: row.height,
    quote: row.quote,
    storage: row.storage,
    private: isPrivate,
  };
}

/** `private=1` (query or form field) on an admin upload: store in the private root. Members cannot. */
const wantsPrivate = (value: unknown) => value === '1' || value === 'true';

async function handleUpload(app: FastifyInstance, request: FastifyRequest, who: Uploader, allowPrivate = false) {
  const settings = await uploadSettings(app);
  if (!request.isMultipart()) throw new ApiError('upload.incomplete');
  // One extra byte over the limit marks the stream as truncated → 'File size exceeds allowed range'.
  const part = await request.file({ limits: { fileSize: settings.maxSize, files: 1, fields: 10 } });
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw new ApiError('upload.incomplete');
  }
  const fieldTopic = part.fields.topic && 'value' in part.fields.topic ? part.fields.topic.value : undefined;
  const topic = (request.query as Record<string, unknown>).topic ?? fieldTopic;
  const fieldPrivate = part.fields.private && 'value' in part.fields.private ? part.fields.private.value : undefined;
  const isPrivate = allowPrivate && wantsPrivate((request.query as Record<string, unknown>).private ?? fieldPrivate);
  const row = await storeUpload(app.deps.db, app.deps.env.dataDir, part, topic, settings, who, { storages: app.storage.adapters, isPrivate }).catch((err: unknown) => {
    if (err instanceof ApiError && err.msgKey === 'upload.noSpace') request.log.error({ dataDir: app.deps.env.dataDir }, 'upload refused: no space left on the device of DATA_DIR');
    throw err;
  });
  return { file: fileAnswer(row, { cdnUrl: settings.cdnUrl, origin: `${request.protocol}://${request.host}` }) };
}

/** getToken for one file: its name, size and SHA-1 give the object key. */
const tokenQuery = z.object({
  name: z.string().min(1).max(255),
  size: z.coerce.number().int().positive(),
  sha1: z.string().regex(/^[0-9a-f]{40}$/),
  topic: z.string().regex(UPLOAD_TOPIC_PATTERN).default('default'),
});

export async function uploadRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { files: 1, fields: 10, parts: 12 } });
  await app.register(serveUploads);

  app.post('/api/ajax/upload', { preHandler: requireUser }, async (request, reply) => {
    const member = currentUser(request);
    return reply.ok(await handleUpload(app, request, { userId: member.id }), 'upload.successful');
  });

  app.post('/admin/ajax/upload', { preHandler: requireAdmin }, async (request, reply) => {
    const staff = currentAdmin(request);
    return reply.ok(await handleUpload(app, request, { adminId: staff.id }, true), 'upload.successful');
  });

  for (const [prefix, guard] of [['/api', undefined], ['/admin', requireAdmin]] as const) {
    const preHandler = guard ? [guard] : [];
    // An <img> cannot send headers: spec §7 puts batoken in this URL, so the route declares it.
    app.get(`${prefix}/ajax/buildSuffixSvg`, { preHandler, config: { queryToken: true } }, async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const svg = buildSuffixSvg(String(query.suffix ?? 'file'), typeof query.background === 'string' ? query.background : undefined);
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    });
    app.get(`${prefix}/ajax/area`, { preHandler }, async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const pick = (v: unknown) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? v : undefined); // area codes fit an integer column
      return reply.ok(await listAreas(app.deps.db, { province: pick(query.province), city: pick(query.city) }));
    });
  }

  const qiniuSettings = (): Promise<QiniuSettings> => readQiniuSettings(app.siteConfig);
  for (const [prefix, guard, who, allowPrivate] of [
    ['/api', requireUser, (r: FastifyRequest): Uploader => ({ userId: currentUser(r).id }), false],
    ['/admin', requireAdmin, (r: FastifyRequest): Uploader => ({ adminId: currentAdmin(r).id }), true],
  ] as const) {
    app.get(`${prefix}/Qiniu/getToken`, { preHandler: guard }, async (request, reply) => {
      const settings = await qiniuSettings();
      const query = request.query as Record<string, unknown>;
      // Admins may upload paid files to the private bucket (`private=1`, decision 024).
      const isPrivate = allowPrivate && wantsPrivate(query.private);
      if (!settings.accessKey || !settings.secretKey || !bucketOf(settings, isPrivate).bucket) throw new ApiError('upload.tokenFailed');
      if (query.name === undefined) return reply.ok(await issueUploadToken(settings, undefined, isPrivate));
      // For one file: the key comes from the save-name template, the token allows only that key.
      const file = validate(tokenQuery, query, request.lang);
      const upload = await uploadSettings(app);
      const suffix = suffixOf(file.name);
      if (!suffix || !parseList(upload.suffixes).includes(suffix)) throw new ApiError('upload.typeNotAllowed');
      if (file.size > upload.maxSize) throw new ApiError('upload.sizeExceeded');
      const key = buildSaveName({ template: upload.saveName, topic: file.topic, originalName: file.name, suffix, sha1: file.sha1 });
      return reply.ok(await issueUploadToken(settings, { key, maxSize: upload.maxSize }, isPrivate));
    });
    // Spec §7: a failed record is only logged; the upload itself already succeeded.
    app.post(`${prefix}/Qiniu/callback`, { preHandler: guard }, async (request, reply) => {
      try {
        const input = validate(callbackRecord, request.body, request.lang);
        const settings = await qiniuSettings();
        const isPrivate = allowPrivate && wantsPrivate((request.body as Record<string, unknown> | undefined)?.private);
        const key = keyInDomain(settings, input.url, isPrivate);
        if (!key) {
          request.log.warn({ url: input.url }, 'qiniu callback outside the domain');
          return reply.ok(null);
        }
        const stored = await statObject(settings, key, bucketOf(settings, isPrivate).bucket);
        const refused = mismatch(input, stored);
        if (refused) {
          request.log.warn({ url: input.url, reason: refused }, 'qiniu callback not verified');
          return reply.ok(null);
        }
        const row = await recordCloudUpload(app.deps.db, key, input, stored!.mimeType, who(request), isPrivate);
        const base = { cdnUrl: settings.domain, origin: `${request.protocol}://${request.host}` };
        return reply.ok(row ? { file: fileAnswer(row, base) } : null);
      } catch (error) {
        request.log.warn({ err: error }, 'qiniu callback not recorded');
        return reply.ok(null);
      }
    });
  }
}
