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
}
