import { type Language } from '@framecraft/contracts/constants';
import { CODE, HEADER } from '@framecraft/contracts/constants';
import { resolveLanguage, translate, type MessageKey } from '@framecraft/contracts/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { envelope } from '../shared/envelope.ts';
import { ApiError } from '../shared/errors.ts';

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

/** Fastify's own transport errors → message key and HTTP status (the body is still the envelope). */
function transportError(error: FastifyError, request: FastifyRequest): ApiError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('api.malformedJson', { httpStatus: 400 });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('api.bodyTooLarge', { httpStatus: 413 });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('api.unsupportedMediaType', {
        httpStatus: 415,
        params: { type: request.headers['content-type'] ?? '' },
      });
    case 'FST_ERR_RATE_LIMIT_EXCEEDED':
      return undefined;
  }
  if (error instanceof SyntaxError && error.statusCode === 400) return new ApiError('api.malformedJson', { httpStatus: 400 });
  if (error.statusCode === 413) return new ApiError('api.bodyTooLarge', { httpStatus: 413 });
  if (error.statusCode === 415) return new ApiError('api.unsupportedMediaType', { httpStatus: 415, params: { type: request.headers['content-type'] ?? '' } });
  if (error.statusCode === 400 && error.validation) return new ApiError('api.validationFailed', { httpStatus: 200 });
  return undefined;
}

/** Language, the envelope, and the one error path for every request. */
export const corePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'zh-cn');
  app.decorateRequest('t', function (this: FastifyRequest, key: MessageKey, params?: Record<string, unknown>) {
    return translate(this.lang, key, params);
  });
  app.decorateReply('ok', function <T>(this: FastifyReply, data: T, msgKey?: MessageKey) {
    return this.send(envelope(CODE.success, msgKey ? this.request.t(msgKey) : '', data));
  });

  app.addHook('onRequest', async (request) => {
    request.lang = resolveLanguage(request.headers[HEADER.lang]);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = error instanceof ApiError ? error : transportError(error, request);
    if (known) {
      const msg = known.options.msg ?? request.t(known.msgKey, known.options.params);
      return reply.status(known.options.httpStatus ?? 200).send(envelope(known.code, msg, known.options.data ?? null));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(envelope(CODE.failure, error.message, null));
    }
    // Unknown failure: log with the request id, tell the client nothing about internals.
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    const msgKey: MessageKey = status === 500 ? 'api.internal' : 'api.validationFailed';
    return reply.status(status).send(envelope(CODE.failure, request.t(msgKey), null));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(envelope(CODE.failure, request.t('api.notFound', { url: request.url.split('?')[0] }), null));
  });
});
