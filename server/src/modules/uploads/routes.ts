import multipart from '@fastify/multipart';
import { fullUrl } from '@framecraft/contracts/url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../shared/errors.ts';
import { currentAdmin, currentUser, requireAdmin, requireUser } from '../session/guards.ts';
import { storeUpload, type AttachmentRow, type Uploader, type UploadSettings } from './service.ts';
import { suffixOf } from './allow-list.ts';
import { serveUploads } from './serve.ts';
import { buildSuffixSvg } from './suffix-svg.ts';
import { listAreas } from './area.ts';
import { callbackRecord, issueUploadToken, recordCloudUpload, type QiniuSettings } from './qiniu.ts';
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

/** The answer of an upload (conventions "Uploads"): `{file: {id, url, full_url, …}}`. */
export function fileAnswer(row: AttachmentRow, base: { cdnUrl: string; origin: string }) {
  return {
    id: row.id,
    topic: row.topic,
    url: row.url,
    full_url: fullUrl(row.url, base),
    name: row.name,
    size: row.size,
    mimetype: row.mimetype,
    suffix: suffixOf(row.url),
    sha1: row.sha1,
    width: row.width,
    height: row.height,
    quote: row.quote,
    storage: row.storage,
  };
}

async function handleUpload(app: FastifyInstance, request: FastifyRequest, who: Uploader) {
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
  const row = await storeUpload(app.deps.db, app.deps.env.dataDir, part, topic, settings, who);
  return { file: fileAnswer(row, { cdnUrl: settings.cdnUrl, origin: `${request.protocol}://${request.host}` }) };
}

export async function uploadRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { files: 1, fields: 10, parts: 12 } });
  await app.register(serveUploads);

  app.post('/api/ajax/upload', { preHandler: requireUser }, async (request, reply) => {
    const member = currentUser(request);
    return reply.ok(await handleUpload(app, request, { userId: member.id }), 'upload.successful');
  });

  app.post('/admin/ajax/upload', { preHandler: requireAdmin }, async (request, reply) => {
    const staff = currentAdmin(request);
    return reply.ok(await handleUpload(app, request, { adminId: staff.id }), 'upload.successful');
  });

  for (const [prefix, guard] of [['/api', undefined], ['/admin', requireAdmin]] as const) {
    const preHandler = guard ? [guard] : [];
    app.get(`${prefix}/ajax/buildSuffixSvg`, { preHandler }, async (request, reply) => {
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
      const pick = (v: unknown) => (typeof v === 'string' && /^\d{1,12}$/.test(v) ? v : undefined);
      return reply.ok(await listAreas(app.deps.db, { province: pick(query.province), city: pick(query.city) }));
    });
  }

  const qiniuSettings = async (): Promise<QiniuSettings> => ({
    accessKey: await app.siteConfig.string('qiniuAccessKey'),
    secretKey: await app.siteConfig.string('qiniuSecretKey'),
    bucket: await app.siteConfig.string('qiniuBucket'),
    domain: await app.siteConfig.string('qiniuDomain'),
  });
  for (const [prefix, guard, who] of [
    ['/api', requireUser, (r: FastifyRequest): Uploader => ({ userId: currentUser(r).id })],
    ['/admin', requireAdmin, (r: FastifyRequest): Uploader => ({ adminId: currentAdmin(r).id })],
  ] as const) {
    app.get(`${prefix}/Qiniu/getToken`, { preHandler: guard }, async (_request, reply) => {
      const settings = await qiniuSettings();
      if (!settings.accessKey || !settings.secretKey || !settings.bucket) throw new ApiError('upload.tokenFailed');
      return reply.ok(issueUploadToken(settings));
    });
    // Spec §7: a failed record is only logged; the upload itself already succeeded.
    app.post(`${prefix}/Qiniu/callback`, { preHandler: guard }, async (request, reply) => {
      try {
        const input = validate(callbackRecord, request.body, request.lang);
        const row = await recordCloudUpload(app.deps.db, await qiniuSettings(), input, who(request));
        if (!row) request.log.warn({ url: input.url }, 'qiniu callback outside the domain');
      } catch (error) {
        request.log.warn({ err: error }, 'qiniu callback not recorded');
      }
      return reply.ok(null);
    });
  }
}
