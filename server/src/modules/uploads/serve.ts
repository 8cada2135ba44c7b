import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { localRoots } from '../storage/index.ts';

/** URL prefix of locally stored uploads (the default save-name template starts with /storage/). */
export const STORAGE_PREFIX = '/storage/';

/** Types a browser may show inline; everything else (HTML, SVG, text, archives…) is a download. */
const INLINE = /\.(jpe?g|png|gif|webp|bmp|avif|mp4|webm|mp3|wav|ogg|m4a)$/i;

/**
 * Uploaded public files from DATA_DIR/public/storage with ranges, ETag/Last-Modified and a month of
 * caching (saved names carry a hash or a time, so a path never gets other content). Every answer
 * is sandboxed by CSP, so even a file that slipped through could not run script on our origin.
 */
export async function serveUploads(app: FastifyInstance) {
  // The public root only: the private root (DATA_DIR/private) is outside it and reached only by signed links.
  const root = join(localRoots(app.deps.env.dataDir).local, 'storage');
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: STORAGE_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    acceptRanges: true,
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader('cache-control', 'public, max-age=2592000');
      res.setHeader('content-security-policy', "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'");
      res.setHeader('cross-origin-resource-policy', 'cross-origin');
      if (!INLINE.test(path)) res.setHeader('content-disposition', 'attachment');
    },
  });
}
