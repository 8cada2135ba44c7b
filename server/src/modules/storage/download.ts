import { CODE, HEADER, type Language } from '@framecraft/contracts/constants';
import { resolveLanguage, translate, type MessageKey } from '@framecraft/contracts/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { envelope } from '../../shared/envelope.ts';
import { presentedToken } from '../session/index.ts';
import { ACCESS_TYPE } from '../session/index.ts';
import { SIGNED_PREFIX, contentDisposition, verifyLink, type VerifiedLink } from './signed-link.ts';

/** Same sandbox as `/storage/*`: even a file that could run script cannot do so on our origin. */
const SANDBOX = "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";
/** Only media may be shown inline; anything else is a download whatever the link asked. */
const INLINE_MIME = /^(video|audio|image)\/[a-z0-9.+-]+$/i;

/** One `bytes=a-b` / `bytes=a-` / `bytes=-n` range within `size`; 'unsatisfiable'; undefined = whole file. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges or another unit: the whole file (RFC 9110 lets a server ignore Range).
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

type Failure = { status: number; key: MessageKey; lang: Language };

/**
 * Error answers: the envelope for the app's own calls (`server` header), otherwise a short plain
 * text in the link's language — what a new tab shows; a player only sees the status.
 */
function fail(request: FastifyRequest, reply: FastifyReply, failure: Failure) {
  const msg = translate(failure.lang, failure.key);
  reply.status(failure.status).header('cache-control', 'no-store');
  if (request.headers[HEADER.server] !== undefined) return reply.send(envelope(CODE.failure, msg, null));
  return reply.type('text/plain; charset=utf-8').header('content-security-policy', SANDBOX).send(msg);
}

/** The language of an unreadable link: the app header, else the browser's. */
const requestLang = (request: FastifyRequest) => (request.headers[HEADER.lang] ? request.lang : resolveLanguage(request.headers['accept-language']));

/**
 * `GET /download/<token>` (decision 024): signature, expiry, then the member. The link itself is
 * the proof (a `<video>` or a new tab sends no token header); when the request does carry a
 * member token, it must be the member the link was signed for.
 */
export async function downloadRoutes(app: FastifyInstance) {
  // A wildcard: tokens are longer than Fastify's limit for a path parameter (100 characters).
  app.get(`${SIGNED_PREFIX}*`, async (request, reply) => {
    const token = (request.params as { '*': string })['*'];
    const checked = await verifyLink(app.storage.keys, token);
    if (!checked.ok) {
      if (checked.reason === 'expired') return fail(request, reply, { status: 410, key: 'storage.linkExpired', lang: checked.lang });
      return fail(request, reply, { status: 403, key: 'storage.linkInvalid', lang: requestLang(request) });
    }
    const link = checked.link;
    const presented = presentedToken(request, 'user');
    if (presented && link.memberId !== 0) {
      const found = await app.tokens.resolve(ACCESS_TYPE.user, presented);
      if (found.state === 'valid' && found.ownerId !== link.memberId) {
        return fail(request, reply, { status: 403, key: 'storage.linkOtherMember', lang: link.lang });
      }
    }
    return deliver(app, request, reply, link);
  });
}

async function deliver(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, link: VerifiedLink) {
  const { object } = link;
  const disposition = link.disposition === 'inline' && INLINE_MIME.test(object.mime) ? 'inline' : 'attachment';
  const missing = () => fail(request, reply, { status: 404, key: 'storage.fileMissing', lang: link.lang });
  let delivery;
  try {
    delivery = await app.storage.adapters[object.storage].deliver(object.key, {
      attname: disposition === 'attachment' ? object.name : undefined,
      deadline: link.expireTime,
    });
  } catch (err) {
    request.log.warn({ err, storage: object.storage }, 'signed link not deliverable');
    return missing();
  }
  if (delivery.kind === 'redirect') {
    return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(delivery.url, 302);
  }
  const info = await stat(delivery.path).catch(() => undefined);
  if (!info?.isFile()) return missing();
  const size = info.size;
  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    return fail(request, reply, { status: 416, key: 'storage.rangeNotSatisfiable', lang: link.lang });
  }
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, no-store')
    .header('content-type', object.mime)
    .header('content-disposition', contentDisposition(disposition, object.name))
    .header('content-security-policy', SANDBOX)
    .header('last-modified', info.mtime.toUTCString());
  if (!range) {
    reply.header('content-length', size);
    return reply.send(request.method === 'HEAD' ? undefined : createReadStream(delivery.path));
  }
  reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1);
  return reply.send(request.method === 'HEAD' ? undefined : createReadStream(delivery.path, { start: range.start, end: range.end }));
}
