import { CODE, HEADER, type Language } from '@framecraft/contracts/constants';
import { resolveLanguage, translate, type MessageKey } from '@framecraft/contracts/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import { envelope } from '../shared/envelope.ts';
import { ApiError } from '../shared/errors.ts';
import { isMalformedQuery } from './query-string.ts';
import { addSecurityHeaders } from './security-headers.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    t(key: MessageKey, params?: Record<string, unknown>): string;
  }
  interface FastifyReply {
    /** Success envelope; `msgKey` adds a translated message for the client to show. */
    ok<T>(data: T, msgKey?: MessageKey): FastifyReply;
  }
}

/** Echoed client input (URL, content type) is cut so a message stays a message. */
const clip = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** Fastify's body-parsing errors → message key and HTTP status (the body is still the envelope). */
function transportError(error: FastifyError, request: FastifyRequest): ApiError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('api.malformedJson', { httpStatus: 400 });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('api.bodyTooLarge', { httpStatus: 413 });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('api.unsupportedMediaType', {
        httpStatus: 415,
        // The media type alone: parameters such as a multipart boundary are noise to a reader.
        params: { type: clip((request.headers['content-type'] ?? '').split(';')[0]!.trim(), 100) },
      });
  }
  // JSON that parses but is refused, e.g. a `__proto__` key.
  if (error instanceof SyntaxError && error.statusCode === 400) return new ApiError('api.malformedJson', { httpStatus: 400 });
  return undefined;
}

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Language, the envelope, and the one error path for every request. */
export const corePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'zh-cn');
  app.decorateRequest('t', function (this: FastifyRequest, key: MessageKey, params?: Record<string, unknown>) {
    return translate(this.lang, key, params);
  });
  app.decorateReply('ok', function <T>(this: FastifyReply, data: T, msgKey?: MessageKey) {
    return this.send(envelope(CODE.success, msgKey ? this.request.t(msgKey) : '', data));
  });

  // Hooks on every request are callback-style: an async hook costs a promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    request.lang = resolveLanguage(request.headers[HEADER.lang]);
    done();
  });
  // After onRequest, so that a browser navigation with an odd query still gets the app shell.
  app.addHook('preValidation', (request, _reply, done) => {
    done(isMalformedQuery(request.query) ? new ApiError('api.malformedQuery', { httpStatus: 400 }) : undefined);
  });
  app.addHook('onSend', addSecurityHeaders);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = error instanceof ApiError ? error : transportError(error, request);
    if (known) {
      const status = known.options.httpStatus ?? 200;
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      const msg = known.options.msg ?? request.t(known.msgKey, known.options.params);
      return reply.status(status).send(envelope(known.code, msg, known.options.data ?? null));
    }
    // Another client error raised by Fastify or a plugin (e.g. a body shorter than its Content-Length).
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'bad request');
      return reply.status(error.statusCode).send(envelope(CODE.failure, request.t('api.validationFailed'), null));
    }
    // A value the database refused as data (SQLSTATE class 22: out of range, bad text, NUL …) that
    // slipped past the schemas: the caller's input, so an ordinary failure — never a 500.
    if (isDataException(error)) {
      request.log.info({ err: error }, 'bad input refused by the database');
      return reply.status(200).send(envelope(CODE.failure, request.t('validation.invalidValue'), null));
    }
    // Unknown failure: logged with the request id (bound to request.log); the client learns nothing internal.
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(envelope(CODE.failure, request.t('api.internal'), null));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    // GET and HEAD are one route (Fastify adds HEAD beside every GET): a GET or HEAD that arrives here
    // although the other one matches came through a file route's wildcard (`/assets/*`, `/storage/*`)
    // whose file is missing — not found, not a wrong method.
    const sameRoute = (method: HTTPMethods) => (method === 'GET' || method === 'HEAD') && (request.method === 'GET' || request.method === 'HEAD');
    const allowed = METHODS.filter((method) => method !== request.method && !sameRoute(method) && app.findRoute({ method, url: path }));
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send(envelope(CODE.failure, request.t('api.methodNotAllowed'), null));
    }
    // The address as the client sent it (before the renamed back office's rewrite in app.ts).
    const asSent = request.originalUrl.split('?')[0]!;
    return reply.status(404).send(envelope(CODE.failure, request.t('api.notFound', { url: clip(asSent) }), null));
  });
});

/** A PostgreSQL data exception (SQLSTATE class 22), also when wrapped by the driver or ORM. */
function isDataException(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}
