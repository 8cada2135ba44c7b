import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants as zlib } from 'node:zlib';

/** Answers smaller than this go as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * API answers (JSON), the sitemap and the generated SVG art are compressed for clients that accept
 * it — brotli first, then gzip. The built web app's files are precompressed at build time and
 * already carry their encoding (navigation plugin), so they pass through; media, downloads and
 * ranged replies are left alone (their types are not listed, and partial content is never encoded).
 * Brotli runs at quality 4: close to gzip's speed with smaller output; quality 11 would cost
 * ~50 ms of CPU on a 30 KB answer.
 */
async function compression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: /^(application\/json|application\/xml|text\/xml|image\/svg\+xml)\b/,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

export const compressionPlugin = fp(compression, { name: 'compression' });
