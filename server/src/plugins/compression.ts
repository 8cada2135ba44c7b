import { negotiate } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** Answers smaller than this go as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

export type AnswerEncoding = 'br' | 'gzip';

/** The encodings the server offers, preferred first when the client likes both as much (decision 053). */
const ENCODINGS: readonly AnswerEncoding[] = ['gzip', 'br'];

/**
 * The encoding an answer goes out in for these request headers, negotiated as the plugin does it
 * (its own negotiator; `*` and `x-gzip` count as gzip): the offered encoding with the client's
 * highest q-value, gzip on a tie; none for a client that accepts neither or asks for no compression.
 */
export function answerEncoding(headers: Record<string, string | string[] | undefined>): AnswerEncoding | undefined {
  const accepted = headers['accept-encoding'];
  if (typeof accepted !== 'string' || headers['x-no-compression'] !== undefined) return undefined;
  return negotiate(accepted.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...ENCODINGS]) ?? undefined;
}

/** An answer's JSON text kept beyond one request, with its compressed envelopes (one per encoding, remade each second). */
export interface ReusableAnswer {
  json: string;
  encoded: Partial<Record<AnswerEncoding, { time: number; bytes: Buffer }>>;
}

/** An answer compressed as the plugin would: for callers that keep compressed copies (cached answers). */
export function compressAnswer(encoding: AnswerEncoding, body: string): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) } })
    : gzipSync(body, { level: GZIP_LEVEL });
}

/**
 * API answers (JSON), the sitemap and the generated SVG art are compressed for clients that accept
 * it — gzip first, brotli for a client that prefers it (a higher q-value): made per request, a
 * gzip answer (level 6) is within 1–2 % of brotli's size (quality 4; quality 11 would cost ~50 ms
 * on a 30 KB answer) for JSON of a few KB, at a third less CPU (decision 053). The built web app's
 * files are precompressed at build time and already carry their encoding (navigation plugin), so
 * they pass through; media, downloads and ranged replies are left alone (their types are not
 * listed, and partial content is never encoded). Answers up to 64 KB are compressed in one call rather than
 * through a zlib stream: on a server with a core or two there is no spare core for the stream to
 * overlap with, and its set-up cost more than the compression of a 25 KB home answer (decision 053).
 */
async function compression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: [...ENCODINGS],
    customTypes: /^(application\/json|application\/xml|text\/xml|image\/svg\+xml)\b/,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
    syncThreshold: 65_536,
  });
}

export const compressionPlugin = fp(compression, { name: 'compression' });
